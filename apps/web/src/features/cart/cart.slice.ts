import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { NO_CART_ID } from '@hintakori/web-util';
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

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Adding sets the count to 1. */
    itemAdded(state, action: PayloadAction<Item>) {
      const existing = state.items.find((i) => i.id === action.payload.id);
      if (existing) existing.count = 1;
      else state.items.push({ ...action.payload, count: 1 });
    },
    itemIncremented(state, action: PayloadAction<number>) {
      const line = state.items.find((i) => i.id === action.payload);
      if (line) line.count += 1;
    },
    /** Subtracts one; at count 1 the line is removed. */
    itemDecremented(state, action: PayloadAction<number>) {
      const line = state.items.find((i) => i.id === action.payload);
      if (!line) return;
      if (line.count <= 1) state.items = state.items.filter((i) => i.id !== action.payload);
      else line.count -= 1;
    },
    itemRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((i) => i.id !== action.payload);
    },
    /** The id the server answered with replaces the stored one. */
    cartIdReceived(state, action: PayloadAction<string>) {
      if (action.payload) state.id = action.payload;
    },
    /**
     * First fetch of the session: the server lines join the local cart. Lines changed locally while the
     * request was under way keep their local count.
     */
    cartLoaded(state, action: PayloadAction<ServerCart>) {
      state.id = action.payload.id || state.id;
      const local = new Map(state.items.map((i) => [i.id, i]));
      const merged: CartItem[] = action.payload.items.map(({ item, quantity }) => {
        const mine = local.get(item.id);
        local.delete(item.id);
        return { ...item, count: mine ? mine.count : quantity };
      });
      state.items = [...merged, ...local.values()];
      state.loaded = true;
    },
    /** Later fetches only refresh prices of lines that are still in the local cart. */
    cartPricesRefreshed(state, action: PayloadAction<ServerCart>) {
      const fresh = new Map(action.payload.items.map(({ item }) => [item.id, item]));
      for (const line of state.items) {
        const item = fresh.get(line.id);
        if (item) line.storeItems = item.storeItems;
      }
    },
    cartLoadSkipped(state) {
      state.loaded = true;
    },
  },
});

export const {
  itemAdded,
  itemIncremented,
  itemDecremented,
  itemRemoved,
  cartIdReceived,
  cartLoaded,
  cartPricesRefreshed,
  cartLoadSkipped,
} = cartSlice.actions;

export const cartCount = (items: readonly CartItem[]) => items.reduce((sum, i) => sum + i.count, 0);
