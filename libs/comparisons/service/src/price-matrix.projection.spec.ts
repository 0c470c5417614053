import { newestPerCell } from './price-matrix.projection';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';

const obs = (itemId: number, storeId: number, price: number, observedAt: string): PriceObservation => ({
  itemId,
  storeId,
  price,
  comparisonPrice: null,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kg',
  isCampaign: false,
  observedAt,
});

describe('newestPerCell', () => {
  it('keeps only the newest observation of each item in each store', () => {
    const rows = newestPerCell([
      obs(1, 1, 100, '2025-11-20T10:00:00.000Z'),
      obs(1, 1, 120, '2025-11-21T10:00:00.000Z'),
      obs(1, 1, 90, '2025-11-19T10:00:00.000Z'),
      obs(1, 2, 300, '2025-11-19T10:00:00.000Z'),
    ]);
    expect(rows.map((r) => [r.itemId, r.storeId, r.price])).toEqual([
      [1, 1, 120],
      [1, 2, 300],
    ]);
  });

  it('keeps the first of two observations with the same time (only a newer one wins)', () => {
    const rows = newestPerCell([obs(1, 1, 100, '2025-11-20T10:00:00.000Z'), obs(1, 1, 200, '2025-11-20T10:00:00.000Z')]);
    expect(rows.map((r) => r.price)).toEqual([100]);
  });

  it('orders rows by item then store so concurrent batches lock in the same order', () => {
    const rows = newestPerCell([obs(2, 1, 1, '2025-11-20T10:00:00Z'), obs(1, 9, 1, '2025-11-20T10:00:00Z'), obs(1, 3, 1, '2025-11-20T10:00:00Z')]);
    expect(rows.map((r) => [r.itemId, r.storeId])).toEqual([
      [1, 3],
      [1, 9],
      [2, 1],
    ]);
  });
});
