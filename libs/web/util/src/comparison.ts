import type { ComparedPrice, StoreTotal as StoreTotalReply } from '@hintakori/comparisons-contracts';
import type { Kept } from './kept';

/** A store's total as the comparisons service answers it, or as the web sums it from a comparison (counts may be absent). */
export type StoreTotal = Kept<StoreTotalReply, never, 'deposits' | 'estimatedCount' | 'missingCount' | 'cheapest'>;

export type StoreTotals = Record<string, StoreTotal>;

export interface RankedTotal {
  storeId: number;
  /** Deposits included. */
  total: number;
  /** The container deposits (pantti) in `total`, cents. */
  deposits: number;
  estimatedCount: number;
  missingCount: number;
  cheapest: boolean;
  /** Extra amount over the cheapest store, cents. */
  diff: number;
  /** Extra percentage over the cheapest store, rounded. */
  percent: number;
  /** What member prices and multibuys took off the shelf prices, cents (already out of `total`); when answered. */
  savings?: number;
  /** The S-Bonus estimate, cents (paid later, never in `total`); when answered. */
  bonus?: number;
  /** Lines of weighed goods counted by an average weight (estimates); when answered. */
  weighedCount?: number;
}

/**
 * Orders stores from cheapest to most expensive. The cheapest store has the lowest total; on a tie,
 * the one with fewer missing prices wins. Others get the extra amount and its rounded percentage.
 */
export function rankTotals(totals: StoreTotals | null | undefined, storeIds?: readonly number[]): RankedTotal[] {
  if (!totals) return [];
  const ids = storeIds ?? Object.keys(totals).map(Number);
  const rows = ids
    .filter((id) => totals[String(id)] !== undefined)
    .map((id) => {
      const t = totals[String(id)];
      return {
        storeId: id,
        total: t.total,
        deposits: t.deposits ?? 0,
        estimatedCount: t.estimatedCount ?? 0,
        missingCount: t.missingCount ?? 0,
        ...(typeof t.savings === 'number' ? { savings: t.savings } : {}),
        ...(typeof t.bonus === 'number' ? { bonus: t.bonus } : {}),
        ...(typeof t.weighedCount === 'number' ? { weighedCount: t.weighedCount } : {}),
      };
    })
    .sort((a, b) => a.total - b.total || a.missingCount - b.missingCount);
  const best = rows[0];
  return rows.map((r, i) => {
    const diff = best ? r.total - best.total : 0;
    return {
      ...r,
      cheapest: i === 0,
      diff,
      percent: best && best.total > 0 ? Math.round((diff / best.total) * 100) : 0,
    };
  });
}

/** Id of the cheapest store (lowest total, ties to fewer missing prices), or null. */
export function cheapestStoreId(totals: StoreTotals | null | undefined, storeIds?: readonly number[]): number | null {
  return rankTotals(totals, storeIds)[0]?.storeId ?? null;
}

export type PricedStoreItem = Pick<ComparedPrice, 'storeId' | 'price'>;

/** Average of the prices that exist (integer cents), or null when none does. */
export function averagePrice(storeItems: readonly PricedStoreItem[]): number | null {
  const prices = storeItems.map((s) => s.price).filter((p): p is number => typeof p === 'number');
  if (prices.length === 0) return null;
  return Math.round(prices.reduce((a, b) => a + b, 0) / prices.length);
}

/** The price of a store, or the average of the others marked as an estimate. */
export function priceOrEstimate(
  storeItems: readonly PricedStoreItem[],
  storeId: number,
): { price: number | null; estimated: boolean } {
  const own = storeItems.find((s) => s.storeId === storeId);
  if (own && typeof own.price === 'number') return { price: own.price, estimated: false };
  const avg = averagePrice(storeItems);
  return { price: avg, estimated: avg !== null };
}
