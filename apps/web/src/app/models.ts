/** JSON shapes served under /api (their schemas: the OpenAPI document at /api/docs). Prices are integer cents. */
import type { CartWriteResult } from '@hintakori/carts-contracts';
import type { StoreTotal, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import type { OpeningEntry } from '@hintakori/web-util';

export type { OpeningEntry };

export interface Category {
  id: number;
  name: string;
  slug: string;
  parentCategoryId: number | null;
}

export interface StoreItem {
  storeId: number;
  price: number | null;
  comparisonPrice: number | null;
  priceUnit: string;
  comparisonPriceUnit: string;
  isEstimated: boolean;
  updatedAt: string | null;
  /** Campaign (offer) price; only on catalog answers. */
  isCampaign?: boolean;
  /** Lowest price of the 30 days before the current one took effect (cents); null without history. */
  lowestPrice30d?: number | null;
  /** Source id of the price ('s-group', 'open-prices', 'csv:<name>', …); null for estimates and seeded prices. */
  source?: string | null;
  /** The regular price beside a campaign price (cents), when its source gave one. */
  regularPrice?: number | null;
  /** The container deposit (pantti, cents) paid on top of the price, when its source gave one; never in either price. */
  deposit?: number | null;
}

/** Which source gave one of a product's fields ('name', 'ingredients', …), and when. */
export interface FieldSource {
  field: string;
  source: string;
  observedAt: string | null;
}

export interface NutritionRow {
  name: string;
  value: string;
  ri: string | null;
}

export interface Item {
  id: number;
  /** The product's EAN when a feed gave one. */
  ean?: string | null;
  name: string;
  urlSlug: string;
  pictureUrl: string | null;
  brandName: string | null;
  originCountry: string | null;
  description: string | null;
  ingredients: string | null;
  nutritionalContent: NutritionRow[] | null;
  itemCategories: Array<{ category: Category }> | null;
  storeItems: StoreItem[];
  /** Only on the product by id. */
  fieldSources?: FieldSource[];
}

export type StoreType = 'S' | 'K' | 'L';

export type Chain =
  | 'prisma'
  | 's-market'
  | 'alepa'
  | 'sale'
  | 'abc'
  | 'herkku'
  | 'kcitymarket'
  | 'ksupermarket'
  | 'kmarket'
  | 'nokm'
  | 'lidl';

export interface StoreMinimal {
  id: number;
  name: string;
  urlSlug: string;
  chain: Chain | string;
  type: StoreType | string;
}

export interface Store extends StoreMinimal {
  externalId: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  lat: number;
  long: number;
  openingTimes: Array<OpeningEntry | OpeningEntry[]> | null;
  openingTimeExceptions: Array<OpeningEntry | OpeningEntry[]> | null;
  distance?: number;
  /** The source the store came from ('osm', 's-group', …) and when it last saw it; null for seeded stores. */
  source?: string | null;
  sourceObservedAt?: string | null;
  /** false: the source's hours could not be read, so none are shown. */
  openingHoursKnown?: boolean;
  /** Gone from its source (closed for good). */
  isClosed?: boolean;
}

export interface Offer {
  id: number;
  name: string;
  image: string;
}

export interface ServerCart {
  id: string;
  items: Array<{ item: Item; quantity: number }>;
}

/** What a cart write answers: the cart id to keep from now on (the carts contract's type; type-only, no code). */
export type CartIdResponse = CartWriteResult;

export type ComparisonItem = Item & { quantity: number };

/** Store totals keyed by store id (the comparisons contract's types; type-only, no code). */
export type { StoreTotal as StoreTotalsEntry, StoreTotalsResult };
