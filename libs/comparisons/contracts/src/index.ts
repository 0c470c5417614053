/** Message patterns and payloads of the comparisons service (store totals, comparison basket). */

export const ComparisonsPatterns = {
  StoreTotals: 'comparisons.store-totals',
  Basket: 'comparisons.basket',
  Split: 'comparisons.split',
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

/** Where a compared store is (the gateway adds it from the stores service when the shopper gives a position). */
export interface StoreLocation {
  storeId: number;
  lat: number;
  long: number;
}

/** `POST /api/shoppingCartComparisons/split`: buy the basket in at most `maxStores` of the compared stores. */
export interface BasketSplitRequest extends ComparisonRequest {
  /** 1 … 3 (default 2). */
  maxStores: number;
  origin?: { lat: number; long: number };
  locations?: StoreLocation[];
  /** Cost of one kilometre of travel, cents (default 25). */
  costPerKmCents: number;
}

/** Where to buy one line; `storeId`/`price` null when no compared store has a price for it. */
export interface SplitLine {
  itemId: number;
  quantity: number;
  storeId: number | null;
  /** Unit price in cents at that store (an estimate when isEstimated). */
  price: number | null;
  isEstimated: boolean;
}

export interface BasketSplitResult {
  /** The stores to visit, in request order (one store when no split is cheaper). */
  stores: number[];
  lines: SplitLine[];
  /** Σ quantity × price over the split, cents. */
  total: number;
  /** The cheapest single store for the whole basket; null when no line has a price anywhere. */
  cheapestSingleStore: { storeId: number; total: number } | null;
  /** cheapestSingleStore.total − total (≥ 0). */
  saving: number;
  /** Extra kilometres of the round trip through the split's stores over the one to the cheapest single store (with an origin). */
  extraDistanceKm?: number;
  /** extraDistanceKm × costPerKmCents, rounded to cents (with an origin). */
  travelCostCents?: number;
  /** The saving is positive and, with an origin, larger than the travel cost. */
  worthIt: boolean;
}
