/** Event topics published by price-ingest and the payloads the projections consume. */

export const PriceIngestPatterns = {
  Status: 'price-ingest.status',
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

/** One store's price of one item as seen by a feed. Keyed by item id on the wire. */
export interface PriceObservedEvent {
  itemId: number;
  storeId: number;
  price: number;
  comparisonPrice: number | null;
  priceUnit: string;
  comparisonPriceUnit: string;
  isCampaign: boolean;
  /** ISO time the feed observed the price; a newer observation wins. */
  observedAt: string;
  source: string;
  /** Cents: the regular price of a campaign price, when the source gives it (absent or null otherwise). */
  regularPrice?: number | null;
  /**
   * Cents: the deposit (pantti) the shop adds to the price of a drink container, when the source gives it (absent or
   * null otherwise). Never part of `price` or `comparisonPrice`.
   */
  deposit?: number | null;
  /** ISO time a campaign price ends, when the source says (absent or null otherwise). */
  campaignEndsAt?: string | null;
  /** Cents: the shop's own published lowest price of the 30 days before this one, when it gives one (absent or null otherwise). */
  sourceLowest30d?: number | null;
}

/** A feed's own category of an item; catalog places the item by its category mappings (or in "Muut"). */
export interface SourceCategoryRef {
  /** The mapping key's namespace: the source, e.g. 's-group', 'k-group', 'lidl', 'csv:<name>'. */
  externalType: string;
  /** The source's id of the category; for path-shaped sources the path joined with ' > '. */
  externalId: string;
  /** Human-readable name (the last path element), shown to admins. */
  name: string;
  /** Full path, top level first, when the source gives one. */
  path: string[];
}

export interface NutrientValue {
  name: string;
  value: string;
  ri: string | null;
}

/** Product master data from a feed. Keyed by item id on the wire. */
export interface ItemUpsertedEvent {
  /** Our id, assigned by price-ingest's EAN registry (stable across runs). */
  itemId: number;
  ean: string;
  name: string;
  urlSlug: string;
  pictureUrl: string | null;
  brandName: string | null;
  originCountry: string | null;
  description: string | null;
  ingredients: string | null;
  nutritionalContent: NutrientValue[];
  priceUnit: string;
  comparisonPriceUnit: string;
  category: SourceCategoryRef;
  observedAt: string;
  source: string;
}

export interface WeeklyHoursValue {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
}

export interface OpeningExceptionValue {
  /** YYYY-MM-DD (Europe/Helsinki). */
  date: string;
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
  description: string | null;
}

/** A store from a feed. Keyed by store id on the wire. */
export interface StoreUpsertedEvent {
  /** Our id, assigned by price-ingest's store registry (source + externalId → id, stable across runs). */
  storeId: number;
  externalId: string;
  /** Chain id, e.g. 'prisma', 'kcitymarket', 'lidl'. */
  chain: string;
  /** 'S' | 'K' | 'L' */
  type: string;
  name: string;
  urlSlug: string;
  address: string;
  postalCode: string;
  city: string;
  lat: number;
  long: number;
  weeklyHours: WeeklyHoursValue[];
  exceptions: OpeningExceptionValue[];
  /**
   * false: the source gives the store's hours but they could not be read (OSM `opening_hours` outside the syntax), so
   * the store keeps none and says they are not known. Absent: true.
   */
  openingHoursKnown?: boolean;
  /** true: the store is gone from its source (e.g. removed from OpenStreetMap); kept, marked closed. Absent: false. */
  closed?: boolean;
  observedAt: string;
  source: string;
}

/** A store's offer (campaign) for an item. Keyed by store id on the wire. */
export interface OfferUpsertedEvent {
  /** Stable id assigned by price-ingest (source + store + item + campaign start). */
  offerId: number;
  storeId: number;
  itemId: number;
  name: string;
  image: string | null;
  /** ISO time the offer ends, when the source says; an ended offer is no longer listed. */
  validUntil: string | null;
  observedAt: string;
  source: string;
}

/** A record a feed run could not use, with the reason. Published to `ingest.dead-letter`. */
export interface DeadLetterRecord {
  source: string;
  runId: string;
  /** 'product' | 'price' | 'store' | 'offer' | 'line' */
  kind: string;
  reason: string;
  /** The raw record (or raw line text when it did not parse). */
  record: unknown;
  at: string;
}

/**
 * A feed run has published all its events (sent just before the run is marked completed, so a run that is
 * retried after a crash may send it again: consumers treat it as idempotent by runId). Keyed by source.
 */
export interface RunCompletedEvent {
  runId: string;
  source: string;
  /** Price events the run published (all chunks, including those before a resume). */
  pricesPublished: number;
  completedAt: string;
  /**
   * The stores the run saw and when (its start): a price of this source in one of them that the run saw as it was
   * last published travels no further, and is as fresh as `seen.at` unless it is listed in `unlisted` (the prices of
   * the store the source published before and this run no longer had). Absent when the run was resumed after a crash
   * (its first part's prices are not known): then no price is freshened by it.
   */
  seen?: RunSeenStores;
}

export interface RunSeenStores {
  at: string;
  stores: { storeId: number; unlisted: number[] }[];
}

export interface IngestStatus {
  sources: { source: string; newestObservationAt: string | null }[];
}

export * from './price-observed';
