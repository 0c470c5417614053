import { api } from '../../app/api';
import type { Item, Offer } from '../../app/models';

/** One campaign-priced product of a store (GET /stores/{id}/campaignItems); money in integer cents. */
export interface CampaignItem {
  /** With only this store's price in storeItems. */
  item: Item;
  price: number;
  lowestPrice30d: number | null;
  /** Below the 30-day low: true; not below it: false; no earlier price in 30 days: null. */
  isRealDiscount: boolean | null;
  /** lowestPrice30d − price for a real discount. */
  saving: number | null;
}

/** A page of a store's campaign items: real discounts first (biggest saving first). */
export interface StoreCampaignItems {
  storeId: number;
  total: number;
  limit: number;
  offset: number;
  items: CampaignItem[];
}

export const CAMPAIGN_PAGE_SIZE = 48;

export const offersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOffers: build.query<Offer[], number>({
      query: (storeId) => ({ url: '/offers', params: { storeId } }),
      providesTags: (_r, _e, storeId) => [{ type: 'Offer', id: storeId }],
    }),
    getStoreCampaignItems: build.query<StoreCampaignItems, { storeId: number; realOnly: boolean; offset: number }>({
      query: ({ storeId, realOnly, offset }) => ({
        url: `/stores/${storeId}/campaignItems`,
        params: { realOnly, limit: CAMPAIGN_PAGE_SIZE, offset },
      }),
      providesTags: (_r, _e, { storeId }) => [{ type: 'Offer', id: storeId }],
    }),
  }),
});

export const { useGetOffersQuery, useGetStoreCampaignItemsQuery } = offersApi;
