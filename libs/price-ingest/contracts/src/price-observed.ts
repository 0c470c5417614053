import type { PriceObservedEvent } from './index';

/** One observed price as the projections store it: a PriceObservedEvent checked and without its source. */
export interface PriceObservation {
  itemId: number;
  storeId: number;
  /** Cents. */
  price: number;
  /** Cents per comparison unit. */
  comparisonPrice: number | null;
  priceUnit: string;
  comparisonPriceUnit: string;
  isCampaign: boolean;
  /** ISO timestamp; a newer observation of the same item in the same store wins. */
  observedAt: string;
}

const MAX_INT = 2_147_483_647;

function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_INT;
}

function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INT;
}

/**
 * Observations as eight parallel arrays, in PriceObservation's field order (itemId, storeId, price, comparisonPrice,
 * priceUnit, comparisonPriceUnit, isCampaign, observedAt): the parameters of a projection's
 * `unnest($1::int[], …, $8::timestamptz[])`, cheaper for PostgreSQL to read than a JSON document of records.
 * `timeOf` gives each row's observedAt as sent (by default the row's own).
 */
export function observationColumns<T extends PriceObservation>(rows: readonly T[], timeOf: (row: T) => string = (row) => row.observedAt): unknown[][] {
  const n = rows.length;
  const columns: unknown[][] = Array.from({ length: 8 }, () => new Array<unknown>(n));
  const [items, stores, prices, comparisonPrices, priceUnits, comparisonUnits, campaigns, times] = columns;
  rows.forEach((row, i) => {
    items[i] = row.itemId;
    stores[i] = row.storeId;
    prices[i] = row.price;
    comparisonPrices[i] = row.comparisonPrice;
    priceUnits[i] = row.priceUnit;
    comparisonUnits[i] = row.comparisonPriceUnit;
    campaigns[i] = row.isCampaign;
    times[i] = timeOf(row);
  });
  return columns;
}

export type ParsedPriceObservation = { ok: true; observation: PriceObservation } | { ok: false; reason: string };

/** An observation dated further ahead than this would pin its cell (newer wins), so it is refused as a clock error. */
const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
const YEAR_2000_MS = Date.UTC(2000, 0, 1);
/** The form toISOString() answers (price-ingest publishes it); with a day up to 28 and an hour up to 23 it round-trips unchanged. */
const CANONICAL_UTC = /^\d{4}-\d{2}-(?:[01]\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/**
 * `new Date(ms).toISOString()` of a time `text` already parsed to `ms`, without the Date round trip when `text` is
 * in that form already (feeds and the wire mostly are: the round trip was a third of a price record's parsing).
 */
export function canonicalIsoTime(text: string, ms: number): string {
  return CANONICAL_UTC.test(text) ? text : new Date(ms).toISOString();
}

/**
 * Checks one `prices.observed` payload from the wire for the projections that consume it (catalog, comparisons);
 * a bad event is reported with the reason, never thrown.
 */
export function parsePriceObservedEvent(input: unknown, now: Date = new Date()): ParsedPriceObservation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, reason: 'not an object' };
  const event = input as Partial<Record<keyof PriceObservedEvent, unknown>>;
  if (!isPositiveInt(event.itemId)) return { ok: false, reason: 'itemId must be a positive integer' };
  if (!isPositiveInt(event.storeId)) return { ok: false, reason: 'storeId must be a positive integer' };
  if (!isCents(event.price)) return { ok: false, reason: 'price must be a non-negative integer (cents)' };
  const comparisonPrice = event.comparisonPrice ?? null;
  if (comparisonPrice !== null && !isCents(comparisonPrice)) return { ok: false, reason: 'comparisonPrice must be null or a non-negative integer (cents)' };
  if (typeof event.priceUnit !== 'string') return { ok: false, reason: 'priceUnit must be a string' };
  if (typeof event.comparisonPriceUnit !== 'string') return { ok: false, reason: 'comparisonPriceUnit must be a string' };
  if (event.isCampaign !== undefined && typeof event.isCampaign !== 'boolean') return { ok: false, reason: 'isCampaign must be a boolean' };
  const at = typeof event.observedAt === 'string' ? Date.parse(event.observedAt) : Number.NaN;
  if (Number.isNaN(at) || at < YEAR_2000_MS) return { ok: false, reason: 'observedAt must be an ISO timestamp' };
  if (at - now.getTime() > MAX_FUTURE_MS) return { ok: false, reason: 'observedAt is more than a day in the future' };
  return {
    ok: true,
    observation: {
      itemId: event.itemId,
      storeId: event.storeId,
      price: event.price,
      comparisonPrice,
      priceUnit: event.priceUnit,
      comparisonPriceUnit: event.comparisonPriceUnit,
      isCampaign: event.isCampaign ?? false,
      // Already canonical (what price-ingest sends): kept as is instead of a Date round trip per event.
      observedAt: canonicalIsoTime(event.observedAt as string, at),
    },
  };
}
