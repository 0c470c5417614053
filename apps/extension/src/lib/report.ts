// The body of `POST /api/price-reports` (issue 37's interface): only these fields, each checked here so the worker never
// sends what the API would refuse, and nothing about the shopper.
import { isEan } from './ean';
import type { ShownProduct } from './shop-page';

export interface PriceReport {
  storeId: number;
  ean: string;
  price: number;
  regularPrice?: number;
  comparisonPrice?: number;
  comparisonUnit?: string;
  seenAt: string;
}

const cents = (value: unknown, max: number): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;

/** The report of what a page showed at `seenAt` in Hintakori's store `storeId`, or null when a value is out of range. */
export function priceReport(product: ShownProduct, storeId: number, seenAt: Date): PriceReport | null {
  if (!Number.isSafeInteger(storeId) || storeId < 1 || !isEan(product?.ean) || !cents(product.price, 1_000_000)) return null;
  const report: PriceReport = { storeId, ean: product.ean, price: product.price, seenAt: seenAt.toISOString() };
  // The shelf price only beside a lower campaign price.
  if (cents(product.regularPrice, 1_000_000) && product.regularPrice > product.price) report.regularPrice = product.regularPrice;
  // The unit price only with its unit, as the API takes them together.
  if (cents(product.comparisonPrice, 100_000_000) && typeof product.comparisonUnit === 'string' && /^[a-z0-9]{1,12}$/.test(product.comparisonUnit)) {
    report.comparisonPrice = product.comparisonPrice;
    report.comparisonUnit = product.comparisonUnit;
  }
  return report;
}
