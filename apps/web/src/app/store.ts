import { NO_CART_ID } from '@hintakori/web-util';
import { combineReducers, configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { cartSlice, initialCartState } from '../features/cart/cart.slice';
import { categoriesSlice } from '../features/items/categories.slice';
import { uiSlice } from '../features/layout/ui.slice';
import { saveOfflineCartItems } from '../features/offline/offline-cart';
import { loadSelectedStores, storesSlice } from '../features/stores/stores.slice';
import { api } from './api';
import { readCartId, STORAGE_KEYS, writeCartId, writeJson } from './storage';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  stores: storesSlice.reducer,
  cart: cartSlice.reducer,
  categories: categoriesSlice.reducer,
  ui: uiSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

/** The browser store: selected stores and cart id come from and go back to local storage. */
export function createAppStore() {
  const store = makeStore({
    stores: { selected: loadSelectedStores() },
    cart: { ...initialCartState, id: readCartId() },
  });
  let previous = store.getState();
  store.subscribe(() => {
    const next = store.getState();
    if (next.stores.selected !== previous.stores.selected) writeJson(STORAGE_KEYS.selectedStores, next.stores.selected);
    if (next.cart.id !== previous.cart.id) writeCartId(next.cart.id);
    // The lines with their last fetched prices, for the shopping list in a store without a signal.
    if (next.cart.loaded && (next.cart.items !== previous.cart.items || next.cart.id !== previous.cart.id) && next.cart.id !== NO_CART_ID) {
      saveOfflineCartItems(next.cart.id, next.cart.items);
    }
    previous = next;
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
