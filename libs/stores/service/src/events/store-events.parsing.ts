import { MAX_ID } from '@hintakori/shared-contracts';
import type { OfferUpsertedEvent, StoreUpsertedEvent } from '@hintakori/price-ingest-contracts';

/** A store from a feed, checked. */
export interface StoreUpsert {
  storeId: number;
  externalId: string;
  chain: string;
  type: 'S' | 'K' | 'L';
  name: string;
  urlSlug: string;
  address: string;
  postalCode: string;
  city: string;
  lat: number;
  long: number;
  weeklyHours: { weekday: number; opens: string | null; closes: string | null; isOpenAllDay: boolean }[];
  exceptions: { date: string; opens: string | null; closes: string | null; isOpenAllDay: boolean; description: string | null }[];
  /** false: the source's hours could not be read. */
  openingHoursKnown: boolean;
  /** The store is gone from its source. */
  closed: boolean;
  /** The source of the event ('' when it names none). */
  source: string;
  observedAt: string;
}

/** An offer from a feed, checked. */
export interface OfferUpsert {
  offerId: number;
  storeId: number;
  itemId: number;
  name: string;
  image: string;
  validUntil: string | null;
  observedAt: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$|^24:00(:00)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

class Invalid extends Error {}

function fail(reason: string): never {
  throw new Invalid(reason);
}

function object(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${name} must be an object`);
  return value as Record<string, unknown>;
}

function id(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_ID) fail(`${name} must be a positive integer`);
  return value;
}

function text(value: unknown, name: string, max: number, options: { empty?: boolean } = {}): string {
  if (typeof value !== 'string' || value.length > max || value.includes('\u0000') || (!options.empty && value.trim() === ''))
    fail(`${name} must be a ${options.empty ? '' : 'non-empty '}string of at most ${max} characters`);
  return value;
}

function coordinate(value: unknown, name: string, limit: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < -limit || value > limit) fail(`${name} must be a number between ${-limit} and ${limit}`);
  return value;
}

function time(value: unknown, name: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || !TIME.test(value)) fail(`${name} must be HH:MM or null`);
  // PostgreSQL's time type takes 24:00 as the end of the day.
  return value;
}

function instant(value: unknown, name: string, now: Date): string {
  const date = typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000) fail(`${name} must be an ISO timestamp`);
  if (name === 'observedAt' && date.getTime() - now.getTime() > MAX_FUTURE_MS) fail('observedAt is more than a day in the future');
  return date.toISOString();
}

function parse<T>(build: () => T): Parsed<T> {
  try {
    return { ok: true, value: build() };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Checks one `stores.upserted` payload from the wire; a bad event is reported, never thrown. */
export function parseStoreUpsertedEvent(input: unknown, now: Date = new Date()): Parsed<StoreUpsert> {
  return parse(() => {
    const event = object(input, 'the event') as Partial<Record<keyof StoreUpsertedEvent, unknown>>;
    const type = event.type;
    if (type !== 'S' && type !== 'K' && type !== 'L') fail('type must be S, K or L');
    const chain = text(event.chain, 'chain', 40);
    if (!/^[a-z0-9-]+$/.test(chain)) fail('chain must be a lower-case id (a-z, 0-9, -)');
    if (!Array.isArray(event.weeklyHours) || event.weeklyHours.length > 7) fail('weeklyHours must be an array of at most 7 days');
    if (!Array.isArray(event.exceptions) || event.exceptions.length > 400) fail('exceptions must be an array of at most 400 dates');
    const weekdays = new Set<number>();
    const weeklyHours = event.weeklyHours.map((raw, i) => {
      const day = object(raw, `weeklyHours[${i}]`);
      const weekday = day.weekday;
      if (typeof weekday !== 'number' || !Number.isInteger(weekday) || weekday < 1 || weekday > 7 || weekdays.has(weekday)) {
        fail(`weeklyHours[${i}].weekday must be a distinct integer 1-7`);
      }
      weekdays.add(weekday);
      return {
        weekday,
        opens: time(day.opens, `weeklyHours[${i}].opens`),
        closes: time(day.closes, `weeklyHours[${i}].closes`),
        isOpenAllDay: day.isOpenAllDay === true,
      };
    });
    const dates = new Set<string>();
    const exceptions = event.exceptions.map((raw, i) => {
      const day = object(raw, `exceptions[${i}]`);
      const date = day.date;
      if (typeof date !== 'string' || !DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || dates.has(date)) {
        fail(`exceptions[${i}].date must be a distinct YYYY-MM-DD date`);
      }
      dates.add(date);
      const description =
        day.description === null || day.description === undefined ? null : text(day.description, `exceptions[${i}].description`, 500, { empty: true });
      return {
        date,
        opens: time(day.opens, `exceptions[${i}].opens`),
        closes: time(day.closes, `exceptions[${i}].closes`),
        isOpenAllDay: day.isOpenAllDay === true,
        description,
      };
    });
    return {
      storeId: id(event.storeId, 'storeId'),
      externalId: text(event.externalId, 'externalId', 200),
      chain,
      type,
      name: text(event.name, 'name', 300),
      urlSlug: text(event.urlSlug, 'urlSlug', 300),
      address: text(event.address, 'address', 500, { empty: true }),
      postalCode: text(event.postalCode, 'postalCode', 20, { empty: true }),
      city: text(event.city, 'city', 200, { empty: true }),
      lat: coordinate(event.lat, 'lat', 90),
      long: coordinate(event.long, 'long', 180),
      weeklyHours,
      exceptions,
      openingHoursKnown: event.openingHoursKnown !== false,
      closed: event.closed === true,
      source: typeof event.source === 'string' && event.source.length <= 100 && !event.source.includes('\u0000') ? event.source : '',
      observedAt: instant(event.observedAt, 'observedAt', now),
    };
  });
}

/** Checks one `offers.upserted` payload from the wire; a bad event is reported, never thrown. */
export function parseOfferUpsertedEvent(input: unknown, now: Date = new Date()): Parsed<OfferUpsert> {
  return parse(() => {
    const event = object(input, 'the event') as Partial<Record<keyof OfferUpsertedEvent, unknown>>;
    return {
      offerId: id(event.offerId, 'offerId'),
      storeId: id(event.storeId, 'storeId'),
      itemId: id(event.itemId, 'itemId'),
      name: text(event.name, 'name', 500),
      image: event.image === null || event.image === undefined ? '' : text(event.image, 'image', 2000, { empty: true }),
      validUntil: event.validUntil === null || event.validUntil === undefined ? null : instant(event.validUntil, 'validUntil', now),
      observedAt: instant(event.observedAt, 'observedAt', now),
    };
  });
}
