import { api } from '../../app/api';
import type { CartIdResponse, ServerCart } from '../../app/models';

interface LineArgs {
  cartId: string;
  itemId: number;
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<ServerCart, { cartId: string; storeIds: number[] }>({
      query: ({ cartId, storeIds }) => ({
        url: `/shoppingCarts/${encodeURIComponent(cartId)}`,
        params: { storeIds },
      }),
      providesTags: (_r, _e, { cartId }) => [{ type: 'Cart', id: cartId }],
    }),
    putCartItem: build.mutation<CartIdResponse, LineArgs>({
      query: ({ cartId, itemId }) => ({ url: `/shoppingCarts/${encodeURIComponent(cartId)}/items/${itemId}`, method: 'PUT' }),
    }),
    deleteCartItem: build.mutation<CartIdResponse, LineArgs>({
      query: ({ cartId, itemId }) => ({ url: `/shoppingCarts/${encodeURIComponent(cartId)}/items/${itemId}`, method: 'DELETE' }),
    }),
    incrementCartItem: build.mutation<CartIdResponse, LineArgs>({
      query: ({ cartId, itemId }) => ({
        url: `/shoppingCarts/${encodeURIComponent(cartId)}/items/${itemId}/increment`,
        method: 'POST',
      }),
    }),
    decrementCartItem: build.mutation<CartIdResponse, LineArgs>({
      query: ({ cartId, itemId }) => ({
        url: `/shoppingCarts/${encodeURIComponent(cartId)}/items/${itemId}/decrement`,
        method: 'POST',
      }),
    }),
  }),
});

export const { useGetCartQuery } = cartApi;
