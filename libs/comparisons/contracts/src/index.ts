/** Message patterns and payloads of the comparisons service (store totals, comparison basket). */

export const ComparisonsPatterns = {
  StoreTotals: 'comparisons.store-totals',
  Basket: 'comparisons.basket',
} as const;
export type ComparisonsPattern = (typeof ComparisonsPatterns)[keyof typeof ComparisonsPatterns];

export interface ComparisonLine {
  itemId: number;
  quantity: number;
}

export interface ComparisonRequest {
  storeIds: number[];
  lines: ComparisonLine[];
}

export interface StoreTotal {
  /** Σ quantity × price in cents, estimated prices included. */
  total: number;
  /** Lines whose price in this store was estimated from the other compared stores. */
  estimatedCount: number;
  /** Lines that have no price in any compared store. */
  missingCount: number;
  cheapest: boolean;
}

/** Keyed by store id. */
export type StoreTotalsResult = Record<string, StoreTotal>;

export interface ComparedPrice {
  storeId: number;
  price: number | null;
  comparisonPrice: number | null;
  priceUnit: string;
  comparisonPriceUnit: string;
  isEstimated: boolean;
  updatedAt: string | null;
}

export interface BasketLine {
  itemId: number;
  quantity: number;
  storeItems: ComparedPrice[];
}
