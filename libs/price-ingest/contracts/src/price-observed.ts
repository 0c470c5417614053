import { AverageWeightGrams, CentsAmount, Id, MAX_AVERAGE_WEIGHT_GRAMS, MAX_ID, MAX_MULTIBUY_QUANTITY, MemberPrice, Multibuy, PRICE_CARDS, type PriceCard } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';
import { EventSource, EventTime, Nullable, sourceIdOf } from './event-fields';

/** The projections store units as text; PostgreSQL text cannot hold NUL, and no unit is longer than this. */
export const MAX_UNIT_LENGTH = 50;

/** A unit ('kpl', 'kg', …): at most MAX_UNIT_LENGTH UTF-16 code units (what `length` counts), no NUL. */
const Unit = Type.Refine(
  Type.String({ maxLength: MAX_UNIT_LENGTH, pattern: '^[^\\u0000]*$', 'x-expected': `text of at most ${MAX_UNIT_LENGTH} characters without NUL` }),
  (unit) => unit.length <= MAX_UNIT_LENGTH,
  () => `must be at most ${MAX_UNIT_LENGTH} characters`,
);

const YEAR_2000_MS = Date.UTC(2000, 0, 1);
/** A campaign end after this is no campaign's (a feed's placeholder such as 9999-12-31, or a unit error). */
const YEAR_2100_MS = Date.UTC(2100, 0, 1);
/** An ISO 8601 date, optionally with a time: what feeds give (Date.parse alone would also take "Dec 31 2025"). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 date or time from 2000 to 2099. */
const CampaignEnd = Type.Refine(
  Type.String({ pattern: ISO_TIME.source, 'x-expected': 'an ISO timestamp from 2000 to 2099' }),
  (text) => {
    const ms = Date.parse(text);
    return ms >= YEAR_2000_MS && ms < YEAR_2100_MS;
  },
  () => 'must be an ISO timestamp from 2000 to 2099',
);

/**
 * One store's price of one item as seen by a feed (`prices.observed`). Keyed by item id on the wire. What the
 * projections accept: parsePriceObservedEvent checks exactly this schema (its spec holds it to the compiled schema on
 * generated events), and also refuses an `observedAt` more than a day ahead of the consumer's clock.
 */
export const PriceObservedEvent = Type.Object({
  itemId: Id(),
  storeId: Id(),
  /** Cents. */
  price: CentsAmount,
  /** Cents per comparison unit; absent: null. */
  comparisonPrice: Nullable(CentsAmount, 'null or integer cents'),
  priceUnit: Unit,
  comparisonPriceUnit: Unit,
  /** Absent: false. */
  isCampaign: Type.Optional(Type.Boolean()),
  /** ISO time the feed observed the price; a newer observation of the same item in the same store wins. */
  observedAt: EventTime,
  /** The source that observed it ('s-group', 'open-prices', …); catalog shows it beside the price. */
  source: Type.Optional(EventSource),
  /** Cents: the regular price of a campaign price, when the source gives it (absent or null otherwise). */
  regularPrice: Nullable(CentsAmount, 'null or integer cents'),
  /**
   * Cents: the deposit (pantti) the shop adds to the price of a drink container, when the source gives it (absent or
   * null otherwise). Never part of `price` or `comparisonPrice`.
   */
  deposit: Nullable(CentsAmount, 'null or integer cents'),
  /** ISO time a campaign price ends, when the source says (absent or null otherwise). */
  campaignEndsAt: Nullable(CampaignEnd, 'null or an ISO timestamp from 2000 to 2099'),
  /**
   * Cents: the shop's own published lowest price of the 30 days before this one, when it gives one (absent or null
   * otherwise); shown beside Hintakori's own 30-day low, never in its place.
   */
  sourceLowest30d: Nullable(CentsAmount, 'null or integer cents'),
  /** ISO time a campaign starts, when it starts after it was observed (absent or null otherwise); never after campaignEndsAt. */
  campaignStartsAt: Nullable(CampaignEnd, 'null or an ISO timestamp from 2000 to 2099'),
  /**
   * The price for holders of a card (K-Plussa, Lidl Plus), when the source gives one (absent or null otherwise); never
   * above the regular price (`regularPrice`, else `price`). Bounded by the campaign's dates as its price is.
   */
  memberPrice: Nullable(MemberPrice, 'null or { card: k-plussa or lidl-plus, price: integer cents }'),
  /** A multibuy, `quantity` (2 … 99) pieces for `price` cents in all, when the source gives one (absent or null otherwise). */
  multibuy: Nullable(Multibuy, 'null or { quantity: 2 … 99, price: integer cents of the bundle }'),
  /** Grams one piece of a good priced per kilogram weighs on average, when the source gives it (absent or null otherwise). */
  averageWeightGrams: Nullable(AverageWeightGrams, 'null or grams, 1 … 100000'),
});
export type PriceObservedEvent = Static<typeof PriceObservedEvent>;

/**
 * One observed price as the projections store it: a PriceObservedEvent checked, its defaults filled in, its times
 * in canonical UTC (toISOString's form), its source kept only when it is a source id, and the optional prices left
 * out when null.
 */
export type PriceObservation = Omit<PriceObservedEvent, 'comparisonPrice' | 'isCampaign' | 'source'> & {
  comparisonPrice: number | null;
  isCampaign: boolean;
  source?: string;
};

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
/** The form toISOString() answers (price-ingest publishes it); with a day up to 28 and an hour up to 23 it round-trips unchanged. */
const CANONICAL_UTC = /^\d{4}-\d{2}-(?:[01]\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/**
 * `new Date(ms).toISOString()` of a time `text` already parsed to `ms`, without the Date round trip when `text` is
 * in that form already (feeds and the wire mostly are: the round trip was a third of a price record's parsing).
 */
export function canonicalIsoTime(text: string, ms: number): string {
  return CANONICAL_UTC.test(text) ? text : new Date(ms).toISOString();
}

// The hand-written check of the hot path: PriceObservedEvent's rules, written out because they run for every one of
// the millions of observations a feed run publishes. The compiled schema reads each time twice, once in its check and
// once for the observation (Date.parse is most of the work), and words a refused event's reason from its error list:
// a third to a half more than the parser's time for a valid event (746 against 553 ns), and some 400 times its time
// for a refused one (tools/bench/price-observed-parse.bench.ts). price-observed.spec.ts holds the two to the same answers on generated
// events.
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_ID;
const isPriceCard = (value: unknown): value is PriceCard => (PRICE_CARDS as readonly unknown[]).includes(value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMultibuy = (value: unknown): value is Multibuy =>
  isObject(value) &&
  typeof value.quantity === 'number' &&
  Number.isInteger(value.quantity) &&
  value.quantity >= 2 &&
  value.quantity <= MAX_MULTIBUY_QUANTITY &&
  isCents(value.price);
const isWeight = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_AVERAGE_WEIGHT_GRAMS;
/** What is wrong with a member price of an observation whose regular price is `shelf`; null when nothing is. */
function memberPriceProblem(value: unknown, shelf: unknown): string | null {
  if (!isObject(value) || !isPriceCard(value.card) || !isCents(value.price)) {
    return `memberPrice must be null or { card: ${PRICE_CARDS.join(' or ')}, price: integer cents }`;
  }
  if (typeof shelf === 'number' && value.price > shelf) return `memberPrice.price (${value.price}) must not be above the regular price (${shelf})`;
  return null;
}
const isUnit = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_UNIT_LENGTH && !value.includes('\u0000');

/**
 * Checks one `prices.observed` payload from the wire for the projections that consume it (catalog, comparisons,
 * alerts) against PriceObservedEvent and the clock; a bad event is reported with the reason, never thrown.
 */
export function parsePriceObservedEvent(input: unknown, now: Date = new Date()): ParsedPriceObservation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, reason: 'not an object' };
  const event = input as Partial<Record<keyof PriceObservedEvent, unknown>>;
  if (!isId(event.itemId)) return { ok: false, reason: 'itemId must be a positive integer' };
  if (!isId(event.storeId)) return { ok: false, reason: 'storeId must be a positive integer' };
  if (!isCents(event.price)) return { ok: false, reason: 'price must be a non-negative integer (cents)' };
  const comparisonPrice = event.comparisonPrice ?? null;
  if (comparisonPrice !== null && !isCents(comparisonPrice)) return { ok: false, reason: 'comparisonPrice must be null or a non-negative integer (cents)' };
  if (!isUnit(event.priceUnit)) return { ok: false, reason: `priceUnit must be a string of at most ${MAX_UNIT_LENGTH} characters without NUL` };
  if (!isUnit(event.comparisonPriceUnit)) return { ok: false, reason: `comparisonPriceUnit must be a string of at most ${MAX_UNIT_LENGTH} characters without NUL` };
  if (event.isCampaign !== undefined && typeof event.isCampaign !== 'boolean') return { ok: false, reason: 'isCampaign must be a boolean' };
  const regularPrice = event.regularPrice ?? null;
  if (regularPrice !== null && !isCents(regularPrice)) return { ok: false, reason: 'regularPrice must be null or a non-negative integer (cents)' };
  const deposit = event.deposit ?? null;
  if (deposit !== null && !isCents(deposit)) return { ok: false, reason: 'deposit must be null or a non-negative integer (cents)' };
  const sourceLowest30d = event.sourceLowest30d ?? null;
  if (sourceLowest30d !== null && !isCents(sourceLowest30d)) return { ok: false, reason: 'sourceLowest30d must be null or a non-negative integer (cents)' };
  const endsText = event.campaignEndsAt ?? null;
  const endsAt = typeof endsText === 'string' && ISO_TIME.test(endsText) ? Date.parse(endsText) : Number.NaN;
  if (endsText !== null && (Number.isNaN(endsAt) || endsAt < YEAR_2000_MS || endsAt >= YEAR_2100_MS)) {
    return { ok: false, reason: 'campaignEndsAt must be null or an ISO timestamp from 2000 to 2099' };
  }
  const startsText = event.campaignStartsAt ?? null;
  const startsAt = typeof startsText === 'string' && ISO_TIME.test(startsText) ? Date.parse(startsText) : Number.NaN;
  if (startsText !== null && (Number.isNaN(startsAt) || startsAt < YEAR_2000_MS || startsAt >= YEAR_2100_MS)) {
    return { ok: false, reason: 'campaignStartsAt must be null or an ISO timestamp from 2000 to 2099' };
  }
  if (startsText !== null && endsText !== null && startsAt > endsAt) return { ok: false, reason: 'campaignStartsAt must not be after campaignEndsAt' };
  const memberPrice = event.memberPrice ?? null;
  if (memberPrice !== null) {
    const problem = memberPriceProblem(memberPrice, regularPrice ?? event.price);
    if (problem) return { ok: false, reason: problem };
  }
  const multibuy = event.multibuy ?? null;
  if (multibuy !== null && !isMultibuy(multibuy)) {
    return { ok: false, reason: `multibuy must be null or { quantity: an integer 2 … ${MAX_MULTIBUY_QUANTITY}, price: integer cents of the bundle }` };
  }
  const averageWeightGrams = event.averageWeightGrams ?? null;
  if (averageWeightGrams !== null && !isWeight(averageWeightGrams)) return { ok: false, reason: `averageWeightGrams must be null or an integer 1 … ${MAX_AVERAGE_WEIGHT_GRAMS} (grams)` };
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
      ...(sourceIdOf(event.source) !== null ? { source: event.source as string } : {}),
      ...(regularPrice !== null ? { regularPrice } : {}),
      ...(deposit !== null ? { deposit } : {}),
      ...(endsText !== null ? { campaignEndsAt: canonicalIsoTime(endsText as string, endsAt) } : {}),
      ...(sourceLowest30d !== null ? { sourceLowest30d } : {}),
      ...(startsText !== null ? { campaignStartsAt: canonicalIsoTime(startsText as string, startsAt) } : {}),
      ...(memberPrice !== null ? { memberPrice: { card: (memberPrice as MemberPrice).card, price: (memberPrice as MemberPrice).price } } : {}),
      ...(multibuy !== null ? { multibuy: { quantity: (multibuy as Multibuy).quantity, price: (multibuy as Multibuy).price } } : {}),
      ...(averageWeightGrams !== null ? { averageWeightGrams: averageWeightGrams as number } : {}),
    },
  };
}

/** The marker of the batch form of a `prices.observed` message value. */
export const PRICE_BATCH_FORMAT = 'columns/1';
/** At most this many observations in one batch message (a bigger count is refused as a whole). */
export const MAX_OBSERVATIONS_PER_BATCH = 10_000;

/** The fields of a PriceObservedEvent, in the order the batch form lists them. */
const BATCH_FIELDS = ['itemId', 'storeId', 'price', 'comparisonPrice', 'priceUnit', 'comparisonPriceUnit', 'isCampaign', 'observedAt', 'source', 'regularPrice', 'deposit', 'campaignEndsAt', 'sourceLowest30d', 'campaignStartsAt', 'memberPrice', 'multibuy', 'averageWeightGrams'] as const;
type BatchField = (typeof BATCH_FIELDS)[number];

/**
 * The batch form of a `prices.observed` message value: `count` observations as columns. Each field of
 * PriceObservedEvent is either one value that every observation of the message shares, or an array of `count`
 * values, one per observation in order (what the feeds repeat — the item of a message, its units, the run's
 * observation time, the source — is sent once). Kafka messages of price-ingest carry this form; a message value
 * may also be one PriceObservedEvent or an array of them (the in-process bus, older producers, tests).
 */
export type PriceObservedBatch = { format: typeof PRICE_BATCH_FORMAT; count: number } & {
  [K in BatchField]: PriceObservedEvent[K] | PriceObservedEvent[K][];
};

/** Encodes events (in order) as one batch message value: a field the events all share is sent once. */
export function encodePriceObservedBatch(events: readonly PriceObservedEvent[]): PriceObservedBatch {
  const batch: Record<string, unknown> = { format: PRICE_BATCH_FORMAT, count: events.length };
  for (const field of BATCH_FIELDS) {
    const first = events[0]?.[field] ?? null;
    let shared = true;
    for (let i = 1; i < events.length && shared; i++) shared = (events[i][field] ?? null) === first;
    batch[field] = shared ? first : events.map((e) => e[field] ?? null);
  }
  return batch as PriceObservedBatch;
}

function isBatch(value: object): value is { format: unknown; count: unknown } & Record<BatchField, unknown> {
  return (value as { format?: unknown }).format !== undefined;
}

/** A problem with one observation of a message value: `index` is the event's place in the list handed in, `row` its place in a batch. */
export interface RejectedObservation {
  index: number;
  row?: number;
  reason: string;
}

/** A rejected observation as a log line: which event of the delivery, which observation of its batch, and why. */
export function describeRejected({ index, row, reason }: RejectedObservation): string {
  return `event #${index}${row === undefined ? '' : ` (observation ${row} of its batch)`}: ${reason}`;
}

export interface ParsedPriceObservations {
  observations: PriceObservation[];
  rejected: RejectedObservation[];
}

/**
 * Checks the `prices.observed` events of one delivery (a fetched batch of messages, or one in-process message) for
 * the projections: each item of `events` is one PriceObservedEvent or one PriceObservedBatch. Every observation is
 * checked as parsePriceObservedEvent does; a bad one is reported and left out, never thrown, and never costs the
 * others of its batch. A batch whose columns do not line up (a bad `count`, an array of another length, an unknown
 * format) is reported as a whole.
 */
export function parsePriceObservedEvents(events: readonly unknown[], now: Date = new Date()): ParsedPriceObservations {
  const observations: PriceObservation[] = [];
  const rejected: RejectedObservation[] = [];
  events.forEach((event, index) => {
    if (typeof event !== 'object' || event === null || Array.isArray(event) || !isBatch(event)) {
      const parsed = parsePriceObservedEvent(event, now);
      if (parsed.ok) observations.push(parsed.observation);
      else rejected.push({ index, reason: parsed.reason });
      return;
    }
    const problem = batchProblem(event);
    if (problem) {
      rejected.push({ index, reason: problem });
      return;
    }
    const count = event.count as number;
    const columns = BATCH_FIELDS.map((field) => event[field]);
    const row: Record<string, unknown> = {};
    for (let r = 0; r < count; r++) {
      BATCH_FIELDS.forEach((field, f) => {
        const column = columns[f];
        row[field] = Array.isArray(column) ? column[r] : column;
      });
      const parsed = parsePriceObservedEvent(row, now);
      if (parsed.ok) observations.push(parsed.observation);
      else rejected.push({ index, row: r, reason: parsed.reason });
    }
  });
  return { observations, rejected };
}

function batchProblem(batch: { format: unknown; count: unknown } & Record<BatchField, unknown>): string | null {
  if (batch.format !== PRICE_BATCH_FORMAT) return `unknown batch format ${JSON.stringify(batch.format)?.slice(0, 40)} (expected "${PRICE_BATCH_FORMAT}")`;
  const count = batch.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_OBSERVATIONS_PER_BATCH) {
    return `batch count must be an integer from 1 to ${MAX_OBSERVATIONS_PER_BATCH}`;
  }
  for (const field of BATCH_FIELDS) {
    const column = batch[field];
    if (Array.isArray(column) && column.length !== count) return `batch column ${field} has ${column.length} values for ${count} observations`;
  }
  return null;
}
