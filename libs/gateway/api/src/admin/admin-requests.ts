import type { CreateCategoryMappingRequest } from '@hintakori/catalog-contracts';
import { BadRequestException } from '@nestjs/common';
import { PASSWORD_MAX_LENGTH } from './password';

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const MAX_EXTERNAL_TYPE_LENGTH = 100;
export const MAX_EXTERNAL_ID_LENGTH = 500;

function objectBody(body: unknown, allowed: string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequestException('The request body must be a JSON object');
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw new BadRequestException(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}`);
  return body as Record<string, unknown>;
}

function text(body: Record<string, unknown>, name: string, maxLength: number): string {
  const value = body[name];
  if (value === undefined || value === null) throw new BadRequestException(`${name} is required`);
  if (typeof value !== 'string') throw new BadRequestException(`${name} must be a string`);
  if (value.trim() === '') throw new BadRequestException(`${name} must not be empty`);
  if (value.length > maxLength) throw new BadRequestException(`${name} must be at most ${maxLength} characters, got ${value.length}`);
  if (CONTROL_CHARACTERS.test(value)) throw new BadRequestException(`${name} must not contain control characters`);
  return value;
}

/** `POST /api/admin/session` body. */
export function parseLoginBody(body: unknown): { username: string; password: string } {
  const fields = objectBody(body, ['username', 'password']);
  const username = text(fields, 'username', 64);
  const password = fields.password;
  if (password === undefined || password === null || password === '') throw new BadRequestException('password is required');
  if (typeof password !== 'string') throw new BadRequestException('password must be a string');
  if (password.length > PASSWORD_MAX_LENGTH) throw new BadRequestException(`password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  return { username, password };
}

/** `POST /api/admin/category-mappings` body (spec §7): categoryId, externalType, externalId. */
export function parseCreateMappingBody(body: unknown): CreateCategoryMappingRequest {
  const fields = objectBody(body, ['categoryId', 'externalType', 'externalId']);
  const categoryId = fields.categoryId;
  if (categoryId === undefined || categoryId === null) throw new BadRequestException('categoryId is required');
  if (typeof categoryId !== 'number' || !Number.isInteger(categoryId) || categoryId < 1 || categoryId > 2_147_483_647) {
    throw new BadRequestException(`categoryId must be a positive integer, got ${JSON.stringify(categoryId).slice(0, 40)}`);
  }
  return {
    categoryId,
    externalType: text(fields, 'externalType', MAX_EXTERNAL_TYPE_LENGTH),
    externalId: text(fields, 'externalId', MAX_EXTERNAL_ID_LENGTH),
  };
}
