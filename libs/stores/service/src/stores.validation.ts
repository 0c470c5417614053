import type {
  GetStoreRequest,
  GetStoresRequest,
  MinimalStoresRequest,
  OffersByStoreRequest,
  SearchStoresRequest,
  StoresInBoxRequest,
} from '@hintakori/stores-contracts';
import { STORE_PAGE_SIZE } from '@hintakori/stores-contracts';
import { BadRequestException } from '@nestjs/common';

/**
 * Handlers re-check every payload: the gateway validates HTTP input, but a message can come from
 * anywhere and must never reach SQL with the wrong type. Absent optional values take defaults;
 * present but wrong values are a 400 naming the field.
 */
export const SEARCH_LIMIT = { default: 20, max: 100 };
export const BOX_LIMIT = { default: 1000, max: 1000 };
export const MINIMAL_LIMIT = { default: STORE_PAGE_SIZE, max: 1000 };
export const GET_MANY_MAX_IDS = 1000;
export const SEARCH_MAX_LENGTH = 200;

const MAX_ID = 2_147_483_647;
const MAX_SKIP = 1_000_000;

type Payload = Record<string, unknown>;

function payload(data: unknown): Payload {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new BadRequestException('The request must be an object');
  return data as Payload;
}

function integer(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new BadRequestException(`${name} must be an integer between ${min} and ${max}`);
  }
  return value;
}

function optionalInteger(value: unknown, name: string, min: number, max: number, fallback: number): number {
  return value === undefined || value === null ? fallback : integer(value, name, min, max);
}

function coordinate(value: unknown, name: string, limit: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < -limit || value > limit) {
    throw new BadRequestException(`${name} must be a number between ${-limit} and ${limit}`);
  }
  return value;
}

export function storeId(value: unknown, name = 'id'): number {
  return integer(value, name, 1, MAX_ID);
}

export function parseSearch(data: unknown): SearchStoresRequest {
  const { search, limit } = payload(data);
  if (search !== undefined && search !== null && typeof search !== 'string') throw new BadRequestException('search must be a string');
  // Control characters (NUL among them, which PostgreSQL refuses in text) are never part of a store's name: spaces.
  const text = (search ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (text.length > SEARCH_MAX_LENGTH) throw new BadRequestException(`search must be at most ${SEARCH_MAX_LENGTH} characters`);
  return { search: text, limit: optionalInteger(limit, 'limit', 1, SEARCH_LIMIT.max, SEARCH_LIMIT.default) };
}

export function parseInBox(data: unknown): StoresInBoxRequest {
  const body = payload(data);
  const box = {
    minLat: coordinate(body.minLat, 'minLat', 90),
    minLong: coordinate(body.minLong, 'minLong', 180),
    maxLat: coordinate(body.maxLat, 'maxLat', 90),
    maxLong: coordinate(body.maxLong, 'maxLong', 180),
  };
  if (box.minLat > box.maxLat) throw new BadRequestException('minLat must not be greater than maxLat');
  if (box.minLong > box.maxLong) throw new BadRequestException('minLong must not be greater than maxLong');
  const hasLat = body.lat !== undefined && body.lat !== null;
  const hasLong = body.long !== undefined && body.long !== null;
  if (hasLat !== hasLong) throw new BadRequestException('lat and long must be given together');
  const limit = optionalInteger(body.limit, 'limit', 1, BOX_LIMIT.max, BOX_LIMIT.default);
  if (!hasLat) return { ...box, limit };
  return { ...box, lat: coordinate(body.lat, 'lat', 90), long: coordinate(body.long, 'long', 180), limit };
}

export function parseMinimal(data: unknown): MinimalStoresRequest {
  const { skip, limit } = payload(data);
  return {
    skip: optionalInteger(skip, 'skip', 0, MAX_SKIP, 0),
    limit: optionalInteger(limit, 'limit', 1, MINIMAL_LIMIT.max, MINIMAL_LIMIT.default),
  };
}

export function parseGet(data: unknown): GetStoreRequest {
  return { id: storeId(payload(data).id) };
}

export function parseGetMany(data: unknown): GetStoresRequest {
  const { ids } = payload(data);
  if (!Array.isArray(ids)) throw new BadRequestException('ids must be an array of store ids');
  if (ids.length > GET_MANY_MAX_IDS) throw new BadRequestException(`ids must hold at most ${GET_MANY_MAX_IDS} store ids`);
  return { ids: [...new Set(ids.map((id) => storeId(id, 'each of ids')))] };
}

export function parseOffersByStore(data: unknown): OffersByStoreRequest {
  return { storeId: storeId(payload(data).storeId, 'storeId') };
}
