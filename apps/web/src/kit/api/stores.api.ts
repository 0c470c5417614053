import { STORE_PAGE_SIZE, type GeoBox } from '@hintakori/web-util';
import { api } from '../../app/api';
import type { Store, StoreMinimal } from '../../app/models';

export interface LocationArgs extends GeoBox {
  lat?: number;
  long?: number;
}

export const storesApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchStores: build.query<Store[], string>({
      query: (search) => ({ url: '/stores', params: { search } }),
      providesTags: ['Store'],
    }),
    getStoresByLocation: build.query<Store[], LocationArgs>({
      query: (args) => ({ url: '/stores/location', params: { ...args } }),
      providesTags: ['Store'],
    }),
    getStoresMinimal: build.infiniteQuery<StoreMinimal[], void, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _all, lastSkip) =>
          lastPage.length < STORE_PAGE_SIZE ? undefined : lastSkip + STORE_PAGE_SIZE,
      },
      query: ({ pageParam }) => ({ url: '/stores/minimal', params: { skip: pageParam } }),
      providesTags: ['StoreList'],
    }),
    getStore: build.query<Store, number>({
      query: (id) => ({ url: `/stores/${id}` }),
      providesTags: (_r, _e, id) => [{ type: 'Store', id }],
    }),
  }),
});

export const {
  useSearchStoresQuery,
  useLazySearchStoresQuery,
  useGetStoresByLocationQuery,
  useLazyGetStoresByLocationQuery,
  useGetStoresMinimalInfiniteQuery,
  useGetStoreQuery,
} = storesApi;
