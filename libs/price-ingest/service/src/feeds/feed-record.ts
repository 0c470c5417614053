import type { ItemUpsertedEvent, StoreUpsertedEvent } from '@hintakori/price-ingest-contracts';
import type { MemberPrice, Multibuy } from '@hintakori/shared-contracts';

/** A store as a source adapter normalised it: the event without what the run adds (id from the registry, time, source). */
export type FeedStore = Omit<StoreUpsertedEvent, 'storeId' | 'observedAt' | 'source' | 'type'> & { type: 'S' | 'K' | 'L' };
// A chain source's store (S-kaupat, K-Ruoka, Lidl) that OpenStreetMap also maps is the same store: the run registers
// it under the OSM store's id when one of the same chain lies within STORE_TWIN_METRES (registry.repository.ts).

/** A product as a source adapter normalised it: the event without what the run adds. */
export type FeedProduct = Omit<ItemUpsertedEvent, 'itemId' | 'observedAt' | 'source'> & {
  /** Where the product data came from when not the run's own source (an Open Prices run creates products from Open Food Facts). */
  source?: string;
};

export interface FeedPrice {
  /** null: a national price that applies to every store of the source. */
  externalStoreId: string | null;
  ean: string;
  /** Integer cents (not yet range-checked: the run rejects absurd prices). */
  price: number;
  comparisonPrice: number | null;
  /** Units when the price record gives them; otherwise the product's. */
  priceUnit: string | null;
  comparisonPriceUnit: string | null;
  isCampaign: boolean;
  /** ISO time the source saw the price; null: the run's start. */
  observedAt: string | null;
  /** Cents: the regular price of a campaign price, when the source gives one (kept only above the price). */
  regularPrice?: number | null;
  /** Cents: the deposit (pantti) on top of the price when the source gives one (0 or absent: none). */
  deposit?: number | null;
  /** ISO time a campaign price ends, when the source says (S-kaupat `campaignPriceValidUntil`, K-Ruoka `discount.endDate`). */
  campaignEndsAt?: string | null;
  /** Cents: the shop's own lowest price of the 30 days before, when it publishes one (S-kaupat `lowest30DayPrice`). */
  sourceLowest30d?: number | null;
  /** The price is the shop's estimate (a weighed product's price per piece, S-kaupat `isApproximatePrice`). */
  isApproximate?: boolean;
  /**
   * ISO time a campaign starts when it starts after the price was seen (an upcoming campaign: `price` is already the
   * campaign price, `regularPrice` the shelf price). Never after campaignEndsAt (the run rejects the line).
   */
  campaignStartsAt?: string | null;
  /** The price for holders of a card (cents); never above `regularPrice ?? price` (the run rejects the line). */
  memberPrice?: MemberPrice | null;
  /** `quantity` (2 … 99) pieces for `price` cents in all. */
  multibuy?: Multibuy | null;
  /** Grams one piece of a good priced per kilogram weighs on average (1 … 100000). */
  averageWeightGrams?: number | null;
}

export interface FeedOffer {
  externalStoreId: string;
  ean: string;
  name: string;
  image: string | null;
  validUntil: string | null;
}

export type RecordKind = 'store' | 'product' | 'price' | 'offer' | 'line';

export type FeedRecord =
  | { kind: 'store'; value: FeedStore }
  | { kind: 'product'; value: FeedProduct }
  | { kind: 'price'; value: FeedPrice }
  | { kind: 'offer'; value: FeedOffer }
  | { kind: 'reject'; recordKind: RecordKind; reason: string; raw: unknown };

/**
 * One source format. A parser is created per run (a CSV parser keeps its header) and gets every line
 * of the feed in order, including those a resumed run skips.
 */
export interface SourceAdapter {
  /** The source id used in registries, events and dead letters ('s-group', 'csv:acme', …). */
  readonly source: string;
  createParser(): (line: string, lineNo: number) => FeedRecord[];
  /**
   * Set by a source whose parser reads each line on its own (nothing carried from line to line, nothing from the
   * clock): a file run then skips parsing a line a previous whole run read as one price that is still the one
   * published (runs/unchanged-lines.ts). Bump it whenever the records the parser makes of a line change.
   */
  readonly lineCacheVersion?: number;
}

export function reject(recordKind: RecordKind, reason: string, raw: unknown): FeedRecord {
  return { kind: 'reject', recordKind, reason, raw };
}
