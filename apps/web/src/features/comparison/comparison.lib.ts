import { openStatus, rankTotals, type OpeningSource, type RankedTotal, type StoreTotals } from '@hintakori/web-util';
import type { ComparisonItem } from '../../app/models';

/** What a line costs at the store's till: `lineTotal` (cards, multibuys, weights applied) when answered, else price × quantity. */
export function lineCost(si: { price: number | null; lineTotal?: number | null }, quantity: number): number | null {
  if (typeof si.lineTotal === 'number') return si.lineTotal;
  return si.price === null ? null : si.price * quantity;
}

/**
 * Sums line costs (`lineTotal`, else price × quantity) per store, plus their deposits (deposit × quantity, also kept
 * apart as `deposits`); estimates count, lines without any price are missing. `savings` is what the till terms took
 * off the shelf prices, `weighedCount` the lines counted by an average weight.
 */
export function totalsFromComparison(items: readonly ComparisonItem[], storeIds: readonly number[]): StoreTotals {
  const totals: StoreTotals = {};
  for (const id of storeIds) totals[String(id)] = { total: 0, deposits: 0, estimatedCount: 0, missingCount: 0 };
  for (const item of items) {
    for (const id of storeIds) {
      const t = totals[String(id)];
      const si = item.storeItems.find((s) => s.storeId === id);
      const cost = si ? lineCost(si, item.quantity) : null;
      if (!si || si.price === null || cost === null) {
        t.missingCount = (t.missingCount ?? 0) + 1;
        continue;
      }
      const deposit = typeof si.deposit === 'number' && si.deposit > 0 ? si.deposit * item.quantity : 0;
      t.total += cost + deposit;
      const shelf = si.price * item.quantity;
      const discounted = si.applied?.some((a) => a.kind === 'member' || a.kind === 'multibuy') ?? false;
      if (discounted && cost < shelf) t.savings = (t.savings ?? 0) + (shelf - cost);
      if (si.applied?.some((a) => a.kind === 'weight')) t.weighedCount = (t.weighedCount ?? 0) + 1;
      t.deposits = (t.deposits ?? 0) + deposit;
      if (si.isEstimated) t.estimatedCount = (t.estimatedCount ?? 0) + 1;
    }
  }
  return totals;
}

export function rankComparison(items: readonly ComparisonItem[], storeIds: readonly number[]): RankedTotal[] {
  return rankTotals(totalsFromComparison(items, storeIds), storeIds);
}

/** The hint shown instead of the table. */
export function comparisonHint(storeCount: number, itemCount: number): string | null {
  if (storeCount === 0 && itemCount === 0) return 'Valitse ensin kaupat ja lisää tuotteet';
  if (itemCount === 0) return 'Lisää ensin tuotteet';
  if (storeCount === 0) return 'Valitse ensin kaupat';
  return null;
}

/**
 * "Vain nyt avoinna olevat": keeps the stores open at `now` (closing soon included), re-ranked so the cheapest
 * open store is the cheapest and the others' extra amounts are against it. Stores without opening data are dropped.
 */
export function rankOpenNow(ranked: readonly RankedTotal[], stores: ReadonlyMap<number, OpeningSource>, now: Date): RankedTotal[] {
  const open = ranked.filter((row) => {
    const store = stores.get(row.storeId);
    return store !== undefined && openStatus(store, now).kind !== 'closed';
  });
  const best = open[0];
  return open.map((row, i) => {
    const diff = best ? row.total - best.total : 0;
    return { ...row, cheapest: i === 0, diff, percent: best && best.total > 0 ? Math.round((diff / best.total) * 100) : 0 };
  });
}
