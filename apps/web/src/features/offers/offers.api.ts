import { api } from '../../app/api';
import type { Offer } from '../../app/models';

export const offersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOffers: build.query<Offer[], number>({
      query: (storeId) => ({ url: '/offers', params: { storeId } }),
      providesTags: (_r, _e, storeId) => [{ type: 'Offer', id: storeId }],
    }),
  }),
});

export const { useGetOffersQuery } = offersApi;
