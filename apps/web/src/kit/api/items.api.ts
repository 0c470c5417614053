import type { ItemAlternativesDto } from '@hintakori/catalog-contracts';
import { api } from '../../app/api';
import type { Category, Item } from '../../app/models';
import { categoriesReceived } from '../product/categories.slice';
import type { ItemHistory } from './history.models';

/** Answer of GET /items/{id}/alternatives (cents per comparison unit): the catalog contract's (type-only, no code). */
export type ItemAlternatives = ItemAlternativesDto;

export const itemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], void>({
      query: () => ({ url: '/categories' }),
      providesTags: ['Category'],
      // The list also goes to the categories slice, which is part of the first screen's store.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(categoriesReceived(data));
        } catch {
          // A failed fetch leaves the list as it was; the query's own error state tells the pages.
        }
      },
    }),
    searchItems: build.query<Item[], { search: string; storeIds: number[] }>({
      query: ({ search, storeIds }) => ({ url: '/items', params: { search, storeIds } }),
      providesTags: ['Item'],
    }),
    getCategoryItems: build.query<Item[], { slugs: string[]; storeIds: number[] }>({
      query: ({ slugs, storeIds }) => ({
        url: `/items/categories/${slugs.map(encodeURIComponent).join('/')}`,
        params: { storeIds },
      }),
      providesTags: ['Item'],
    }),
    getItem: build.query<Item, { id: number; storeIds: number[] }>({
      query: ({ id, storeIds }) => ({ url: `/items/${id}`, params: { storeIds } }),
      providesTags: (_r, _e, { id }) => [{ type: 'Item', id }],
    }),
    /** GET /items/byEan/{ean}: the product a scanned barcode names (404 when none has it). */
    getItemByEan: build.query<Item, { ean: string; storeIds: number[] }>({
      query: ({ ean, storeIds }) => ({ url: `/items/byEan/${encodeURIComponent(ean)}`, params: { storeIds } }),
      providesTags: (r) => (r ? [{ type: 'Item', id: r.id }] : []),
    }),
    getItemHistory: build.query<ItemHistory, { id: number; storeIds: number[] }>({
      query: ({ id, storeIds }) => ({ url: `/items/${id}/history`, params: { storeIds } }),
      providesTags: (_r, _e, { id }) => [{ type: 'Item', id }],
    }),
    getItemAlternatives: build.query<ItemAlternatives, { id: number; storeIds: number[] }>({
      query: ({ id, storeIds }) => ({ url: `/items/${id}/alternatives`, params: { storeIds } }),
      providesTags: (_r, _e, { id }) => [{ type: 'Item', id }],
    }),
  }),
});

export const { useGetCategoriesQuery, useSearchItemsQuery, useGetCategoryItemsQuery, useGetItemQuery, useGetItemHistoryQuery, useGetItemAlternativesQuery } =
  itemsApi;
export const { useLazyGetItemByEanQuery } = itemsApi;
