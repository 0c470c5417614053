import { ALERT_LIMITS, AlertStoreRef, DeleteWatchRequest, SubscribeRequest, TokenRequest } from '@hintakori/alerts-contracts';
import { BadRequestException } from '@nestjs/common';
import { normaliseEmail } from './email';

const MAX_INT = 2_147_483_647;
/** Prices above 1,000 € are refused by the ingest too. */
export const MAX_TARGET_PRICE = 100_000;

const isPositiveInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_INT;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, name: string, max: number): string => {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) throw new BadRequestException(`${name} must be a non-empty string of at most ${max} characters`);
  return value;
};

/** Validates a subscribe request; the address comes back normalised. */
export function parseSubscribeRequest(data: unknown): SubscribeRequest {
  if (!isObject(data)) throw new BadRequestException('The request must be an object');
  const email = normaliseEmail(data.email);
  if (!email.ok) throw new BadRequestException(email.reason);
  if (!isPositiveInt(data.itemId)) throw new BadRequestException('itemId must be a positive integer');
  if (!Array.isArray(data.stores) || data.stores.length === 0 || data.stores.length > ALERT_LIMITS.storesPerRequest) {
    throw new BadRequestException(`stores must list 1 to ${ALERT_LIMITS.storesPerRequest} stores`);
  }
  const stores: AlertStoreRef[] = data.stores.map((store: unknown) => {
    if (!isObject(store) || !isPositiveInt(store.storeId)) throw new BadRequestException('every store needs a positive integer storeId');
    const price = store.price ?? null;
    if (price !== null && !(typeof price === 'number' && Number.isInteger(price) && price >= 0 && price <= MAX_INT)) throw new BadRequestException('a store price must be null or integer cents');
    return { storeId: store.storeId, storeName: text(store.storeName, 'storeName', 200), price };
  });
  if (new Set(stores.map((s) => s.storeId)).size !== stores.length) throw new BadRequestException('stores must not repeat a store');
  const targetPrice = data.targetPrice ?? null;
  if (targetPrice !== null && !(typeof targetPrice === 'number' && Number.isInteger(targetPrice) && targetPrice >= 1 && targetPrice <= MAX_TARGET_PRICE)) {
    throw new BadRequestException(`targetPrice must be null (any drop) or integer cents between 1 and ${MAX_TARGET_PRICE}`);
  }
  return {
    email: email.email,
    itemId: data.itemId,
    itemName: text(data.itemName, 'itemName', 500),
    itemSlug: text(data.itemSlug, 'itemSlug', 500),
    stores,
    targetPrice,
    clientAddress: text(data.clientAddress, 'clientAddress', 100),
  };
}

/** Tokens are 43 characters of base64url (32 random bytes). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function parseTokenRequest(data: unknown): TokenRequest {
  if (!isObject(data) || typeof data.token !== 'string' || !TOKEN.test(data.token)) throw new BadRequestException('token must be the 43-character token from the e-mail link');
  return { token: data.token };
}

export function parseDeleteWatchRequest(data: unknown): DeleteWatchRequest {
  const { token } = parseTokenRequest(data);
  const watchId = (data as Record<string, unknown>).watchId;
  if (!isPositiveInt(watchId)) throw new BadRequestException('watchId must be a positive integer');
  return { token, watchId };
}

export function isToken(value: string): boolean {
  return TOKEN.test(value);
}
