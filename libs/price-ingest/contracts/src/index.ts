import { Id, Latitude, Longitude } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';
import { EventSource, EventText, EventTime, OrNull } from './event-fields';

/** Event topics published by price-ingest and the payloads the projections consume. */

export const PriceIngestPatterns = {
  Status: 'price-ingest.status',
  /** A shopper's price report (price-reports.ts), answered with what became of it. */
  SubmitPriceReport: 'price-ingest.submit-price-report',
} as const;

export const IngestTopics = {
  PricesObserved: 'prices.observed',
  ItemsUpserted: 'items.upserted',
  StoresUpserted: 'stores.upserted',
  OffersUpserted: 'offers.upserted',
  DeadLetter: 'ingest.dead-letter',
  RunCompleted: 'ingest.run-completed',
} as const;
export type IngestTopic = (typeof IngestTopics)[keyof typeof IngestTopics];

/**
 * The events price-ingest publishes, each a TypeBox schema (the consumers check every event against it, compiled once;
 * what a schema cannot say, a time ahead of the clock or a repeated weekday, the consumer checks beside it) and its
 * type derived from the schema. `prices.observed` is in price-observed.ts, with its batch form.
 */

/** A feed's own category of an item; catalog places the item by its category mappings (or in "Muut"). */
export const SourceCategoryRef = Type.Object({
  /** The mapping key's namespace: the source, e.g. 's-group', 'k-group', 'lidl', 'csv:<name>'. */
  externalType: EventText(100, { blank: false }),
  /** The source's id of the category; for path-shaped sources the path joined with ' > '. */
  externalId: EventText(1000, { blank: false }),
  /**
   * Human-readable name (the last path element), shown to admins. One that is no text of at most 500 characters is
   * not a reason to refuse the item: the category is then named by its path's last element, or its id.
   */
  name: Type.Optional(Type.Unknown()),
  /** Full path, top level first, when the source gives one (at most 10 levels). */
  path: Type.Array(EventText(500), { maxItems: 10 }),
});
export type SourceCategoryRef = Static<typeof SourceCategoryRef>;

export const NutrientValue = Type.Object({
  name: EventText(200),
  value: EventText(200),
  ri: OrNull(EventText(200)),
});
export type NutrientValue = Static<typeof NutrientValue>;

/** Product master data from a feed (`items.upserted`). Keyed by item id on the wire. */
export const ItemUpsertedEvent = Type.Object({
  /** Our id, assigned by price-ingest's EAN registry (stable across runs). */
  itemId: Id(),
  ean: EventText(64),
  name: EventText(500, { blank: false }),
  urlSlug: Type.String({ minLength: 1, maxLength: 500, pattern: '^[^\\u0000]*$', 'x-expected': 'text of 1 to 500 characters without NUL' }),
  pictureUrl: OrNull(EventText(2000)),
  brandName: OrNull(EventText(500)),
  originCountry: OrNull(EventText(200)),
  description: OrNull(EventText(20_000)),
  ingredients: OrNull(EventText(20_000)),
  nutritionalContent: Type.Array(NutrientValue),
  /** The item's units as the feed gave them (catalog keeps the units of its prices, so it does not read these). */
  priceUnit: Type.String(),
  comparisonPriceUnit: Type.String(),
  category: SourceCategoryRef,
  /** ISO time; a newer item event wins (one more than a day ahead of the consumer's clock is refused). */
  observedAt: EventTime,
  source: Type.Optional(EventSource),
});
export type ItemUpsertedEvent = Static<typeof ItemUpsertedEvent>;

/** HH:MM (or HH:MM:SS), 24:00 the end of the day (PostgreSQL's time takes it); null: not given. */
const OpeningTime = OrNull(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$|^24:00(:00)?$' }), 'HH:MM or null');

export const WeeklyHoursValue = Type.Object({
  /** ISO weekday: 1 = Monday … 7 = Sunday (each at most once in a store's week). */
  weekday: Type.Integer({ minimum: 1, maximum: 7 }),
  opens: OpeningTime,
  closes: OpeningTime,
  isOpenAllDay: Type.Boolean(),
});
export type WeeklyHoursValue = Static<typeof WeeklyHoursValue>;

export const OpeningExceptionValue = Type.Object({
  /** YYYY-MM-DD (Europe/Helsinki), a real date (each at most once in a store's exceptions). */
  date: Type.Refine(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-expected': 'a YYYY-MM-DD date' }),
    (date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)),
    () => 'must be a YYYY-MM-DD date',
  ),
  opens: OpeningTime,
  closes: OpeningTime,
  isOpenAllDay: Type.Boolean(),
  description: OrNull(EventText(500)),
});
export type OpeningExceptionValue = Static<typeof OpeningExceptionValue>;

/** A store from a feed (`stores.upserted`). Keyed by store id on the wire. */
export const StoreUpsertedEvent = Type.Object({
  /** Our id, assigned by price-ingest's store registry (source + externalId → id, stable across runs). */
  storeId: Id(),
  externalId: EventText(200, { blank: false }),
  /** Chain id, e.g. 'prisma', 'kcitymarket', 'lidl'. */
  chain: Type.String({ maxLength: 40, pattern: '^[a-z0-9-]+$', 'x-expected': 'a lower-case id (a-z, 0-9, -) of at most 40 characters' }),
  type: Type.Union([Type.Literal('S'), Type.Literal('K'), Type.Literal('L')], { 'x-expected': 'S, K or L' }),
  name: EventText(300, { blank: false }),
  urlSlug: EventText(300, { blank: false }),
  address: EventText(500),
  postalCode: EventText(20),
  city: EventText(200),
  lat: Latitude,
  long: Longitude,
  weeklyHours: Type.Array(WeeklyHoursValue, { maxItems: 7 }),
  exceptions: Type.Array(OpeningExceptionValue, { maxItems: 400 }),
  /**
   * false: the source gives the store's hours but they could not be read (OSM `opening_hours` outside the syntax), so
   * the store keeps none and says they are not known. Absent: true.
   */
  openingHoursKnown: Type.Optional(Type.Boolean()),
  /** true: the store is gone from its source (e.g. removed from OpenStreetMap); kept, marked closed. Absent: false. */
  closed: Type.Optional(Type.Boolean()),
  /** ISO time; a newer store event wins (one more than a day ahead of the consumer's clock is refused). */
  observedAt: EventTime,
  source: Type.Optional(EventSource),
});
export type StoreUpsertedEvent = Static<typeof StoreUpsertedEvent>;

/** A store's offer (campaign) for an item (`offers.upserted`). Keyed by store id on the wire. */
export const OfferUpsertedEvent = Type.Object({
  /** Stable id assigned by price-ingest (source + store + item + campaign start). */
  offerId: Id(),
  storeId: Id(),
  itemId: Id(),
  name: EventText(500, { blank: false }),
  image: OrNull(EventText(2000)),
  /** ISO time the offer ends, when the source says; an ended offer is no longer listed. */
  validUntil: OrNull(EventTime, 'an ISO timestamp or null'),
  /** ISO time; a newer offer event wins (one more than a day ahead of the consumer's clock is refused). */
  observedAt: EventTime,
  source: Type.Optional(EventSource),
});
export type OfferUpsertedEvent = Static<typeof OfferUpsertedEvent>;

/** A record a feed run could not use, with the reason. Published to `ingest.dead-letter`. */
export const DeadLetterRecord = Type.Object({
  source: Type.String(),
  runId: Type.String(),
  /** 'product' | 'price' | 'store' | 'offer' | 'line' */
  kind: Type.String(),
  reason: Type.String(),
  /** The raw record (or raw line text when it did not parse). */
  record: Type.Unknown(),
  at: Type.String(),
});
export type DeadLetterRecord = Static<typeof DeadLetterRecord>;

/** A feed run's id as the consumers key their work by it (alerts' notification of a run, catalog's freshness). */
export const RunId = Type.String({ pattern: '^[\\w-]{1,100}$', 'x-expected': '1 to 100 letters, digits, _ or -' });

export const RunSeenStores = Type.Object({
  at: EventTime,
  stores: Type.Array(Type.Object({ storeId: Id(), unlisted: Type.Array(Id()) })),
});
export type RunSeenStores = Static<typeof RunSeenStores>;

/**
 * A feed run has published all its events (`ingest.run-completed`, sent just before the run is marked completed, so
 * a run that is retried after a crash may send it again: consumers treat it as idempotent by runId). Keyed by source.
 */
export const RunCompletedEvent = Type.Object({
  runId: RunId,
  source: Type.String(),
  /** Price events the run published (all chunks, including those before a resume). */
  pricesPublished: Type.Integer({ minimum: 0 }),
  completedAt: Type.String(),
  /**
   * The stores the run saw and when (its start): a price of this source in one of them that the run saw as it was
   * last published travels no further, and is as fresh as `seen.at` unless it is listed in `unlisted` (the prices of
   * the store the source published before and this run no longer had). Absent when the run was resumed after a crash
   * (its first part's prices are not known): then no price is freshened by it.
   */
  seen: Type.Optional(RunSeenStores),
});
export type RunCompletedEvent = Static<typeof RunCompletedEvent>;

export interface IngestStatus {
  sources: { source: string; newestObservationAt: string | null }[];
}

export * from './price-observed';
export * from './price-reports';
export { EventSource, EventText, EventTime, sourceIdOf } from './event-fields';
