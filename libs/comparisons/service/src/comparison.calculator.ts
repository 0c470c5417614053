import type { BasketLine, ComparedPrice, ComparisonRequest, StoreTotal, StoreTotalsResult } from '@hintakori/comparisons-contracts';

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
 */

/** The minimum a store total needs: one store's price of one item, in cents. */
export interface PriceCell {
  itemId: number;
  storeId: number;
  price: number;
  /** Cents: the container deposit on top of the price; absent or null without one. */
  deposit?: number | null;
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

function averagePrice(prices: Map<number, PriceCell>): number {
  const values: number[] = [];
  for (const cell of prices.values()) values.push(cell.price);
  return averageCents(values);
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

/** Totals per compared store (every requested store present), keyed by store id. */
export function computeStoreTotals(request: ComparisonRequest, cells: readonly PriceCell[]): StoreTotalsResult {
  const { storeIds, lines } = request;
  const byItem = indexByItem(cells, storeIds);
  const totals = storeIds.map((storeId) => ({ storeId, total: { total: 0, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false } as StoreTotal }));
  let anyPrice = false;

  for (const line of lines) {
    const prices = byItem.get(line.itemId);
    if (!prices || prices.size === 0) {
      for (const entry of totals) entry.total.missingCount += 1;
      continue;
    }
    anyPrice = true;
    let estimate: number | undefined;
    let estimatedDeposit: number | null | undefined;
    for (const entry of totals) {
      const cell = prices.get(entry.storeId);
      if (cell) {
        entry.total.total += line.quantity * cell.price;
        entry.total.deposits += line.quantity * (cell.deposit ?? 0);
      } else {
        estimate ??= averagePrice(prices);
        if (estimatedDeposit === undefined) estimatedDeposit = averageDeposit(prices);
        entry.total.total += line.quantity * estimate;
        entry.total.deposits += line.quantity * (estimatedDeposit ?? 0);
        entry.total.estimatedCount += 1;
      }
    }
  }
  // What the shopper pays: the deposits are paid at the till too (and shown apart).
  for (const entry of totals) entry.total.total += entry.total.deposits;

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

function estimate(prices: Map<number, PriceDetail>, storeIds: readonly number[]): Estimate {
  const values: number[] = [];
  const comparisonValues: number[] = [];
  for (const detail of prices.values()) {
    values.push(detail.price);
    if (detail.comparisonPrice !== null) comparisonValues.push(detail.comparisonPrice);
  }
  // Units belong to the item, so any store's row carries them; take the first compared store's for determinism.
  const reference = prices.get(storeIds.find((id) => prices.has(id)) as number) as PriceDetail;
  const deposit = averageDeposit(prices);
  return {
    price: averageCents(values),
    comparisonPrice: comparisonValues.length > 0 ? averageCents(comparisonValues) : null,
    priceUnit: reference.priceUnit,
    comparisonPriceUnit: reference.comparisonPriceUnit,
    isEstimated: true,
    updatedAt: null,
    ...(deposit !== null ? { deposit } : {}),
  };
}

function observedPrice(detail: PriceDetail): ComparedPrice {
  return {
    storeId: detail.storeId,
    price: detail.price,
    comparisonPrice: detail.comparisonPrice,
    priceUnit: detail.priceUnit,
    comparisonPriceUnit: detail.comparisonPriceUnit,
    isEstimated: false,
    updatedAt: detail.observedAt.toISOString(),
    // Only where the store has one: most prices have none.
    ...(detail.deposit ? { deposit: detail.deposit } : {}),
  };
}

function missingPrice(storeId: number): ComparedPrice {
  return { storeId, price: null, comparisonPrice: null, priceUnit: '', comparisonPriceUnit: '', isEstimated: false, updatedAt: null };
}

/** The comparison basket: input lines in order, each with a price (real, estimated or none) for every compared store in order. */
export function buildBasket(request: ComparisonRequest, details: readonly PriceDetail[]): BasketLine[] {
  const { storeIds, lines } = request;
  const byItem = indexByItem(details, storeIds);
  return lines.map((line) => {
    const prices = byItem.get(line.itemId);
    let lineEstimate: Estimate | undefined;
    const storeItems = storeIds.map((storeId): ComparedPrice => {
      if (!prices || prices.size === 0) return missingPrice(storeId);
      const detail = prices.get(storeId);
      if (detail) return observedPrice(detail);
      lineEstimate ??= estimate(prices, storeIds);
      return { storeId, ...lineEstimate };
    });
    return { itemId: line.itemId, quantity: line.quantity, storeItems };
  });
}
