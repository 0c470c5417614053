/** Message patterns and payloads of the stores service (stores, chains, opening hours, offers). */

export const StoresPatterns = {
  Search: 'stores.search',
  InBox: 'stores.in-box',
  Minimal: 'stores.minimal',
  Get: 'stores.get',
  GetMany: 'stores.get-many',
  OffersByStore: 'stores.offers.by-store',
} as const;
export type StoresPattern = (typeof StoresPatterns)[keyof typeof StoresPatterns];

export type ChainId =
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

/** 'K' for the K group, 'S' for the S group, 'L' for Lidl. */
export type StoreGroupType = 'S' | 'K' | 'L';

export interface OpeningEntryDto {
  date: string;
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
  description: string | null;
}

export interface StoreDto {
  id: number;
  name: string;
  urlSlug: string;
  chain: ChainId;
  type: StoreGroupType;
  externalId: string;
  address: string;
  postalCode: string;
  city: string;
  lat: number;
  long: number;
  /** Dated regular entries from yesterday to six days ahead (Europe/Helsinki). */
  openingTimes: OpeningEntryDto[];
  /** Dated exceptions in the same window; an exception overrides the regular entry of its date. */
  openingTimeExceptions: OpeningEntryDto[];
  /** Metres from the point asked for; only when a point was given. */
  distance?: number;
  /** The source the store came from ('osm', 's-group', …) and when it last saw it; null for seeded stores. */
  source: string | null;
  sourceObservedAt: string | null;
  /** false: the source's hours could not be read, so none are shown ("Aukioloajat eivät ole tiedossa"). */
  openingHoursKnown: boolean;
  /** The store is gone from its source (closed for good); kept so carts and history still point at it. */
  isClosed: boolean;
}

export interface StoreMinimalDto {
  id: number;
  name: string;
  urlSlug: string;
  chain: ChainId;
  type: StoreGroupType;
}

export interface OfferDto {
  id: number;
  name: string;
  image: string;
}

export interface SearchStoresRequest {
  search: string;
  limit: number;
}

export interface StoresInBoxRequest {
  minLat: number;
  minLong: number;
  maxLat: number;
  maxLong: number;
  lat?: number;
  long?: number;
  limit: number;
}

export interface MinimalStoresRequest {
  skip: number;
  limit: number;
}

export interface GetStoreRequest {
  id: number;
}

export interface GetStoresRequest {
  ids: number[];
}

export interface OffersByStoreRequest {
  storeId: number;
}

export const STORE_PAGE_SIZE = 200;
