import type { UnknownAction } from '@reduxjs/toolkit';
import { NO_CART_ID } from '@hintakori/web-util';
import { createAction } from '../../app/actions';
import type { Item, ServerCart } from '../../app/models';

export interface CartItem extends Item {
  count: number;
}

export interface CartState {
  /** Server cart id; 'NO_ID' until the first change has been saved. */
  id: string;
  items: CartItem[];
  /** True once the server cart was fetched (or there was nothing to fetch) this session. */
  loaded: boolean;
}

export const initialCartState: CartState = { id: NO_CART_ID, items: [], loaded: false };

export const itemAdded = createAction<Item>('cart/itemAdded');
export const itemIncremented = createAction<number>('cart/itemIncremented');
export const itemDecremented = createAction<number>('cart/itemDecremented');
export const itemRemoved = createAction<number>('cart/itemRemoved');
export const cartIdReceived = createAction<string>('cart/cartIdReceived');
export const cartLoaded = createAction<ServerCart>('cart/cartLoaded');
export const cartPricesRefreshed = createAction<ServerCart>('cart/cartPricesRefreshed');
export const cartLoadSkipped = createAction('cart/cartLoadSkipped');

const withCount = (items: CartItem[], id: number, count: number) => items.map((i) => (i.id === id ? { ...i, count } : i));

export function cartReducer(state: CartState = initialCartState, action: UnknownAction): CartState {
  /** Adding sets the count to 1. */
  if (itemAdded.match(action)) {
    const item = action.payload;
    const items = state.items.some((i) => i.id === item.id) ? withCount(state.items, item.id, 1) : [...state.items, { ...item, count: 1 }];
    return { ...state, items };
  }
  if (itemIncremented.match(action)) {
    const line = state.items.find((i) => i.id === action.payload);
    return line ? { ...state, items: withCount(state.items, line.id, line.count + 1) } : state;
  }
  /** Subtracts one; at count 1 the line is removed. */
  if (itemDecremented.match(action)) {
    const line = state.items.find((i) => i.id === action.payload);
    if (!line) return state;
    const items = line.count <= 1 ? state.items.filter((i) => i.id !== line.id) : withCount(state.items, line.id, line.count - 1);
    return { ...state, items };
  }
  if (itemRemoved.match(action)) return { ...state, items: state.items.filter((i) => i.id !== action.payload) };
  /** The id the server answered with replaces the stored one. */
  if (cartIdReceived.match(action)) return action.payload ? { ...state, id: action.payload } : state;
  /**
   * First fetch of the session: the server lines join the local cart. Lines changed locally while the
   * request was under way keep their local count.
   */
  if (cartLoaded.match(action)) {
    const local = new Map(state.items.map((i) => [i.id, i]));
    const merged: CartItem[] = action.payload.items.map(({ item, quantity }) => {
      const mine = local.get(item.id);
      local.delete(item.id);
      return { ...item, count: mine ? mine.count : quantity };
    });
    return { id: action.payload.id || state.id, items: [...merged, ...local.values()], loaded: true };
  }
  /** Later fetches only refresh prices of lines that are still in the local cart. */
  if (cartPricesRefreshed.match(action)) {
    const fresh = new Map(action.payload.items.map(({ item }) => [item.id, item]));
    const items = state.items.map((line) => {
      const item = fresh.get(line.id);
      return item ? { ...line, storeItems: item.storeItems } : line;
    });
    return { ...state, items };
  }
  if (cartLoadSkipped.match(action)) return { ...state, loaded: true };
  return state;
}

export const cartCount = (items: readonly CartItem[]) => items.reduce((sum, i) => sum + i.count, 0);
