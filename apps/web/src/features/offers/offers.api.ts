import { api } from '../../app/api';
import type { CampaignItemDto, StoreCampaignItemsDto } from '@hintakori/catalog-contracts';
import type { Item, Offer } from '../../app/models';

/**
 * One campaign-priced product of a store (GET /stores/{id}/campaignItems): the catalog contract's (type-only, no
 * code), its product read as the web reads every product.
 */
export type CampaignItem = Omit<CampaignItemDto, 'item'> & { item: Item };

/** A page of a store's campaign items: real discounts first (biggest saving first). */
export type StoreCampaignItems = Omit<StoreCampaignItemsDto, 'items'> & { items: CampaignItem[] };

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
