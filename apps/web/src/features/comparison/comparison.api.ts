import { api } from '../../app/api';
import type { ComparisonItem, StoreTotalsResult } from '../../app/models';

export interface StoreTotalsArgs {
  storeIds: number[];
  cartId?: string;
  items?: Array<{ itemId: number; quantity: number }>;
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
  }),
});

export const { useGetComparisonQuery, useLazyGetComparisonQuery, useGetStoreTotalsQuery } = comparisonApi;
