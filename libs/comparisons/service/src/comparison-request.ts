import type { BasketSplitRequest, ComparisonLine, ComparisonRequest } from '@hintakori/comparisons-contracts';
import { BadRequestException } from '@nestjs/common';

export const MAX_STORES = 100;
export const MAX_LINES = 1000;
export const MAX_QUANTITY = 999;
/** Ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** A short, safe rendering of an offending value for an error message. */
function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function fail(message: string): never {
  throw new BadRequestException(message);
}

/**
 * Checks a comparison request defensively (the gateway validates HTTP input, but a message may come from anywhere)
 * and returns a clean copy. Throws BadRequestException with a message naming the offending field.
 */
export function parseComparisonRequest(input: unknown): ComparisonRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) fail('The request must be an object with storeIds and lines');
  const { storeIds, lines } = input as Record<string, unknown>;

  if (!Array.isArray(storeIds)) fail('storeIds must be an array of store ids');
  if (storeIds.length === 0) fail('storeIds must contain at least one store id');
  if (storeIds.length > MAX_STORES) fail(`storeIds must contain at most ${MAX_STORES} store ids, got ${storeIds.length}`);
  const seen = new Set<number>();
  storeIds.forEach((storeId, index) => {
    if (!isId(storeId)) fail(`storeIds[${index}] must be a positive integer, got ${describe(storeId)}`);
    if (seen.has(storeId)) fail(`storeIds must be distinct; ${storeId} appears more than once`);
    seen.add(storeId);
  });

  if (!Array.isArray(lines)) fail('lines must be an array of {itemId, quantity}');
  if (lines.length > MAX_LINES) fail(`lines must contain at most ${MAX_LINES} lines, got ${lines.length}`);
  const cleanLines: ComparisonLine[] = lines.map((line: unknown, index) => {
    if (typeof line !== 'object' || line === null) fail(`lines[${index}] must be an object with itemId and quantity`);
    const { itemId, quantity } = line as Record<string, unknown>;
    if (!isId(itemId)) fail(`lines[${index}].itemId must be a positive integer, got ${describe(itemId)}`);
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
      fail(`lines[${index}].quantity must be an integer from 1 to ${MAX_QUANTITY}, got ${describe(quantity)}`);
    }
    return { itemId, quantity };
  });

  return { storeIds: [...(storeIds as number[])], lines: cleanLines };
}

/** Limits of an exact split (the enumeration is sized for them). */
export const MAX_SPLIT_STORE_IDS = 20;
export const MAX_SPLIT_LINES = 200;
export const DEFAULT_MAX_STORES = 2;
export const DEFAULT_COST_PER_KM_CENTS = 25;

function isCoordinate(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

function parsePoint(value: unknown, name: string): { lat: number; long: number } {
  if (typeof value !== 'object' || value === null) fail(`${name} must be an object {lat, long}`);
  const { lat, long } = value as Record<string, unknown>;
  if (!isCoordinate(lat, 90)) fail(`${name}.lat must be a number from -90 to 90, got ${describe(lat)}`);
  if (!isCoordinate(long, 180)) fail(`${name}.long must be a number from -180 to 180, got ${describe(long)}`);
  return { lat, long };
}

/** As parseComparisonRequest, plus maxStores (1–3), an optional origin and store locations, and the cost per km. */
export function parseSplitRequest(input: unknown): BasketSplitRequest {
  const base = parseComparisonRequest(input);
  if (base.storeIds.length > MAX_SPLIT_STORE_IDS) fail(`storeIds must contain at most ${MAX_SPLIT_STORE_IDS} store ids for a split, got ${base.storeIds.length}`);
  if (base.lines.length > MAX_SPLIT_LINES) fail(`lines must contain at most ${MAX_SPLIT_LINES} lines for a split, got ${base.lines.length}`);
  const { maxStores, origin, locations, costPerKmCents } = input as Record<string, unknown>;
  const request: BasketSplitRequest = { ...base, maxStores: DEFAULT_MAX_STORES, costPerKmCents: DEFAULT_COST_PER_KM_CENTS };
  if (maxStores !== undefined) {
    if (typeof maxStores !== 'number' || !Number.isInteger(maxStores) || maxStores < 1 || maxStores > 3) fail(`maxStores must be 1, 2 or 3, got ${describe(maxStores)}`);
    request.maxStores = maxStores;
  }
  if (costPerKmCents !== undefined) {
    if (typeof costPerKmCents !== 'number' || !Number.isInteger(costPerKmCents) || costPerKmCents < 0 || costPerKmCents > 10000) {
      fail(`costPerKmCents must be an integer from 0 to 10000, got ${describe(costPerKmCents)}`);
    }
    request.costPerKmCents = costPerKmCents;
  }
  if (origin !== undefined) request.origin = parsePoint(origin, 'origin');
  if (locations !== undefined) {
    if (!Array.isArray(locations)) fail('locations must be an array of {storeId, lat, long}');
    request.locations = locations.map((location: unknown, index) => {
      const point = parsePoint(location, `locations[${index}]`);
      const { storeId } = location as Record<string, unknown>;
      if (!isId(storeId)) fail(`locations[${index}].storeId must be a positive integer, got ${describe(storeId)}`);
      return { storeId, ...point };
    });
  }
  return request;
}
