/** Shared checks for the source adapters: each turns a bad value into a reason, never an exception. */
import { canonicalIsoTime } from '@hintakori/price-ingest-contracts';
import { MAX_AVERAGE_WEIGHT_GRAMS, MAX_MULTIBUY_QUANTITY, type MemberPrice, type Multibuy, PRICE_CARDS, type PriceCard } from '@hintakori/shared-contracts';
import { helsinkiMidnightUtc, nextCalendarDate } from '@hintakori/shared-util';

export class RecordError extends Error {}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function obj(value: unknown, field: string): Json {
  if (!isObject(value)) throw new RecordError(`${field} must be an object`);
  return value;
}

export function optObj(value: unknown, field: string): Json | null {
  return value === undefined || value === null ? null : obj(value, field);
}

export function str(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new RecordError(`${field} must be a non-empty string`);
  return value.trim();
}

export function optStr(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new RecordError(`${field} must be a string`);
  return value;
}

export function num(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RecordError(`${field} must be a number`);
  return value;
}

export function arr(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new RecordError(`${field} must be an array`);
  return value;
}

/** Euros (a number like 2.49, or a string like '2,49' / '2.49 €') to integer cents. */
export function euroCents(value: unknown, field: string): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RecordError(`${field} must be a finite number`);
    return Math.round(value * 100);
  }
  if (typeof value === 'string') {
    const cleaned = value.replace(/€/g, '').replace(/\s/g, '').replace(',', '.');
    if (!/^-?\d+(\.\d{1,4})?$/.test(cleaned)) throw new RecordError(`${field} "${value}" is not a price in euros`);
    return Math.round(Number(cleaned) * 100);
  }
  throw new RecordError(`${field} must be a price in euros`);
}

export function optEuroCents(value: unknown, field: string): number | null {
  return value === undefined || value === null || value === '' ? null : euroCents(value, field);
}

/** EAN-8, UPC-A, EAN-13 or GTIN-14 digits (check digit not enforced: in-store codes are valid too). */
export function ean(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{8}$|^\d{12,14}$/.test(text.trim())) throw new RecordError(`malformed EAN ${JSON.stringify(value)}`);
  return text.trim();
}

/** GS1 check digit of a GTIN-8/12/13/14's other digits. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) sum += Number(body[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/** An EAN-8, UPC-A, EAN-13 or GTIN-14 whose check digit is right (open sources: codes typed or scanned by people). */
export function checkedEan(value: unknown): string {
  const code = ean(value);
  if (gtinCheckDigit(code.slice(0, -1)) !== Number(code[code.length - 1])) throw new RecordError(`EAN ${code} has a wrong check digit`);
  return code;
}

/** Finland's bounding box with a margin (Åland and the eastern border included). */
export const FINLAND_BOUNDS = { minLat: 59.3, maxLat: 70.2, minLong: 19.0, maxLong: 31.7 } as const;

/** Coordinates that must lie in Finland (open sources cover the world). */
export function finnishLatLong(lat: unknown, long: unknown): { lat: number; long: number } {
  const point = latLong(lat, long);
  const b = FINLAND_BOUNDS;
  if (point.lat < b.minLat || point.lat > b.maxLat || point.long < b.minLong || point.long > b.maxLong)
    throw new RecordError(`coordinates ${point.lat}, ${point.long} are outside Finland`);
  return point;
}

export function latLong(lat: unknown, long: unknown): { lat: number; long: number } {
  const la = typeof lat === 'string' ? Number(lat) : lat;
  const lo = typeof long === 'string' ? Number(long) : long;
  if (typeof la !== 'number' || !Number.isFinite(la) || la < -90 || la > 90) throw new RecordError(`latitude ${JSON.stringify(lat)} is out of range`);
  if (typeof lo !== 'number' || !Number.isFinite(lo) || lo < -180 || lo > 180) throw new RecordError(`longitude ${JSON.stringify(long)} is out of range`);
  return { lat: la, long: lo };
}

export function isoTime(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new RecordError(`${field} must be an ISO time`);
  return canonicalIsoTime(value as string, ms);
}

export function hhmm(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !/^([01]\d|2[0-4]):[0-5]\d$/.test(value)) throw new RecordError(`${field} must be HH:MM`);
  return value;
}

export function isoDate(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new RecordError(`${field} must be YYYY-MM-DD`);
  return value;
}

/** Parses one JSON line; a line that is not a JSON object becomes a RecordError. */
export function parseJsonLine(line: string): Json {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    throw new RecordError(`not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) throw new RecordError('a record must be a JSON object');
  return parsed;
}

/** Price unit as Hintakori stores it: 'kpl' or 'kg'. */
export function priceUnit(value: unknown, field: string): string {
  const unit = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (['kpl', 'pce', 'st', 'pc', 'pcs'].includes(unit)) return 'kpl';
  if (['kg', 'kgm'].includes(unit)) return 'kg';
  throw new RecordError(`${field} ${JSON.stringify(value)} is not a known price unit`);
}

/** Comparison unit: 'kg', 'l' or 'kpl'. */
export function comparisonUnit(value: unknown, field: string): string {
  const unit = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (['kg', 'kgm'].includes(unit)) return 'kg';
  if (['l', 'ltr'].includes(unit)) return 'l';
  if (['kpl', 'pce', 'st', 'pc', 'pcs'].includes(unit)) return 'kpl';
  throw new RecordError(`${field} ${JSON.stringify(value)} is not a known comparison unit`);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A campaign's start or end as an ISO UTC time. A date without a time is a day in Europe/Helsinki: a start is that
 * day's midnight, an end the last millisecond of that day (the next midnight − 1 ms).
 */
export function campaignTime(value: unknown, field: string, edge: 'start' | 'end'): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && DATE_ONLY.test(value.trim())) {
    const date = value.trim();
    if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
      throw new RecordError(`${field} ${JSON.stringify(value)} is not a date`);
    }
    return new Date(edge === 'start' ? helsinkiMidnightUtc(date) : helsinkiMidnightUtc(nextCalendarDate(date)) - 1).toISOString();
  }
  return isoTime(value, field);
}

/** A card id as the till knows it ('k-plussa', 'lidl-plus'). */
export function priceCard(value: unknown, field: string): PriceCard {
  if (!(PRICE_CARDS as readonly unknown[]).includes(value)) throw new RecordError(`${field} ${JSON.stringify(value)} is not a known card (${PRICE_CARDS.join(', ')})`);
  return value as PriceCard;
}

/** A member price `{ card, price }` with the price in euros; absent: null. */
export function optMemberPrice(value: unknown, field: string): MemberPrice | null {
  const entry = optObj(value, field);
  return entry === null ? null : { card: priceCard(entry.card, `${field}.card`), price: euroCents(entry.price, `${field}.price`) };
}

/** A multibuy `{ quantity, price }` with the bundle price in euros; absent: null. */
export function optMultibuy(value: unknown, field: string): Multibuy | null {
  const entry = optObj(value, field);
  if (entry === null) return null;
  const quantity = typeof entry.quantity === 'string' && /^\d+$/.test(entry.quantity) ? Number(entry.quantity) : entry.quantity;
  return { quantity: multibuyQuantity(quantity, `${field}.quantity`), price: euroCents(entry.price, `${field}.price`) };
}

export function multibuyQuantity(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 2 || value > MAX_MULTIBUY_QUANTITY) {
    throw new RecordError(`${field} ${JSON.stringify(value)} must be a whole number from 2 to ${MAX_MULTIBUY_QUANTITY}`);
  }
  return value;
}

/** Whole grams (a number or a digit string) from 1 to MAX_AVERAGE_WEIGHT_GRAMS; absent: null. */
export function optGrams(value: unknown, field: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const grams = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof grams !== 'number' || !Number.isInteger(grams) || grams < 1 || grams > MAX_AVERAGE_WEIGHT_GRAMS) {
    throw new RecordError(`${field} ${JSON.stringify(value)} must be whole grams from 1 to ${MAX_AVERAGE_WEIGHT_GRAMS}`);
  }
  return grams;
}
