import { BasketLine, ComparisonsPatterns, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { ComparisonsModule } from './comparisons.module';
import { PriceMatrixCache } from './price-matrix.cache';

const OBSERVED = '2025-11-20T08:30:00.000Z';

/** [itemId, storeId, price, comparisonPrice] */
const FIXTURE: [number, number, number, number | null][] = [
  [101, 1, 100, 400],
  [101, 2, 120, 480],
  [101, 3, 110, 440],
  [102, 1, 200, 1000],
  [102, 3, 201, null],
  [103, 2, 50, 250],
  // 104 has no price anywhere; 105 only in store 9, which is never compared here.
  [105, 9, 999, null],
  // Tie: every store totals 300 for items 201 + 202, only store 2 without an estimate.
  [201, 1, 100, null],
  [201, 2, 100, null],
  [202, 2, 200, null],
  [202, 3, 200, null],
];

describe('comparisons service over the in-process transport', () => {
  let db: TestDatabase;
  let service: TestService;

  const send = <T>(pattern: string, data: unknown) => firstValueFrom(service.client.send<T>(pattern, data));
  const storeTotals = (data: unknown) => send<StoreTotalsResult>(ComparisonsPatterns.StoreTotals, data);
  const basket = (data: unknown) => send<BasketLine[]>(ComparisonsPatterns.Basket, data);

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(ComparisonsModule.forRoot(testConfig(db.url)));
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      await sql.query(
        `INSERT INTO comparisons.price_matrix (item_id, store_id, price, comparison_price, price_unit, comparison_price_unit, is_campaign, observed_at)
         SELECT i, s, p, c, 'kpl', 'kg', false, $5 FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS t(i, s, p, c)`,
        [FIXTURE.map((r) => r[0]), FIXTURE.map((r) => r[1]), FIXTURE.map((r) => r[2]), FIXTURE.map((r) => r[3]), OBSERVED],
      );
    } finally {
      await sql.end();
    }
    // The price cache follows the table through NOTIFY (delivered at commit, asynchronously): wait for it.
    const cache = service.app.get(PriceMatrixCache);
    for (let i = 0; i < 500 && !(cache.ready && cache.size.cells === FIXTURE.length); i++) await new Promise((r) => setTimeout(r, 10));
    expect(cache.size.cells).toBe(FIXTURE.length);
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  describe('store totals', () => {
    it('sums quantity × price per store, estimating from the average and counting lines missing everywhere', async () => {
      const result = await storeTotals({
        storeIds: [1, 2, 3],
        lines: [
          { itemId: 101, quantity: 2 },
          { itemId: 102, quantity: 1 },
          { itemId: 103, quantity: 3 },
          { itemId: 104, quantity: 5 },
        ],
      });
      // 102 in store 2 is estimated at avg(200, 201) = 200.5 -> 201; 103 is 50 everywhere but store 2 (estimated).
      expect(result).toEqual({
        '1': { total: 2 * 100 + 200 + 3 * 50, deposits: 0, estimatedCount: 1, missingCount: 1, cheapest: true },
        '2': { total: 2 * 120 + 201 + 3 * 50, deposits: 0, estimatedCount: 1, missingCount: 1, cheapest: false },
        '3': { total: 2 * 110 + 201 + 3 * 50, deposits: 0, estimatedCount: 1, missingCount: 1, cheapest: false },
      });
    });

    it('gives a tie to the store with fewer estimated lines', async () => {
      const result = await storeTotals({ storeIds: [1, 2, 3], lines: [{ itemId: 201, quantity: 1 }, { itemId: 202, quantity: 1 }] });
      expect(Object.values(result).map((t) => t.total)).toEqual([300, 300, 300]);
      expect(Object.keys(result).filter((id) => result[id].cheapest)).toEqual(['2']);
    });

    it('breaks a full tie by the lowest store id', async () => {
      const result = await storeTotals({ storeIds: [2, 1], lines: [{ itemId: 201, quantity: 4 }] });
      expect(result['1']).toMatchObject({ total: 400, cheapest: true });
      expect(result['2']).toMatchObject({ total: 400, cheapest: false });
    });

    it('lists every requested store, even one without any prices, and ignores stores outside the comparison', async () => {
      const result = await storeTotals({ storeIds: [1, 42], lines: [{ itemId: 101, quantity: 1 }, { itemId: 105, quantity: 1 }] });
      expect(result).toEqual({
        '1': { total: 100, deposits: 0, estimatedCount: 0, missingCount: 1, cheapest: true },
        '42': { total: 100, deposits: 0, estimatedCount: 1, missingCount: 1, cheapest: false },
      });
    });

    it('compares a single store', async () => {
      const result = await storeTotals({ storeIds: [3], lines: [{ itemId: 101, quantity: 3 }] });
      expect(result).toEqual({ '3': { total: 330, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: true } });
    });

    it('marks no store cheapest when none of them has any price', async () => {
      const result = await storeTotals({ storeIds: [1, 2], lines: [{ itemId: 104, quantity: 1 }, { itemId: 105, quantity: 2 }] });
      expect(result).toEqual({
        '1': { total: 0, deposits: 0, estimatedCount: 0, missingCount: 2, cheapest: false },
        '2': { total: 0, deposits: 0, estimatedCount: 0, missingCount: 2, cheapest: false },
      });
    });

    it('answers an empty basket with zero totals', async () => {
      const result = await storeTotals({ storeIds: [1, 2], lines: [] });
      expect(Object.values(result)).toEqual([
        { total: 0, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false },
        { total: 0, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false },
      ]);
    });
  });

  describe('comparison basket', () => {
    it('returns the lines in input order with a real, estimated or absent price for every store', async () => {
      const result = await basket({
        storeIds: [2, 1],
        lines: [
          { itemId: 104, quantity: 1 },
          { itemId: 102, quantity: 2 },
          { itemId: 101, quantity: 1 },
        ],
      });
      expect(result.map((line) => [line.itemId, line.quantity])).toEqual([
        [104, 1],
        [102, 2],
        [101, 1],
      ]);
      expect(result[0].storeItems).toEqual([2, 1].map((storeId) => ({ storeId, price: null, comparisonPrice: null, priceUnit: '', comparisonPriceUnit: '', isEstimated: false, updatedAt: null, lineTotal: null })));
      // Only store 1 of the compared stores has item 102, so store 2's estimate is store 1's price.
      expect(result[1].storeItems).toEqual([
        { storeId: 2, price: 200, comparisonPrice: 1000, priceUnit: 'kpl', comparisonPriceUnit: 'kg', isEstimated: true, updatedAt: null, lineTotal: 400 },
        { storeId: 1, price: 200, comparisonPrice: 1000, priceUnit: 'kpl', comparisonPriceUnit: 'kg', isEstimated: false, updatedAt: OBSERVED, lineTotal: 400 },
      ]);
      expect(result[2].storeItems.map((p) => [p.storeId, p.price, p.isEstimated])).toEqual([
        [2, 120, false],
        [1, 100, false],
      ]);
    });

    it('rounds an estimate half up', async () => {
      const [line] = await basket({ storeIds: [1, 2, 3], lines: [{ itemId: 102, quantity: 1 }] });
      expect(line.storeItems[1]).toMatchObject({ storeId: 2, price: 201, comparisonPrice: 1000, isEstimated: true });
    });
  });

  describe('validation', () => {
    it('compares a store listed twice once, as the gateway does (one policy for repeated ids)', async () => {
      const lines = [{ itemId: 101, quantity: 2 }];
      expect(await storeTotals({ storeIds: [2, 1, 2], lines })).toEqual(await storeTotals({ storeIds: [2, 1], lines }));
      expect(await basket({ storeIds: [1, 1], lines })).toEqual(await basket({ storeIds: [1], lines }));
    });

    it.each([
      ['no store ids', { storeIds: [], lines: [] }, 'storeIds must list at least one value'],
      ['too many stores', { storeIds: Array.from({ length: 101 }, (_, i) => i + 1), lines: [] }, 'storeIds may list at most 100 values, got 101'],
      ['a zero quantity', { storeIds: [1], lines: [{ itemId: 101, quantity: 0 }] }, 'lines[0].quantity must be a whole number from 1 to 999, got 0'],
      ['a quantity over 999', { storeIds: [1], lines: [{ itemId: 101, quantity: 1000 }] }, 'lines[0].quantity must be a whole number from 1 to 999, got 1000'],
      ['a text item id', { storeIds: [1], lines: [{ itemId: 'abc', quantity: 1 }] }, 'lines[0].itemId must be a positive integer, got "abc"'],
      ['no lines', { storeIds: [1] }, 'lines is required'],
    ])('answers 400 for %s (store totals and basket)', async (_label, input, message) => {
      await expect(storeTotals(input)).rejects.toMatchObject({ statusCode: 400, message });
      await expect(basket(input)).rejects.toMatchObject({ statusCode: 400, message });
    });

    it('answers 400 naming `date` for a shopping day that does not exist or is more than 60 days away (totals, basket, split)', async () => {
      const lines = [{ itemId: 101, quantity: 1 }];
      const far = new Date(Date.now() + 90 * 24 * 3600 * 1000).toISOString().slice(0, 10);
      for (const date of ['2026-02-30', far]) {
        const input = { storeIds: [1], lines, date };
        await expect(storeTotals(input)).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^date must be /) });
        await expect(basket(input)).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^date must be /) });
        await expect(send(ComparisonsPatterns.Split, input)).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^date must be /) });
      }
      // Today is a shopping day.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());
      expect(await storeTotals({ storeIds: [1], lines, date: today, cards: ['k-plussa'] })).toEqual(await storeTotals({ storeIds: [1], lines }));
    });
  });
});
