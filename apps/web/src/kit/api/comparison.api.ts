import { api } from '../../app/api';
import type { BasketSplitResult } from '@hintakori/comparisons-contracts';
import type { ComparisonItem, StoreTotalsResult } from '../../app/models';

export interface StoreTotalsArgs {
  storeIds: number[];
  cartId?: string;
  items?: Array<{ itemId: number; quantity: number }>;
}

/** Answer of POST /shoppingCartComparisons/split (cents): the comparisons contract's (type-only, no code). */
export type BasketSplit = BasketSplitResult;

export interface BasketSplitArgs extends StoreTotalsArgs {
  maxStores?: number;
  origin?: { lat: number; long: number };
}

export const comparisonApi = api.injectEndpoints({
  endpoints: (build) => ({
    getComparison: build.query<ComparisonItem[], { storeIds: number[]; cartId?: string }>({
      query: ({ storeIds, cartId }) => ({
        url: '/shoppingCartComparisons',
        params: { storeIds, type: 'default', cartId },
      }),
      providesTags: ['Comparison'],
    }),
    /** POST, but read-only: modelled as a query so results are cached per basket and store list. */
    getStoreTotals: build.query<StoreTotalsResult, StoreTotalsArgs>({
      query: ({ storeIds, cartId, items }) => ({
        url: '/shoppingCartComparisons/storeTotals',
        method: 'POST',
        body: { storeIds, type: 'default', ...(cartId ? { cartId } : {}), ...(items ? { items } : {}) },
      }),
      providesTags: ['StoreTotals'],
    }),
    getBasketSplit: build.query<BasketSplit, BasketSplitArgs>({
      query: ({ storeIds, items, origin, maxStores }) => ({
        url: '/shoppingCartComparisons/split',
        method: 'POST',
        body: { storeIds, items, maxStores: maxStores ?? 2, ...(origin ? { origin } : {}) },
      }),
      providesTags: ['StoreTotals'],
    }),
  }),
});

export const { useGetComparisonQuery, useLazyGetComparisonQuery, useGetStoreTotalsQuery, useGetBasketSplitQuery } = comparisonApi;
