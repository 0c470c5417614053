import type { MemberPrice, Multibuy } from '@hintakori/shared-contracts';
import type { ChainId, StoreGroupType } from '@hintakori/stores-contracts';

/** The chains and groups are the stores contract's (its CHAIN_IDS list). */
export type { ChainId };
export type StoreType = StoreGroupType;

/** Generator sizes: 'small' (reduced), 'standard' (the default), 'finland' (national scale). */
export type DemoSize = 'small' | 'standard' | 'finland';

export interface DemoOptions {
  /** PRNG seed; default 20190101. */
  seed?: number;
  /** Europe/Helsinki "today" as YYYY-MM-DD; default: the real current date in Helsinki. */
  today?: string;
  /** 'small' generates a reduced data set (all chains and towns, fewer stores and items); 'finland' a national one. */
  size?: DemoSize;
}

export interface WeeklyHours {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
}

export interface DemoOpeningException {
  date: string;
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
  description: string | null;
}

export interface DemoStore {
  id: number;
  name: string;
  urlSlug: string;
  chain: ChainId;
  type: StoreType;
  externalId: string;
  address: string;
  postalCode: string;
  city: string;
  lat: number;
  long: number;
  weeklyHours: WeeklyHours[];
  exceptions: DemoOpeningException[];
}

export interface DemoCategory {
  id: number;
  name: string;
  slug: string;
  parentCategoryId: number | null;
}

export interface DemoNutrient {
  name: string;
  value: string;
  ri: string | null;
}

export interface DemoItem {
  id: number;
  ean: string;
  name: string;
  urlSlug: string;
  pictureUrl: string;
  brandName: string;
  originCountry: string;
  description: string;
  ingredients: string;
  nutritionalContent: DemoNutrient[];
  /** Always a leaf (level 3) category. */
  categoryId: number;
  priceUnit: 'kpl' | 'kg';
  comparisonPriceUnit: 'kg' | 'l' | 'kpl';
  /** National reference price in cents. */
  basePrice: number;
}

export interface DemoPrice {
  itemId: number;
  storeId: number;
  /** Cents. */
  price: number;
  /** Cents per comparison unit. */
  comparisonPrice: number;
  priceUnit: string;
  comparisonPriceUnit: string;
  isCampaign: boolean;
  /** ISO 8601, UTC. */
  updatedAt: string;
  /** Cents: the container deposit (pantti) of a drink, on top of the price; absent for everything else. */
  deposit?: number;
  /** The till terms of the price, each absent when the demo gives none (the fields of prices.observed, same meaning). */
  regularPrice?: number;
  campaignStartsAt?: string;
  campaignEndsAt?: string;
  memberPrice?: MemberPrice;
  multibuy?: Multibuy;
  averageWeightGrams?: number;
}

export interface DemoOffer {
  id: number;
  storeId: number;
  itemId: number;
  name: string;
  image: string;
}

export interface DemoData {
  stores: DemoStore[];
  categories: DemoCategory[];
  items: DemoItem[];
  offers: DemoOffer[];
  /** Streams every price in a deterministic order (store id, then item id). Each call starts over. */
  prices(): Iterable<DemoPrice>;
  /** Exact number of prices that prices() yields. */
  priceCount: number;
  /**
   * As prices(), each pair's earlier observations first (oldest first, all older than its current price): a 60-day
   * price history for the everyday products of the price levels' reference basket and one change for some other prices.
   */
  pricesWithHistory(): Iterable<DemoPrice>;
  /** Exact number of observations that pricesWithHistory() yields. */
  priceWithHistoryCount: number;
  /** The price of items[itemIndex] in stores[storeIndex], or null when that store does not sell it. */
  priceAt(storeIndex: number, itemIndex: number): DemoPrice | null;
  /** For some campaign prices of S and K group stores, the earlier (non-campaign) price the feeds also carry, else null. */
  earlierPriceAt(storeIndex: number, itemIndex: number, current?: DemoPrice | null): DemoPrice | null;
  /**
   * The observations the feeds carry before a pair's current price, oldest first: the history of pricesWithHistory()
   * (60 days for the reference basket's everyday products) and the earlier price of earlierPriceAt.
   */
  historyAt(storeIndex: number, itemIndex: number, current: DemoPrice): DemoPrice[];
}
