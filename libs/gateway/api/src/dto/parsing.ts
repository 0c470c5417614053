import { BadRequestException } from '@nestjs/common';

export const MAX_STORE_IDS = 100;
export const MAX_SEARCH_LENGTH = 200;
/** Ids are PostgreSQL integers: 1 … 2,147,483,647. */
export const MAX_ID = 2_147_483_647;
const isId = (text: string): boolean => /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_ID;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses storeIds given comma-separated, repeated, or both; at most 100 distinct positive integers. */
export function parseStoreIds(raw: unknown, options: { required?: boolean } = {}): number[] {
  const parts: string[] = [];
  const values = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number') throw new BadRequestException('storeIds must be a list of store ids');
    parts.push(...String(value).split(','));
  }
  const ids = new Set<number>();
  for (const part of parts.map((p) => p.trim()).filter((p) => p !== '')) {
    if (!isId(part)) throw new BadRequestException(`storeIds must be positive integers, got "${part.slice(0, 20)}"`);
    ids.add(Number(part));
  }
  if (ids.size > MAX_STORE_IDS) throw new BadRequestException(`storeIds may list at most ${MAX_STORE_IDS} stores, got ${ids.size}`);
  if (options.required && ids.size === 0) throw new BadRequestException('storeIds must list at least one store');
  return [...ids];
}

export function parseId(raw: string, name: string): number {
  if (!isId(raw)) throw new BadRequestException(`${name} must be a positive integer, got "${raw.slice(0, 40)}"`);
  return Number(raw);
}

export function parseCartId(raw: string, allowNoId: boolean): string {
  if (allowNoId && raw === 'NO_ID') return raw;
  if (!UUID.test(raw)) throw new BadRequestException(`cartId must be a UUID${allowNoId ? ' or NO_ID' : ''}, got "${raw.slice(0, 40)}"`);
  return raw.toLowerCase();
}

export function parseSearch(raw: unknown, name = 'search'): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw new BadRequestException(`${name} must be a single text value`);
  if (raw.length > MAX_SEARCH_LENGTH) throw new BadRequestException(`${name} must be at most ${MAX_SEARCH_LENGTH} characters, got ${raw.length}`);
  return raw.trim();
}

export function parseNumber(raw: unknown, name: string, min: number, max: number, options: { required: boolean; integer?: boolean }): number | undefined {
  if (raw === undefined || raw === '') {
    if (options.required) throw new BadRequestException(`${name} is required`);
    return undefined;
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') throw new BadRequestException(`${name} must be a single number`);
  const value = Number(raw);
  if (String(raw).trim() === '' || !Number.isFinite(value)) throw new BadRequestException(`${name} must be a number, got "${String(raw).slice(0, 20)}"`);
  if (options.integer && !Number.isInteger(value)) throw new BadRequestException(`${name} must be a whole number, got ${value}`);
  if (value < min || value > max) throw new BadRequestException(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Rejects query parameters the route does not know, naming them. */
export function rejectUnknownParams(query: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(query).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw new BadRequestException(`Unknown query parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
}
