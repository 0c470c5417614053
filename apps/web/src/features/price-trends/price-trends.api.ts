import { api } from '../../app/api';
import type { Store } from '../../app/models';

/** The few product fields of the price pages. */
export interface ItemSummary {
  id: number;
  name: string;
  urlSlug: string;
  pictureUrl: string;
  brandName: string;
}

/** One product of the reference basket and the everyday category it stands for. */
export interface BasketItem {
  item: ItemSummary;
  categorySlug: string;
  categoryName: string;
  /** Stores that priced it when it was chosen. */
  storeCount: number;
  /** Its average comparison price then, cents per comparisonPriceUnit. */
  comparisonPrice: number | null;
  comparisonPriceUnit: string;
  chosenAt: string;
}

export interface PriceLevelPoint {
  date: string;
  /** Cents, estimated prices included. */
  total: number;
  /** 100 on the store's first day. */
  index: number;
  /** 0–1: share of the basket the store priced itself. */
  coverage: number;
  estimated: number;
}

export interface PriceLevelSeries {
  storeId: number;
  points: PriceLevelPoint[];
}

/** GET /priceLevels */
export interface PriceLevels {
  from: string;
  to: string;
  basket: { items: BasketItem[] };
  series: PriceLevelSeries[];
}

/** GET /priceChanges: one current price against the one before it. Money in cents. */
export interface PriceChange {
  item: ItemSummary;
  storeId: number;
  previousPrice: number;
  price: number;
  changedAt: string;
  changePercent: number;
  isCampaign: boolean;
}

export interface PriceChanges {
  total: number;
  limit: number;
  offset: number;
  items: PriceChange[];
}

export type PriceChangeDirection = 'down' | 'up';

/** The API's limits (stated in its OpenAPI document). */
export const MAX_PRICE_LEVEL_STORES = 50;
export const PRICE_CHANGES_PAGE = 30;

export const priceTrendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The stores of a municipality: a store search by its name, kept where the city is that name (at most 50). */
    getStoresOfMunicipality: build.query<Store[], string>({
      query: (municipality) => ({ url: '/stores', params: { search: municipality, limit: MAX_PRICE_LEVEL_STORES } }),
      transformResponse: (stores: Store[], _meta, municipality) => stores.filter((s) => s.city?.toLocaleLowerCase('fi') === municipality.toLocaleLowerCase('fi')),
    }),
    getPriceLevels: build.query<PriceLevels, { storeIds: number[]; from: string; to: string }>({
      query: ({ storeIds, from, to }) => ({ url: '/priceLevels', params: { storeIds: storeIds.join(','), from, to } }),
    }),
    getPriceChanges: build.query<PriceChanges, { storeIds: number[]; days: number; direction: PriceChangeDirection; category: string; offset: number }>({
      query: ({ storeIds, days, direction, category, offset }) => ({
        url: '/priceChanges',
        params: { storeIds: storeIds.join(','), days, direction, limit: PRICE_CHANGES_PAGE, offset, ...(category ? { category } : {}) },
      }),
    }),
  }),
});

export const { useGetPriceLevelsQuery, useGetPriceChangesQuery, useGetStoresOfMunicipalityQuery } = priceTrendsApi;
