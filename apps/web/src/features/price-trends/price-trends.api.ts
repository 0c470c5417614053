import { api } from '../../app/api';
import type { Store } from '../../app/models';
// The answers' shapes are the catalog contract's (type-only: nothing of it reaches the bundle).
import type { PriceChangeDirection, PriceChanges, PriceLevels } from '@hintakori/catalog-contracts';
export type { BasketItem, ItemSummary, PriceChange, PriceChangeDirection, PriceChanges, PriceLevelPoint, PriceLevelSeries, PriceLevels } from '@hintakori/catalog-contracts';

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
