import { BadRequestException } from '@nestjs/common';

/**
 * Defensive checks of message payloads. The gateway validates HTTP input, but a handler must answer
 * odd input with a 400 naming the field, never crash into a 500.
 */
export const MAX_STORE_IDS = 100;
export const MAX_ITEM_IDS = 1000;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_LIMIT = 500;
export const DEFAULT_LIMIT = 50;
export const MAX_OFFSET = 100_000;
export const MAX_SLUG_PATH = 5;
const MAX_INT4 = 2_147_483_647;

export type Payload = Record<string, unknown>;

export function requirePayload(data: unknown): Payload {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new BadRequestException('The request body must be an object');
  return data as Payload;
}

function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_INT4;
}

export function parseId(value: unknown, field: string): number {
  if (!isPositiveInt(value)) throw new BadRequestException(`${field} must be a positive integer`);
  return value;
}

/** A list of ids, duplicates dropped (first occurrence kept, order preserved). */
export function parseIdList(value: unknown, field: string, max: number, options: { optional?: boolean } = {}): number[] {
  if ((value === undefined || value === null) && options.optional) return [];
  if (!Array.isArray(value) || !value.every(isPositiveInt)) throw new BadRequestException(`${field} must be an array of positive integers`);
  if (value.length > max) throw new BadRequestException(`${field} must contain at most ${max} ids`);
  return [...new Set(value)];
}

export function parseStoreIds(value: unknown): number[] {
  return parseIdList(value, 'storeIds', MAX_STORE_IDS, { optional: true });
}

function parseBoundedInt(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new BadRequestException(`${field} must be an integer between ${min} and ${max}`);
  }
  return value;
}

export interface Page {
  limit: number;
  offset: number;
}

export function parsePage(payload: Payload): Page {
  return {
    limit: parseBoundedInt(payload.limit, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT),
    offset: parseBoundedInt(payload.offset, 'offset', 0, MAX_OFFSET, 0),
  };
}

/** Search text; longer text than the gateway allows is cut, not rejected. */
export function parseSearchText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new BadRequestException('search must be a string');
  return value.slice(0, MAX_SEARCH_LENGTH);
}

export function parseSlugPath(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((slug) => typeof slug === 'string' && slug.length > 0 && slug.length <= 200)) {
    throw new BadRequestException('slugPath must be a non-empty array of category slugs');
  }
  if (value.length > MAX_SLUG_PATH) throw new BadRequestException(`slugPath must contain at most ${MAX_SLUG_PATH} slugs`);
  return value as string[];
}
