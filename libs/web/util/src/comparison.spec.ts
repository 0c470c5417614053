import { averagePrice, cheapestStoreId, priceOrEstimate, rankTotals } from './comparison';

describe('cheapest store and percentages', () => {
  it('puts the lowest total first and gives the others the extra amount and rounded percentage', () => {
    const ranked = rankTotals({ '1': { total: 1200 }, '2': { total: 1000 }, '3': { total: 1333 } }, [1, 2, 3]);
    expect(ranked.map((r) => r.storeId)).toEqual([2, 1, 3]);
    expect(ranked[0]).toMatchObject({ cheapest: true, diff: 0, percent: 0 });
    expect(ranked[1]).toMatchObject({ cheapest: false, diff: 200, percent: 20 });
    expect(ranked[2]).toMatchObject({ diff: 333, percent: 33 });
  });

  it('breaks ties by fewer missing prices', () => {
    const totals = { '1': { total: 1000, missingCount: 2 }, '2': { total: 1000, missingCount: 0 } };
    expect(cheapestStoreId(totals, [1, 2])).toBe(2);
  });

  it('ignores stores without a result and handles no data', () => {
    expect(rankTotals({ '1': { total: 500 } }, [1, 2])).toHaveLength(1);
    expect(rankTotals(undefined)).toEqual([]);
    expect(cheapestStoreId(null)).toBeNull();
  });
});

describe('missing prices', () => {
  const items = [
    { storeId: 1, price: 100 },
    { storeId: 2, price: null },
    { storeId: 3, price: 201 },
  ];

  it('estimates a missing price with the average of the stores that have one', () => {
    expect(averagePrice(items)).toBe(151);
    expect(priceOrEstimate(items, 2)).toEqual({ price: 151, estimated: true });
    expect(priceOrEstimate(items, 1)).toEqual({ price: 100, estimated: false });
  });

  it('has no estimate when no store has a price', () => {
    expect(priceOrEstimate([{ storeId: 1, price: null }], 1)).toEqual({ price: null, estimated: false });
  });
});
