import { NO_CART_ID } from '@hintakori/web-util';
import {
  applyMiddleware,
  compose,
  legacy_createStore as createStore,
  type Middleware,
  type Reducer,
  type Store,
  type StoreEnhancer,
  type ThunkAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { thunk } from 'redux-thunk';
import { cartReducer, initialCartState } from '../kit/cart/cart.slice';
import { categoriesReducer } from '../kit/product/categories.slice';
import { uiReducer } from '../kit/layout/ui.slice';
import { saveOfflineCartItems } from '../kit/cart/offline-cart';
import { loadSelectedStores, storesReducer } from '../kit/stores/stores.slice';
import { cardsReducer, loadCards } from '../kit/stores/cards.slice';
import type { api } from './api';
import { syncPersonalCookie } from './first-screen';
import { readCartId, STORAGE_KEYS, writeCartId, writeJson } from './storage';

/*
 * The store is part of the first screen, so it is built from plain reducers and Redux's own createStore
 * (Redux Toolkit re-exports it; the rest of Redux Toolkit is tree-shaken away). RTK Query, with Redux Toolkit
 * and immer, comes with the first lazily loaded module that imports app/api.ts, which adds the API slice's
 * reducer and middleware to the store then (extendStores).
 */

const baseReducers = {
  stores: storesReducer,
  cards: cardsReducer,
  cart: cartReducer,
  categories: categoriesReducer,
  ui: uiReducer,
};

type BaseState = { [K in keyof typeof baseReducers]: ReturnType<(typeof baseReducers)[K]> };

/** The whole state. `api` is there from the moment app/api.ts has been loaded, before any query can run. */
export type RootState = BaseState & { [K in typeof api.reducerPath]: ReturnType<typeof api.reducer> };

export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type AppStore = Omit<Store<RootState, UnknownAction>, 'dispatch'> & { dispatch: AppDispatch };
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;

/** A reducer and middleware added to every store after it was created (the RTK Query API slice). */
export interface StoreExtension {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

const extensions = new Map<string, StoreExtension>();
const liveStores = new Set<AppStore>();
const EXTENDED = 'store/extended';

/** Adds the reducer and middleware to every store, now and later (once per reducer path). */
export function extendStores(extension: StoreExtension): void {
  if (extensions.has(extension.reducerPath)) return;
  extensions.set(extension.reducerPath, extension);
  // An action for the new reducer's initial state, so that the state is complete before anything reads it.
  for (const store of liveStores) store.dispatch({ type: EXTENDED, payload: extension.reducerPath });
}

function rootReducer(state: Partial<RootState> | undefined, action: UnknownAction): RootState {
  const previous = (state ?? {}) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...previous };
  let changed = state === undefined;
  const reduce = (key: string, reducer: Reducer) => {
    next[key] = reducer(previous[key], action);
    if (next[key] !== previous[key]) changed = true;
  };
  for (const [key, reducer] of Object.entries(baseReducers)) reduce(key, reducer as Reducer);
  for (const { reducerPath, reducer } of extensions.values()) reduce(reducerPath, reducer);
  return (changed ? next : state) as RootState;
}

/** Passes every action through the extensions' middleware, each set up once per store when first needed. */
const extensionMiddleware: Middleware = (storeApi) => {
  const instances = new Map<string, ReturnType<Middleware>>();
  return (next) => {
    let run = next;
    let built = 0;
    return (action) => {
      if (built !== extensions.size) {
        for (const { reducerPath, middleware } of extensions.values()) {
          if (!instances.has(reducerPath)) instances.set(reducerPath, middleware(storeApi));
        }
        run = [...instances.values()].reduceRight((after, middleware) => middleware(after), next);
        built = extensions.size;
      }
      return run(action);
    };
  };
};

/** How RTK Query marks its bookkeeping actions (query started, fulfilled, subscriptions) whose notice may wait. */
const AUTO_BATCH_KEY = 'RTK_autoBatch';
const isAutoBatched = (action: unknown) => (action as { meta?: Record<string, unknown> } | null)?.meta?.[AUTO_BATCH_KEY] === true;

/**
 * Subscribers hear of RTK Query's marked actions at the next animation frame (or after 100 ms in a hidden tab),
 * together; any other action notifies them at once. This stands in for Redux Toolkit's autoBatchEnhancer,
 * which configureStore used to add, so a page with several queries does not re-render on each step of each.
 */
const batchedNotifications: StoreEnhancer = (next) => (reducer, preloadedState) => {
  const store = next(reducer, preloadedState);
  const listeners = new Set<() => void>();
  let batching = false;
  let deferred = false;
  let scheduled = false;
  const notifyAll = () => {
    deferred = false;
    for (const listener of [...listeners]) listener();
  };
  const flush = () => {
    scheduled = false;
    if (deferred) notifyAll();
  };
  store.subscribe(() => {
    if (!batching) return notifyAll();
    deferred = true;
    if (scheduled) return;
    scheduled = true;
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
    setTimeout(flush, 100);
  });
  const dispatch: typeof store.dispatch = (action) => {
    const outer = batching;
    batching = isAutoBatched(action);
    try {
      return store.dispatch(action);
    } finally {
      batching = outer;
    }
  };
  const subscribe = (listener: () => void) => {
    const entry = () => listener();
    listeners.add(entry);
    return () => void listeners.delete(entry);
  };
  return { ...store, dispatch, subscribe };
};

export function makeStore(preloadedState?: Partial<RootState>): AppStore {
  const store = createStore(
    rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState,
    compose(applyMiddleware(thunk, extensionMiddleware), batchedNotifications) as StoreEnhancer,
  ) as unknown as AppStore;
  liveStores.add(store);
  return store;
}

/** Forgets a store that is no longer used (the server renders each first screen with a store of its own). */
export function releaseStore(store: AppStore): void {
  liveStores.delete(store);
}

// Held cards are personal too: the server's first screen shows none ticked.
const isPersonal = (state: RootState) => state.stores.selected.length > 0 || state.cart.id !== NO_CART_ID || state.cards.held.length > 0;

/** The browser store: selected stores, membership cards and cart id come from and go back to local storage. */
export function createAppStore(): AppStore {
  const store = makeStore({
    stores: { selected: loadSelectedStores() },
    cards: { held: loadCards() },
    cart: { ...initialCartState, id: readCartId() },
  });
  let previous = store.getState();
  // The server sends a new visitor's first screen only to browsers without this mark (app/first-screen.ts).
  syncPersonalCookie(isPersonal(previous));
  store.subscribe(() => {
    const next = store.getState();
    if (next.stores.selected !== previous.stores.selected || next.cart.id !== previous.cart.id || next.cards.held !== previous.cards.held) syncPersonalCookie(isPersonal(next));
    if (next.stores.selected !== previous.stores.selected) writeJson(STORAGE_KEYS.selectedStores, next.stores.selected);
    if (next.cart.id !== previous.cart.id) writeCartId(next.cart.id);
    if (next.cards.held !== previous.cards.held) writeJson(STORAGE_KEYS.memberCards, next.cards.held);
    // The lines with their last fetched prices, for the shopping list in a store without a signal.
    if (next.cart.loaded && (next.cart.items !== previous.cart.items || next.cart.id !== previous.cart.id) && next.cart.id !== NO_CART_ID) {
      saveOfflineCartItems(next.cart.id, next.cart.items);
    }
    previous = next;
  });
  return store;
}
