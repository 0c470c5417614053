import { NO_CART_ID } from '@hintakori/web-util';
import type { Item } from '../../app/models';
import type { AppThunk, RootState } from '../../app/store';
import { markCartPricesFetched, readOfflineCart } from './offline-cart';
import { cartApi } from '../api/cart.api';
import {
  cartIdReceived,
  cartLoaded,
  cartLoadSkipped,
  cartPricesRefreshed,
  itemAdded,
  itemDecremented,
  itemIncremented,
  itemRemoved,
} from './cart.slice';

/**
 * Cart calls run one after another so that each uses the id returned by the previous one
 * (the first change of a new cart is sent with 'NO_ID' and creates it).
 */
let queue: Promise<void> = Promise.resolve();
function enqueue(task: () => Promise<void>): Promise<void> {
  queue = queue.then(task).catch((e: unknown) => console.error(e));
  return queue;
}

/** Test hook: wait until queued cart calls have finished. */
export function cartQueueIdle(): Promise<void> {
  return queue;
}

type LineEndpoint = 'putCartItem' | 'deleteCartItem' | 'incrementCartItem' | 'decrementCartItem';

function sendLineChange(endpoint: LineEndpoint, itemId: number): AppThunk<Promise<void>> {
  return (dispatch, getState) =>
    enqueue(async () => {
      const cartId = getState().cart.id;
      const result = await dispatch(cartApi.endpoints[endpoint].initiate({ cartId, itemId }, { track: false }));
      if ('data' in result && result.data?.id) dispatch(cartIdReceived(result.data.id));
      else if ('error' in result) console.error('Cart update failed', result.error);
    });
}

const lineCount = (state: RootState, itemId: number) => state.cart.items.find((i) => i.id === itemId)?.count ?? 0;

/** Adds a product with count 1 (applied locally first, then saved). */
export const addToCart =
  (item: Item): AppThunk<Promise<void>> =>
  (dispatch, getState) => {
    if (lineCount(getState(), item.id) > 0) return dispatch(incrementInCart(item.id));
    dispatch(itemAdded(item));
    return dispatch(sendLineChange('putCartItem', item.id));
  };

export const incrementInCart =
  (itemId: number): AppThunk<Promise<void>> =>
  (dispatch) => {
    dispatch(itemIncremented(itemId));
    return dispatch(sendLineChange('incrementCartItem', itemId));
  };

/** Minus: subtracts one, or removes the line when the count is 1. */
export const decrementInCart =
  (itemId: number): AppThunk<Promise<void>> =>
  (dispatch, getState) => {
    const count = lineCount(getState(), itemId);
    if (count === 0) return Promise.resolve();
    if (count <= 1) return dispatch(removeFromCart(itemId));
    dispatch(itemDecremented(itemId));
    return dispatch(sendLineChange('decrementCartItem', itemId));
  };

export const removeFromCart =
  (itemId: number): AppThunk<Promise<void>> =>
  (dispatch) => {
    dispatch(itemRemoved(itemId));
    return dispatch(sendLineChange('deleteCartItem', itemId));
  };

/** Replaces a cart line with another product, keeping its quantity. */
export const swapInCart =
  (fromItemId: number, to: Item): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const count = lineCount(getState(), fromItemId);
    if (count === 0) return;
    await dispatch(removeFromCart(fromItemId));
    await dispatch(addToCart(to));
    for (let i = 1; i < count; i++) await dispatch(incrementInCart(to.id));
  };

let loadRequested = false;

/** Fetches the saved cart once per session when a cart id exists. */
export const ensureCartLoaded = (): AppThunk<Promise<void>> => (dispatch, getState) => {
  const { cart } = getState();
  if (cart.loaded || loadRequested) return Promise.resolve();
  if (cart.id === NO_CART_ID) {
    dispatch(cartLoadSkipped());
    return Promise.resolve();
  }
  loadRequested = true;
  return enqueue(async () => {
    const state = getState();
    const storeIds = state.stores.selected.map((s) => s.id);
    const result = await dispatch(
      cartApi.endpoints.getCart.initiate({ cartId: state.cart.id, storeIds }, { subscribe: false, forceRefetch: true }),
    );
    if (result.data) {
      dispatch(cartLoaded(result.data));
      markCartPricesFetched(result.data.id || state.cart.id);
    } else {
      console.error('Loading the cart failed', result.error);
      // Offline (or the server is down): show the cart with its prices as last fetched, if it was kept.
      const kept = readOfflineCart();
      if (kept.cartId === state.cart.id && kept.items.length > 0) {
        dispatch(cartLoaded({ id: kept.cartId, items: kept.items.map(({ count, ...item }) => ({ item, quantity: count })) }));
      } else {
        dispatch(cartLoadSkipped());
      }
    }
  });
};

/** After the selected stores change, re-fetch prices of the lines for the new stores. */
export const refreshCartPrices = (): AppThunk<Promise<void>> => (dispatch, getState) => {
  const { cart } = getState();
  if (!cart.loaded || cart.id === NO_CART_ID || cart.items.length === 0) return Promise.resolve();
  return enqueue(async () => {
    const state = getState();
    const storeIds = state.stores.selected.map((s) => s.id);
    const result = await dispatch(
      cartApi.endpoints.getCart.initiate({ cartId: state.cart.id, storeIds }, { subscribe: false, forceRefetch: true }),
    );
    if (result.data) {
      dispatch(cartPricesRefreshed(result.data));
      markCartPricesFetched(state.cart.id);
    } else console.error('Refreshing cart prices failed', result.error);
  });
};

/** Test hook. */
export function resetCartThunkState() {
  loadRequested = false;
  queue = Promise.resolve();
}
