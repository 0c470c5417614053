import { api } from './api';
import type { AppDispatch } from './store';
import { ensureCartLoaded, refreshCartPrices } from '../kit/cart/cart.thunks';
import { itemsApi } from '../kit/api/items.api';
import { afterFirstPageIdle, needsCategoriesFirst } from '../kit/layout/page-shown';

/*
 * The shell's work with the API, in a module of its own that the shell imports only when it runs: it brings
 * RTK Query (app/api.ts) with it, which the first paint does not need.
 */

/**
 * Startup: categories once and the saved cart. The category list waits until the first page has been shown (and a
 * moment more), unless that page shows the list itself (category pages, the shopping list). Returns the clean-up.
 */
export function startAppData(dispatch: AppDispatch, pathname: string = window.location.pathname): () => void {
  let categories: { unsubscribe(): void } | undefined;
  const loadCategories = () => {
    categories = dispatch(itemsApi.endpoints.getCategories.initiate());
  };
  const cancel = needsCategoriesFirst(pathname) ? (loadCategories(), () => undefined) : afterFirstPageIdle(loadCategories);
  void dispatch(ensureCartLoaded());
  return () => {
    cancel();
    categories?.unsubscribe();
  };
}

/** Cart lines carry prices of the selected stores; fetch them again after the selection changes. */
export function refreshPricesForStores(dispatch: AppDispatch): void {
  void dispatch(refreshCartPrices());
}

/** Back online: fetch the cart's prices and the shown lists again instead of keeping what was cached. */
export function refreshAfterReconnect(dispatch: AppDispatch): void {
  void dispatch(ensureCartLoaded());
  void dispatch(refreshCartPrices());
  dispatch(api.util.invalidateTags(['StoreTotals', 'Comparison', 'Item', 'Category', 'Store', 'StoreList', 'Offer']));
}
