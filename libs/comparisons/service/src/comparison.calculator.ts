import type { BasketLine, ComparedPrice, ComparisonRequest, StoreTotal, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { BONUS_CARD, MAX_SHOPPING_DAY_OFFSET, type MemberCard, S_BONUS_ESTIMATE_PERCENT, type TillApplied } from '@hintakori/shared-contracts';
import { bonusEstimate, shoppingDay, type TillContext, tillContext, tillLine, type TillTerms } from '@hintakori/shared-util';

/**
 * The arithmetic of a basket comparison, free of I/O.
 *
 * Rules:
 * - A store's price of an item is the newest observed one.
 * - A store without a price for an item gets the average of that item's price over the compared stores
 *   that have one (whole cents, half up) and the line counts as estimated for that store.
 * - A line with no price in any compared store is missing everywhere and adds 0.
 * - Deposits (pantti) count apart (`deposits`) and in the total, never in a price or comparison price: a store's
 *   deposit of an item is its own; an estimated line's is the average deposit over the compared stores that price
 *   the item (one without a deposit as 0), as its price is estimated.
 * - The cheapest store has the lowest total; ties go to fewer estimated lines, then to the lowest store id.
 *   With no price at all no store is cheapest.
 *
 * The till (issue 36): every total is what the till charges this shopper on the shopping day (`cards`, `date`).
 * - A cell with terms (`terms`: a campaign date, a member price, a multibuy, a price per kilogram) is charged
 *   tillLine's total; a plain cell (most) stays quantity × price, on a path that never calls tillLine.
 * - A price per kilogram without an average weight of its own borrows the first compared store's (request order)
 *   that gives one for the item.
 * - An estimated line's unit price is the average of the other compared stores' shelf prices of the day (tillLine's
 *   shelfPrice: no member price, no multibuy); a weighed item's estimate is weighed by the borrowed weight.
 * - `savings` = Σ (the line at shelf prices − its till total) over lines where a member price or a multibuy counted;
 *   `weighedCount` the lines counted by an average weight; `bonus` the S-Bonus estimate of (total − deposits), only
 *   for `bonusStoreIds` when the cards include s-etukortti, and never in total or in deciding `cheapest`.
 * - Optional answer fields are left out when empty, so a request over plain prices answers as before: `savings`
 *   and `weighedCount` only when above 0, `applied` only when the till applied or listed something; `bonus` is
 *   there for every bonus store (0 included). The basket's and the split's `lineTotal` is always there.
 */

/** The minimum a store total needs: one store's price of one item, in cents. */
export interface PriceCell {
  itemId: number;
  storeId: number;
  price: number;
  /** Cents: the container deposit on top of the price; absent or null without one. */
  deposit?: number | null;
  /** The till terms (price included) of a cell the till treats apart (cell-terms.ts); absent or null: a plain cell. */
  terms?: TillTerms | null;
}

/** The till context of a request: its cards and shopping day (default today). Throws a RangeError for a bad date. */
export function requestTillContext(request: { cards?: readonly MemberCard[]; date?: string }, now: Date = new Date()): TillContext {
  const day = shoppingDay(request.date, MAX_SHOPPING_DAY_OFFSET, now);
  if ('error' in day) throw new RangeError(day.error);
  return tillContext(request.cards, day);
}

const NO_CARDS: ReadonlySet<MemberCard> = new Set();

/** What one store's price of a line comes to at the till. */
export interface TillCost {
  shelfPrice: number;
  total: number;
  applied: TillApplied[];
  /** The line at shelf prices (no card, no bundle), for `savings`. */
  shelfTotal: number;
}

/** The average weight another compared store gives the item (request order), for a price per kilogram without one. */
export function fallbackWeight(prices: ReadonlyMap<number, PriceCell>, storeIds: readonly number[]): number | null {
  for (const storeId of storeIds) {
    const terms = prices.get(storeId)?.terms;
    if (terms?.priceUnit === 'kg' && terms.averageWeightGrams != null) return terms.averageWeightGrams;
  }
  return null;
}

/** A termed cell's line at the till (tillLine), with the line at shelf prices beside it. */
export function termedCost(terms: TillTerms, quantity: number, context: TillContext, fallback: number | null): TillCost {
  const line = tillLine(terms, quantity, context, fallback);
  let shelfTotal = line.total;
  let saved = false;
  let weighed = false;
  for (const a of line.applied) {
    if (a.kind === 'member' || a.kind === 'multibuy') saved = true;
    else if (a.kind === 'weight') weighed = true;
  }
  if (saved) {
    // At shelf prices: quantity × the shelf price, or for a weighed good its weight at the shelf price (tillLine rounds it).
    shelfTotal = weighed ? tillLine({ ...terms, memberPrice: null, multibuy: null }, quantity, { ...context, cards: NO_CARDS }, fallback).total : quantity * line.shelfPrice;
  }
  return { shelfPrice: line.shelfPrice, total: line.total, applied: line.applied, shelfTotal };
}

/** A cell's shelf price of the shopping day (the campaign price while it runs, else the regular one). */
export function shelfPriceOf(cell: PriceCell, context: TillContext): number {
  return cell.terms ? tillLine(cell.terms, 1, context).shelfPrice : cell.price;
}

/** The estimated unit price of a store without the item: the average of the compared stores' shelf prices of the day. */
function averageShelfPrice(prices: Map<number, PriceCell>, context: TillContext): number {
  const values: number[] = [];
  for (const cell of prices.values()) values.push(shelfPriceOf(cell, context));
  return averageCents(values);
}

/** An estimated line at the till: quantity × the estimate, or weighed by the item's borrowed weight when it is weighed. */
export function estimatedCost(estimate: number, quantity: number, weight: number | null, context: TillContext): TillCost {
  if (weight === null) return { shelfPrice: estimate, total: quantity * estimate, applied: [], shelfTotal: quantity * estimate };
  const line = tillLine({ price: estimate, priceUnit: 'kg', averageWeightGrams: weight }, quantity, context);
  return { shelfPrice: estimate, total: line.total, applied: line.applied, shelfTotal: line.total };
}

/** The estimate of a store without the item, for every such store of the line (computed once). */
export function estimateOf(prices: Map<number, PriceCell>, storeIds: readonly number[], quantity: number, context: TillContext): TillCost {
  return estimatedCost(averageShelfPrice(prices, context), quantity, fallbackWeight(prices, storeIds), context);
}

function savedBy(cost: TillCost): number {
  return Math.max(0, cost.shelfTotal - cost.total);
}

function isWeighed(applied: readonly TillApplied[]): boolean {
  return applied.some((a) => a.kind === 'weight');
}

/** A price with what the comparison basket shows beside it. */
export interface PriceDetail extends PriceCell {
  comparisonPrice: number | null;
  priceUnit: string;
  comparisonPriceUnit: string;
  observedAt: Date;
}

/** Average of non-negative integer cents, rounded to whole cents with halves rounded up; exact integer arithmetic. */
export function averageCents(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('averageCents needs at least one value');
  let sum = 0;
  for (const value of values) sum += value;
  return Math.floor((2 * sum + values.length) / (2 * values.length));
}

/** itemId → (storeId → price row), keeping only the compared stores. */
function indexByItem<T extends PriceCell>(rows: readonly T[], storeIds: readonly number[]): Map<number, Map<number, T>> {
  const compared = new Set(storeIds);
  const byItem = new Map<number, Map<number, T>>();
  for (const row of rows) {
    if (!compared.has(row.storeId)) continue;
    let prices = byItem.get(row.itemId);
    if (!prices) {
      prices = new Map();
      byItem.set(row.itemId, prices);
    }
    prices.set(row.storeId, row);
  }
  return byItem;
}

/** The estimated deposit of a store without a price: the average over the stores that price the item (none as 0); null when none has one. */
function averageDeposit(prices: Map<number, PriceCell>): number | null {
  const values: number[] = [];
  let any = false;
  for (const cell of prices.values()) {
    values.push(cell.deposit ?? 0);
    if (cell.deposit) any = true;
  }
  return any ? averageCents(values) : null;
}

/** Lowest total, then fewer estimated lines, then lowest store id. */
function isBetter(candidate: { storeId: number; total: StoreTotal }, best: { storeId: number; total: StoreTotal }): boolean {
  if (candidate.total.total !== best.total.total) return candidate.total.total < best.total.total;
  if (candidate.total.estimatedCount !== best.total.estimatedCount) return candidate.total.estimatedCount < best.total.estimatedCount;
  return candidate.storeId < best.storeId;
}

/**
 * Totals per compared store (every requested store present), keyed by store id. `context` defaults to the request's
 * cards and shopping day (requestTillContext).
 */
export function computeStoreTotals(request: ComparisonRequest, cells: readonly PriceCell[], context: TillContext = requestTillContext(request)): StoreTotalsResult {
  const { storeIds, lines } = request;
  const byItem = indexByItem(cells, storeIds);
  const totals = storeIds.map((storeId) => ({
    storeId,
    total: { total: 0, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false } as StoreTotal,
    savings: 0,
    weighed: 0,
  }));
  let anyPrice = false;

  for (const line of lines) {
    const prices = byItem.get(line.itemId);
    if (!prices || prices.size === 0) {
      for (const entry of totals) entry.total.missingCount += 1;
      continue;
    }
    anyPrice = true;
    let estimate: TillCost | undefined;
    let estimatedDeposit: number | null | undefined;
    let fallback: number | null | undefined;
    for (const entry of totals) {
      const cell = prices.get(entry.storeId);
      if (cell) {
        if (cell.terms) {
          if (fallback === undefined) fallback = fallbackWeight(prices, storeIds);
          const cost = termedCost(cell.terms, line.quantity, context, fallback);
          entry.total.total += cost.total;
          entry.savings += savedBy(cost);
          if (isWeighed(cost.applied)) entry.weighed += 1;
        } else {
          entry.total.total += line.quantity * cell.price;
        }
        entry.total.deposits += line.quantity * (cell.deposit ?? 0);
      } else {
        estimate ??= estimateOf(prices, storeIds, line.quantity, context);
        if (estimatedDeposit === undefined) estimatedDeposit = averageDeposit(prices);
        entry.total.total += estimate.total;
        if (isWeighed(estimate.applied)) entry.weighed += 1;
        entry.total.deposits += line.quantity * (estimatedDeposit ?? 0);
        entry.total.estimatedCount += 1;
      }
    }
  }
  const bonusStores = context.cards.has(BONUS_CARD) ? new Set(request.bonusStoreIds ?? []) : null;
  for (const entry of totals) {
    // What the shopper pays: the deposits are paid at the till too (and shown apart).
    entry.total.total += entry.total.deposits;
    if (entry.savings > 0) entry.total.savings = entry.savings;
    if (entry.weighed > 0) entry.total.weighedCount = entry.weighed;
    // Paid later and an estimate: shown, never counted (cheapest below compares `total` only).
    if (bonusStores?.has(entry.storeId)) entry.total.bonus = bonusEstimate(entry.total.total - entry.total.deposits, S_BONUS_ESTIMATE_PERCENT);
  }

  if (anyPrice && totals.length > 0) {
    let best = totals[0];
    for (const entry of totals) if (isBetter(entry, best)) best = entry;
    best.total.cheapest = true;
  }

  const result: StoreTotalsResult = {};
  for (const entry of totals) result[String(entry.storeId)] = entry.total;
  return result;
}

type Estimate = Omit<ComparedPrice, 'storeId'>;

function withApplied<T extends object>(price: T, applied: readonly TillApplied[]): T & { applied?: TillApplied[] } {
  return applied.length > 0 ? { ...price, applied: [...applied] } : price;
}

function estimate(prices: Map<number, PriceDetail>, storeIds: readonly number[], quantity: number, context: TillContext): Estimate {
  const comparisonValues: number[] = [];
  for (const detail of prices.values()) {
    if (detail.comparisonPrice !== null) comparisonValues.push(detail.comparisonPrice);
  }
  // Units belong to the item, so any store's row carries them; take the first compared store's for determinism.
  const reference = prices.get(storeIds.find((id) => prices.has(id)) as number) as PriceDetail;
  const deposit = averageDeposit(prices);
  const cost = estimateOf(prices, storeIds, quantity, context);
  return withApplied(
    {
      price: cost.shelfPrice,
      comparisonPrice: comparisonValues.length > 0 ? averageCents(comparisonValues) : null,
      priceUnit: reference.priceUnit,
      comparisonPriceUnit: reference.comparisonPriceUnit,
      isEstimated: true,
      updatedAt: null,
      ...(deposit !== null ? { deposit } : {}),
      lineTotal: cost.total,
    },
    cost.applied,
  );
}

function observedPrice(detail: PriceDetail, quantity: number, context: TillContext, fallback: () => number | null): ComparedPrice {
  const cost = detail.terms ? termedCost(detail.terms, quantity, context, fallback()) : null;
  return withApplied(
    {
      storeId: detail.storeId,
      price: cost ? cost.shelfPrice : detail.price,
      comparisonPrice: detail.comparisonPrice,
      priceUnit: detail.priceUnit,
      comparisonPriceUnit: detail.comparisonPriceUnit,
      isEstimated: false,
      updatedAt: detail.observedAt.toISOString(),
      // Only where the store has one: most prices have none.
      ...(detail.deposit ? { deposit: detail.deposit } : {}),
      lineTotal: cost ? cost.total : quantity * detail.price,
    },
    cost?.applied ?? [],
  );
}

function missingPrice(storeId: number): ComparedPrice {
  return { storeId, price: null, comparisonPrice: null, priceUnit: '', comparisonPriceUnit: '', isEstimated: false, updatedAt: null, lineTotal: null };
}

/**
 * The comparison basket: input lines in order, each with a price (real, estimated or none) for every compared store in
 * order: `price` the shelf price of the shopping day, `lineTotal` the till's total of the line, `applied` why.
 */
export function buildBasket(request: ComparisonRequest, details: readonly PriceDetail[], context: TillContext = requestTillContext(request)): BasketLine[] {
  const { storeIds, lines } = request;
  const byItem = indexByItem(details, storeIds);
  return lines.map((line) => {
    const prices = byItem.get(line.itemId);
    let lineEstimate: Estimate | undefined;
    let fallback: number | null | undefined;
    const weight = () => (fallback === undefined ? (fallback = fallbackWeight(prices as Map<number, PriceDetail>, storeIds)) : fallback);
    const storeItems = storeIds.map((storeId): ComparedPrice => {
      if (!prices || prices.size === 0) return missingPrice(storeId);
      const detail = prices.get(storeId);
      if (detail) return observedPrice(detail, line.quantity, context, weight);
      lineEstimate ??= estimate(prices, storeIds, line.quantity, context);
      return { storeId, ...lineEstimate };
    });
    return { itemId: line.itemId, quantity: line.quantity, storeItems };
  });
}
