import type { BasketSplitResult, SplitLine, StoreLocation } from '@hintakori/comparisons-contracts';
import type { MemberCard, TillApplied } from '@hintakori/shared-contracts';
import type { TillContext } from '@hintakori/shared-util';
import { estimateOf, fallbackWeight, PriceCell, requestTillContext, termedCost, type TillCost } from './comparison.calculator';

/**
 * Splitting a basket over at most `maxStores` of the compared stores, free of I/O.
 *
 * Exact: every subset of 1 … maxStores stores is tried (≤ 1,350 subsets for 20 stores and maxStores 3) and
 * each line goes to the subset's cheapest store for it, which is optimal for a fixed subset. The best subset
 * has the lowest total; ties go to fewer stores, then to the subset met first in request order.
 *
 * Prices follow the store-totals rule: a store without a price of an item gets the average over the compared
 * stores that have one (the line is marked `isEstimated` when it lands there); a line with no price in any
 * compared store is left out of every total and listed with `storeId: null`.
 *
 * The till (issue 36): stores are chosen by the lines' till totals (comparison.calculator's rules: member prices for
 * the cards held, multibuys, campaign dates, weights; an estimate is the average shelf price of the day). A split
 * line's `price` is its store's shelf price of the day, `lineTotal` its till total, `applied` (only when not empty)
 * why; `total` and the single-store totals are sums of line totals.
 */

/** Spec §9: distances use an earth radius of 6378 km. */
const EARTH_RADIUS_KM = 6378;

export interface SplitInput {
  storeIds: readonly number[];
  lines: readonly { itemId: number; quantity: number }[];
  maxStores: number;
  origin?: { lat: number; long: number };
  /** Coordinates of the compared stores (those without are simply absent). */
  locations?: readonly StoreLocation[];
  costPerKmCents: number;
  /** The shopper's cards and shopping day (the till context when none is passed to splitBasket). */
  cards?: readonly MemberCard[];
  date?: string;
}

interface PricedLine {
  itemId: number;
  quantity: number;
  /** The line's till total per store index; null when no compared store has a price. */
  prices: number[] | null;
  /** Shelf price of the day per store index. */
  shelf: number[];
  /** What the till applied per store index (null: nothing). */
  applied: (TillApplied[] | null)[];
  estimated: boolean[];
}

function priceLines(input: SplitInput, cells: readonly PriceCell[], context: TillContext): PricedLine[] {
  const index = new Map(input.storeIds.map((id, i) => [id, i]));
  const byItem = new Map<number, Map<number, PriceCell>>();
  for (const cell of cells) {
    if (!index.has(cell.storeId)) continue;
    let prices = byItem.get(cell.itemId);
    if (!prices) byItem.set(cell.itemId, (prices = new Map()));
    prices.set(cell.storeId, cell);
  }
  return input.lines.map((line) => {
    const known = byItem.get(line.itemId);
    if (!known || known.size === 0) return { itemId: line.itemId, quantity: line.quantity, prices: null, shelf: [], applied: [], estimated: [] };
    // Packed arrays (push, no holes): the subset loop below reads them most.
    const prices: number[] = [];
    const shelf: number[] = [];
    const applied: (TillApplied[] | null)[] = [];
    const estimated: boolean[] = [];
    let estimate: TillCost | undefined;
    let fallback: number | null | undefined;
    for (const storeId of input.storeIds) {
      const cell = known.get(storeId);
      estimated.push(!cell);
      if (cell && !cell.terms) {
        prices.push(line.quantity * cell.price);
        shelf.push(cell.price);
        applied.push(null);
        continue;
      }
      let cost: TillCost;
      if (cell?.terms) {
        if (fallback === undefined) fallback = fallbackWeight(known, input.storeIds);
        cost = termedCost(cell.terms, line.quantity, context, fallback);
      } else {
        cost = estimate ??= estimateOf(known, input.storeIds, line.quantity, context);
      }
      prices.push(cost.total);
      shelf.push(cost.shelfPrice);
      applied.push(cost.applied.length > 0 ? cost.applied : null);
    }
    return { itemId: line.itemId, quantity: line.quantity, prices, shelf, applied, estimated };
  });
}

/** Every subset of {0 … n-1} with 1 … k members, smaller subsets first, each in lexicographic order. */
export function* subsets(n: number, k: number): Generator<number[]> {
  for (let size = 1; size <= Math.min(k, n); size++) {
    const pick = Array.from({ length: size }, (_, i) => i);
    for (;;) {
      yield [...pick];
      let i = size - 1;
      while (i >= 0 && pick[i] === n - size + i) i--;
      if (i < 0) break;
      pick[i]++;
      for (let j = i + 1; j < size; j++) pick[j] = pick[j - 1] + 1;
    }
  }
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLong = (b.long - a.long) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Shortest round trip from `origin` through every point (at most three: all orders are tried). */
function roundTripKm(origin: { lat: number; long: number }, points: readonly { lat: number; long: number }[]): number {
  const orders = (rest: number[]): number[][] => (rest.length <= 1 ? [rest] : rest.flatMap((x, i) => orders([...rest.slice(0, i), ...rest.slice(i + 1)]).map((o) => [x, ...o])));
  let best = Infinity;
  for (const order of orders(points.map((_, i) => i))) {
    let km = 0;
    let at = origin;
    for (const i of order) {
      km += distanceKm(at, points[i]);
      at = points[i];
    }
    best = Math.min(best, km + distanceKm(at, origin));
  }
  return best;
}

export function splitBasket(input: SplitInput, cells: readonly PriceCell[], context: TillContext = requestTillContext(input)): BasketSplitResult {
  const lines = priceLines(input, cells, context);
  const priced = lines.filter((line): line is PricedLine & { prices: number[] } => line.prices !== null);
  const n = input.storeIds.length;

  // Totals of every single store: the cheapest one is the reference (ties: fewer estimated lines, lower store id).
  let single: { index: number; total: number; estimated: number } | null = null;
  if (priced.length > 0) {
    for (let s = 0; s < n; s++) {
      let total = 0;
      let estimated = 0;
      for (const line of priced) {
        total += line.prices[s];
        if (line.estimated[s]) estimated++;
      }
      const better =
        !single ||
        total < single.total ||
        (total === single.total && (estimated < single.estimated || (estimated === single.estimated && input.storeIds[s] < input.storeIds[single.index])));
      if (better) single = { index: s, total, estimated };
    }
  }

  let best: { stores: number[]; total: number } | null = null;
  if (priced.length > 0) {
    for (const subset of subsets(n, input.maxStores)) {
      let total = 0;
      for (const line of priced) {
        let min = line.prices[subset[0]];
        for (let j = 1; j < subset.length; j++) if (line.prices[subset[j]] < min) min = line.prices[subset[j]];
        total += min;
        if (best && total >= best.total) break;
      }
      if (!best || total < best.total) best = { stores: subset, total };
    }
  }

  const chosen = best?.stores ?? [];
  const preferred = single && chosen.includes(single.index) ? single.index : chosen[0];
  const splitLines: SplitLine[] = lines.map((line) => {
    if (line.prices === null) return { itemId: line.itemId, quantity: line.quantity, storeId: null, price: null, isEstimated: false, lineTotal: null };
    const prices = line.prices;
    let at = preferred;
    for (const s of chosen) if (prices[s] < prices[at]) at = s;
    const split: SplitLine = { itemId: line.itemId, quantity: line.quantity, storeId: input.storeIds[at], price: line.shelf[at], isEstimated: line.estimated[at], lineTotal: prices[at] };
    const applied = line.applied[at];
    if (applied) split.applied = [...applied];
    return split;
  });
  const used = chosen.filter((s) => splitLines.some((line) => line.storeId === input.storeIds[s]));
  const total = best?.total ?? 0;
  const saving = single ? single.total - total : 0;

  const result: BasketSplitResult = {
    stores: used.map((s) => input.storeIds[s]),
    lines: splitLines,
    total,
    cheapestSingleStore: single ? { storeId: input.storeIds[single.index], total: single.total } : null,
    saving,
    worthIt: saving > 0,
  };

  if (input.origin && single && used.length > 0) {
    const where = new Map((input.locations ?? []).map((l) => [l.storeId, l]));
    const splitPoints = used.map((s) => where.get(input.storeIds[s]));
    const singlePoint = where.get(input.storeIds[single.index]);
    if (singlePoint && splitPoints.every((p) => p !== undefined)) {
      const extra = Math.max(0, roundTripKm(input.origin, splitPoints as StoreLocation[]) - roundTripKm(input.origin, [singlePoint]));
      result.extraDistanceKm = Math.round(extra * 10) / 10;
      result.travelCostCents = Math.round(extra * input.costPerKmCents);
      result.worthIt = saving > result.travelCostCents;
    }
  }
  return result;
}
