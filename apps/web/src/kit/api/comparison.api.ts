import { api } from '../../app/api';
import type { BasketSplitResult } from '@hintakori/comparisons-contracts';
import type { MemberCard } from '@hintakori/shared-contracts';
import type { ComparisonItem, StoreTotalsResult } from '../../app/models';

/** The membership cards of a request: the cards the shopper holds, or nothing at all when none (shelf prices). */
export interface CardsArg {
  cards?: readonly MemberCard[];
}

export interface StoreTotalsArgs extends CardsArg {
  storeIds: number[];
  cartId?: string;
  items?: Array<{ itemId: number; quantity: number }>;
}

/** `cards` for a POST body: omitted when none. */
export function cardsBody(cards: readonly MemberCard[] | undefined): { cards?: MemberCard[] } {
  return cards && cards.length > 0 ? { cards: [...cards] } : {};
}

/** `cards` as a query parameter (comma-separated): omitted when none. */
export function cardsParam(cards: readonly MemberCard[] | undefined): { cards?: string } {
  return cards && cards.length > 0 ? { cards: cards.join(',') } : {};
}

/** Answer of POST /shoppingCartComparisons/split (cents): the comparisons contract's (type-only, no code). */
export type BasketSplit = BasketSplitResult;

export interface BasketSplitArgs extends StoreTotalsArgs {
  maxStores?: number;
  origin?: { lat: number; long: number };
}

export const comparisonApi = api.injectEndpoints({
  endpoints: (build) => ({
    getComparison: build.query<ComparisonItem[], { storeIds: number[]; cartId?: string } & CardsArg>({
      query: ({ storeIds, cartId, cards }) => ({
        url: '/shoppingCartComparisons',
        params: { storeIds, type: 'default', cartId, ...cardsParam(cards) },
      }),
      providesTags: ['Comparison'],
    }),
    /** POST, but read-only: modelled as a query so results are cached per basket and store list. */
    getStoreTotals: build.query<StoreTotalsResult, StoreTotalsArgs>({
      query: ({ storeIds, cartId, items, cards }) => ({
        url: '/shoppingCartComparisons/storeTotals',
        method: 'POST',
        body: { storeIds, type: 'default', ...(cartId ? { cartId } : {}), ...(items ? { items } : {}), ...cardsBody(cards) },
      }),
      providesTags: ['StoreTotals'],
    }),
    getBasketSplit: build.query<BasketSplit, BasketSplitArgs>({
      query: ({ storeIds, items, origin, maxStores, cards }) => ({
        url: '/shoppingCartComparisons/split',
        method: 'POST',
        body: { storeIds, items, maxStores: maxStores ?? 2, ...(origin ? { origin } : {}), ...cardsBody(cards) },
      }),
      providesTags: ['StoreTotals'],
    }),
  }),
});

export const { useGetComparisonQuery, useLazyGetComparisonQuery, useGetStoreTotalsQuery, useGetBasketSplitQuery } = comparisonApi;
