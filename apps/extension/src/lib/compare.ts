// What the panels on the shop's pages show, computed from the API's answers: the product's price in each of the
// shopper's Hintakori stores, the cheapest and its difference to the shop's own price, the 30-day low, a 60-day
// series for the sparkline, and the cart's total per store. Pure, so the tests check the numbers without a browser.

/** A store as the Hintakori site keeps it in `hintakori.selectedStores` (only what the extension uses). */
export interface KnownStore {
  id: number;
  name: string;
}

/** The parts of `GET /api/items/byEan/{ean}?storeIds=` the panel uses. Money is integer cents. */
export interface ApiItemPrices {
  id: number;
  name: string;
  urlSlug: string;
  storeItems: { storeId: number; price: number | null; lowestPrice30d?: number | null }[];
}

/** The parts of `GET /api/items/{id}/history?storeIds=` the panel uses. */
export interface ApiHistory {
  stores: { storeId: number; periods: { from: string; to: string | null; price: number }[]; lowest30Days: number | null }[];
}

export interface StoreRow {
  storeId: number;
  storeName: string;
  price: number | null;
  cheapest: boolean;
}

export interface ProductComparison {
  itemName: string;
  /** `/tuotteet/<slug>` on the Hintakori site. */
  itemUrl: string;
  rows: StoreRow[];
  /** The cheapest store's price, null when no store prices it. */
  cheapest: number | null;
  /** The shop's shown price minus the cheapest (positive: the Hintakori store is cheaper); null without either. */
  difference: number | null;
  /** The lowest price in the shopper's stores in the last 30 days. */
  low30: number | null;
  /** 60 daily points, oldest first: the lowest price in effect in the shopper's stores at the day's end, null without one. */
  series: (number | null)[];
}

export const SERIES_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The path segment of a product's page on the site: its urlSlug ending in its id (as the site links its products). */
export function itemPath(item: { urlSlug: string; id: number }): string {
  const suffix = `-${item.id}`;
  const slug = item.urlSlug.endsWith(suffix) || item.urlSlug === String(item.id) ? item.urlSlug : `${item.urlSlug}${suffix}`;
  return `/tuotteet/${encodeURIComponent(slug)}`;
}

export function compareProduct(item: ApiItemPrices, history: ApiHistory | null, stores: KnownStore[], shownPrice: number | null, baseUrl: string, now: number = Date.now()): ProductComparison {
  const priceOf = (storeId: number) => item.storeItems.find((s) => s.storeId === storeId)?.price ?? null;
  const prices = stores.map((s) => priceOf(s.id)).filter((p): p is number => p !== null);
  const cheapest = prices.length > 0 ? Math.min(...prices) : null;
  const rows = stores.map((store) => {
    const price = priceOf(store.id);
    return { storeId: store.id, storeName: store.name, price, cheapest: price !== null && price === cheapest };
  });
  const lows = [
    ...(history?.stores ?? []).map((s) => s.lowest30Days),
    // Without history for a store, its own 30-day reference price.
    ...item.storeItems.filter((s) => !history?.stores.some((h) => h.storeId === s.storeId)).map((s) => s.lowestPrice30d ?? null),
  ].filter((p): p is number => typeof p === 'number');
  return {
    itemName: item.name,
    itemUrl: `${baseUrl}${itemPath(item)}`,
    rows,
    cheapest,
    difference: cheapest !== null && shownPrice !== null ? shownPrice - cheapest : null,
    low30: lows.length > 0 ? Math.min(...lows, ...(cheapest !== null ? [cheapest] : [])) : cheapest,
    series: dailySeries(history, now),
  };
}

/** The lowest price in effect at the end of each of the last 60 days over the stores of `history`. */
export function dailySeries(history: ApiHistory | null, now: number = Date.now()): (number | null)[] {
  const series: (number | null)[] = [];
  for (let day = SERIES_DAYS - 1; day >= 0; day--) {
    const at = now - day * DAY_MS;
    let lowest: number | null = null;
    for (const store of history?.stores ?? []) {
      const period = store.periods.find((p) => Date.parse(p.from) <= at && (p.to === null || Date.parse(p.to) > at));
      if (period && (lowest === null || period.price < lowest)) lowest = period.price;
    }
    series.push(lowest);
  }
  return series;
}

/** One store's line of `POST /api/shoppingCartComparisons/storeTotals`. */
export interface ApiStoreTotal {
  total: number;
  cheapest: boolean;
  missingCount: number;
  estimatedCount: number;
}

export interface CartTotalRow {
  storeId: number;
  storeName: string;
  total: number | null;
  cheapest: boolean;
  missingCount: number;
  estimatedCount: number;
}

/** The totals in the order of the shopper's stores; a store the answer lacks shows no total. */
export function cartTotalRows(totals: Record<string, ApiStoreTotal>, stores: KnownStore[]): CartTotalRow[] {
  return stores.map((store) => {
    const t = totals[String(store.id)];
    return t
      ? { storeId: store.id, storeName: store.name, total: t.total, cheapest: t.cheapest, missingCount: t.missingCount, estimatedCount: t.estimatedCount }
      : { storeId: store.id, storeName: store.name, total: null, cheapest: false, missingCount: 0, estimatedCount: 0 };
  });
}

export const IMPORT_MAX_LINES = 200;

/** `<origin>/ostoskorivertailu#tuo=<itemId>x<qty>,…`: the site's import of a cart (at most 200 lines, qty 1…99). */
export function importUrl(baseUrl: string, lines: { itemId: number; quantity: number }[]): string {
  const merged = new Map<number, number>();
  for (const { itemId, quantity } of lines) merged.set(itemId, Math.min((merged.get(itemId) ?? 0) + quantity, 99));
  const parts = [...merged].slice(0, IMPORT_MAX_LINES).map(([id, qty]) => `${id}x${Math.max(1, qty)}`);
  return `${baseUrl}/ostoskorivertailu#tuo=${parts.join(',')}`;
}
