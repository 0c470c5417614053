import type { ComparisonLine, ComparisonRequest } from '@hintakori/comparisons-contracts';
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
