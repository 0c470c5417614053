import type { StoreTotalsResult } from '../../app/models';
import { readJson, writeJson } from '../../app/storage';
import type { CartItem } from './cart.slice';

export const OFFLINE_CART_KEY = 'hintakori.offlineCart';

/**
 * The cart as last seen online, kept in local storage for the aisle: its lines with the per-store prices of
 * the last fetch, when those prices were fetched, and the last store totals the server computed for them.
 */
export interface OfflineCartSnapshot {
  cartId: string;
  items: CartItem[];
  /** Epoch milliseconds of the last successful cart price fetch, or null. */
  pricesAt: number | null;
  totals: { key: string; data: StoreTotalsResult } | null;
}

const EMPTY: OfflineCartSnapshot = { cartId: '', items: [], pricesAt: null, totals: null };

export function readOfflineCart(): OfflineCartSnapshot {
  const stored = readJson<Partial<OfflineCartSnapshot> | null>(OFFLINE_CART_KEY, null);
  if (!stored || typeof stored !== 'object' || !Array.isArray(stored.items)) return EMPTY;
  return {
    cartId: typeof stored.cartId === 'string' ? stored.cartId : '',
    items: stored.items,
    pricesAt: typeof stored.pricesAt === 'number' ? stored.pricesAt : null,
    totals: stored.totals && typeof stored.totals.key === 'string' ? stored.totals : null,
  };
}

function update(change: (snapshot: OfflineCartSnapshot) => OfflineCartSnapshot): void {
  writeJson(OFFLINE_CART_KEY, change(readOfflineCart()));
  for (const listener of listeners) listener();
}

/**
 * The lines changed (locally or from the server): keep them. A different cart starts a new snapshot. Lines
 * added from a page bring the prices that page fetched just now, so a cart never fetched as a whole yet
 * counts its prices from this moment.
 */
export function saveOfflineCartItems(cartId: string, items: CartItem[], now: number = Date.now()): void {
  update((s) =>
    s.cartId === cartId ? { ...s, items, pricesAt: s.pricesAt ?? now } : { cartId, items, pricesAt: now, totals: null },
  );
}

/** The cart's prices were just fetched from the server. */
export function markCartPricesFetched(cartId: string, at: number = Date.now()): void {
  update((s) => (s.cartId === cartId ? { ...s, pricesAt: at } : { ...EMPTY, cartId, pricesAt: at }));
}

/** Identifies a store totals answer: the stores and the cart lines it was computed for. */
export function totalsKey(storeIds: readonly number[], lines: ReadonlyArray<{ itemId: number; quantity: number }>, cards: readonly string[] = []): string {
  const base = `${storeIds.join(',')}|${lines.map((l) => `${l.itemId}x${l.quantity}`).join(',')}`;
  // Totals with cards are other totals; without any the key is as before.
  return cards.length > 0 ? `${base}|${cards.join(',')}` : base;
}

export function saveOfflineTotals(key: string, data: StoreTotalsResult): void {
  update((s) => ({ ...s, totals: { key, data } }));
}

/** The last store totals for exactly these stores and lines, if any were kept. */
export function offlineTotalsFor(key: string): StoreTotalsResult | null {
  const { totals } = readOfflineCart();
  return totals && totals.key === key ? totals.data : null;
}

const listeners = new Set<() => void>();

/** For useSyncExternalStore: called after every change of the snapshot. */
export function subscribeOfflineCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Timestamp of the last price fetch (stable value for useSyncExternalStore). */
export function readPricesAt(): number | null {
  return readOfflineCart().pricesAt;
}
