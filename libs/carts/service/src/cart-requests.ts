import { CartWriteRequest, NO_CART_ID } from '@hintakori/carts-contracts';
import { BadRequestException } from '@nestjs/common';
import { isValidItemId, MAX_OWNER_ID_LENGTH } from './cart-limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Printable ASCII without spaces: every id the gateway may mint (UUID, base64url, hex) fits. */
const OWNER_ID = new RegExp(`^[\\x21-\\x7e]{1,${MAX_OWNER_ID_LENGTH}}$`);

export const REQUEST_MESSAGES = {
  notAnObject: 'Request must be a JSON object',
  cartId: 'cartId must be a UUID or NO_ID',
  itemId: 'itemId must be a positive integer',
  ownerId: `ownerId must be a non-empty string of at most ${MAX_OWNER_ID_LENGTH} printable characters`,
} as const;

/** A cart id as the handlers use it: an existing cart's UUID, or "no cart yet". */
export type CartRef = { kind: 'new' } | { kind: 'existing'; id: string };

export interface CartWrite {
  cart: CartRef;
  itemId: number;
  ownerId: string;
}

function fields(data: unknown): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new BadRequestException(REQUEST_MESSAGES.notAnObject);
  return data as Record<string, unknown>;
}

export function parseCartRef(value: unknown): CartRef {
  if (value === NO_CART_ID) return { kind: 'new' };
  if (typeof value === 'string' && UUID.test(value)) return { kind: 'existing', id: value.toLowerCase() };
  throw new BadRequestException(REQUEST_MESSAGES.cartId);
}

export function parseOwnerId(value: unknown): string {
  if (typeof value === 'string' && OWNER_ID.test(value)) return value;
  throw new BadRequestException(REQUEST_MESSAGES.ownerId);
}

export function parseItemId(value: unknown): number {
  if (isValidItemId(value)) return value;
  throw new BadRequestException(REQUEST_MESSAGES.itemId);
}

export function parseGetRequest(data: unknown): CartRef {
  return parseCartRef(fields(data).cartId);
}

export function parseWriteRequest(data: unknown): CartWrite {
  const request = fields(data) as Partial<Record<keyof CartWriteRequest, unknown>>;
  return { cart: parseCartRef(request.cartId), itemId: parseItemId(request.itemId), ownerId: parseOwnerId(request.ownerId) };
}

export function parseOwnerRequest(data: unknown): string {
  return parseOwnerId(fields(data).ownerId);
}
