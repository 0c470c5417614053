import { decodePathSegment, idFromSlug, NO_CART_ID } from '@hintakori/web-util';
import { needsCategoriesFirst } from '../kit/layout/page-shown';
import { buildUrl } from './url';

/*
 * The first API reads of a page, started by the entry script before React renders. RTK Query (app/api.ts) comes
 * with the page's lazily loaded code, so its own requests would start only after that code arrived: on a phone
 * that is a round trip or two later. The base query takes the response from here instead of fetching again
 * (takeEarlyResponse); the addresses are built as the endpoints build them, so that they are the same strings.
 */

/** How long an early response waits for its query; after that a query fetches anew (no old data later). */
export const EARLY_RESPONSE_TTL_MS = 10_000;

const pending = new Map<string, Promise<Response>>();

export interface PageContext {
  pathname: string;
  search: string;
  /** The selected stores' ids in selection order (useSelectedStoreIds). */
  storeIds: readonly number[];
  /** The saved cart's id, or NO_CART_ID. */
  cartId: string;
}

const api = (url: string, params?: Parameters<typeof buildUrl>[2]) => buildUrl('/api', url, params);

/**
 * The API addresses a page reads first: those of the app shell's startup and the read whose answer the page's
 * first paint shows (a product, search results, a category's products). The store list (/kaupat) is not among
 * them: its page shows its heading and text first, and its list is read once the page is there.
 */
export function firstReads({ pathname, search, storeIds, cartId }: PageContext): string[] {
  // The admin section and the printable list have no app shell (no categories, no cart).
  if (/^\/(app|ostoslista)(\/|$)/.test(pathname)) return [];
  // Startup (app/startup.ts): the saved cart with the selected stores' prices, and the categories on
  // the pages that show them at once (elsewhere they wait until the page has been shown).
  const reads = needsCategoriesFirst(pathname) ? [api('/categories')] : [];
  if (cartId !== NO_CART_ID) reads.push(api(`/shoppingCarts/${encodeURIComponent(cartId)}`, { storeIds }));
  const ids = [...storeIds];
  const segments = pathname.split('/').filter(Boolean).map(decodePathSegment);
  const [first, ...rest] = segments;
  if (first === 'tuotteet' && rest.length === 1) {
    // ProductPage: getItem.
    const id = idFromSlug(rest[0]);
    if (id !== null) reads.push(api(`/items/${id}`, { storeIds: ids }));
  } else if (first === 'haku' && rest.length === 0 && ids.length > 0) {
    // SearchPage: searchItems, when stores are chosen and there is a search text.
    const text = (new URLSearchParams(search).get('search') ?? '').trim();
    if (text) reads.push(api('/items', { search: text, storeIds: ids }));
  } else if (first === 'kategoria' && rest.length >= 1 && rest.length <= 3 && ids.length > 0) {
    // CategoryPage: getCategoryItems.
    reads.push(api(`/items/categories/${rest.map(encodeURIComponent).join('/')}`, { storeIds: ids }));
  }
  return reads;
}

/** Starts the page's first reads (as the base query would send them) and keeps each response for a while. */
export function startEarlyRequests(page: PageContext, fetchFn: typeof fetch = (...args) => fetch(...args)): void {
  if (typeof fetchFn !== 'function') return;
  for (const address of firstReads(page)) {
    if (pending.has(address)) continue;
    const response = fetchFn(address, { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } });
    response.catch(() => undefined); // a failure is the query's to handle, when it asks for the response
    pending.set(address, response);
    setTimeout(() => {
      if (pending.get(address) === response) pending.delete(address);
    }, EARLY_RESPONSE_TTL_MS);
  }
}

/** The early response for this address, given out once; undefined when there is none. */
export function takeEarlyResponse(address: string): Promise<Response> | undefined {
  const response = pending.get(address);
  pending.delete(address);
  return response;
}
