import { coverageReport, type CoverageRows, formatAge, formatCoverage, histogramPercentile } from './coverage-report';

const rows: CoverageRows = {
  stores: [
    { storeId: 1, name: 'Prisma Itäkeskus', chain: 'prisma', group: 'S' },
    { storeId: 2, name: 'Alepa Kallio', chain: 'alepa', group: 'S' },
    { storeId: 3, name: 'S-market Sörnäinen', chain: 's-market', group: 'S' },
    { storeId: 4, name: 'Sale Pasila', chain: 'sale', group: 'S' },
    { storeId: 10, name: 'K-Citymarket Ruoholahti', chain: 'kcitymarket', group: 'K' },
    { storeId: 20, name: 'Lidl Kamppi', chain: 'lidl', group: 'L' },
  ],
  prices: [
    // store 1: 8 prices by s-kaupat 2 h old (4 of them basket), 2 by open-prices 100 h old
    { storeId: 1, source: 's-kaupat', ageHours: 2, prices: 8, basket: 4 },
    { storeId: 1, source: 'open-prices', ageHours: 100, prices: 2, basket: 0 },
    // store 2: 5 prices 30 h old (1 basket)
    { storeId: 2, source: 's-kaupat', ageHours: 30, prices: 5, basket: 1 },
    // store 3: 5 prices, 3 of them 10 h, 2 of them 50 h (2 basket)
    { storeId: 3, source: 's-kaupat', ageHours: 10, prices: 3, basket: 2 },
    { storeId: 3, source: 's-kaupat', ageHours: 50, prices: 2, basket: 0 },
    // store 4 has no prices; a closed store's prices (99) are not counted
    { storeId: 99, source: 's-kaupat', ageHours: 1, prices: 1000, basket: 4 },
    { storeId: 10, source: 'k-ruoka', ageHours: 5, prices: 4, basket: 4 },
  ],
  products: [
    { group: 'S', source: null, products: 11 },
    { group: 'S', source: 's-kaupat', products: 9 },
    { group: 'S', source: 'open-prices', products: 2 },
    { group: 'K', source: null, products: 4 },
    { group: 'K', source: 'k-ruoka', products: 4 },
  ],
  basketSize: 4,
};

describe('coverageReport', () => {
  const report = coverageReport(rows, 1);
  const s = report.groups.find((g) => g.group === 'S')!;

  it('counts stores, priced stores, products and prices per group, open stores only', () => {
    expect(report.groups.map((g) => [g.label, g.stores, g.storesWithPrices, g.products, g.prices])).toEqual([
      ['S group', 4, 3, 11, 20],
      ['K group', 1, 1, 4, 4],
      ['Lidl', 1, 0, 0, 0],
    ]);
  });

  it('the age of the prices: median and 90th percentile over every price of the group or source', () => {
    // S group's 20 prices by age: 8 × 2 h, 3 × 10 h, 5 × 30 h, 2 × 50 h, 2 × 100 h → 10th is 10 h, 18th is 50 h.
    expect([s.medianAgeHours, s.p90AgeHours]).toEqual([10, 50]);
    const sKaupat = s.sources.find((x) => x.label === 's-kaupat')!;
    // its 18: 8 × 2, 3 × 10, 5 × 30, 2 × 50 → 9th is 10 h, 17th is 50 h
    expect([sKaupat.medianAgeHours, sKaupat.p90AgeHours]).toEqual([10, 50]);
    expect(report.groups[2].medianAgeHours).toBeNull();
  });

  it('the basket share per store: min / median / max over the group\'s stores (a store without prices at 0), and those below half', () => {
    // shares: store 1 4/4, store 2 1/4, store 3 2/4, store 4 0 → median (0.25 + 0.5) / 2
    expect(s.basket).toEqual({
      min: 0,
      median: 0.375,
      max: 1,
      belowHalf: [{ storeId: 4, name: 'Sale Pasila', share: 0 }],
      belowHalfCount: 2,
    });
    expect(report.groups[2].basket).toMatchObject({ min: 0, max: 0, belowHalfCount: 1 });
  });

  it('a line per price source, over the stores it prices', () => {
    expect(s.sources.map((x) => [x.label, x.stores, x.storesWithPrices, x.products, x.prices])).toEqual([
      ['open-prices', 1, 1, 2, 2],
      ['s-kaupat', 3, 3, 9, 18],
    ]);
    expect(s.sources.find((x) => x.label === 'open-prices')!.basket).toMatchObject({ min: 0, max: 0, belowHalfCount: 1 });
  });

  it('without a chosen basket there is no basket share', () => {
    expect(coverageReport({ ...rows, basketSize: 0 }).groups.every((g) => g.basket === null)).toBe(true);
  });

  it('prints a table and names the stores below half', () => {
    const text = formatCoverage(report);
    expect(text).toContain('price-level basket: 4 products');
    expect(text).toMatch(/^S group\s+4\s+3\s+11\s+20\s+10 h\s+2\.1 d\s+0 % \/ 38 % \/ 100 %\s+2$/m);
    expect(text).toMatch(/^ {2}s-kaupat\s+3\s+3\s+9\s+18\s/m);
    expect(text).toContain('S group: 2 stores below half of the basket: Sale Pasila (#4, 0 %), and 1 more');
  });
});

describe('histogramPercentile and formatAge', () => {
  it('nearest rank over a histogram of hours', () => {
    const h = new Map([
      [5, 1],
      [1, 3],
    ]);
    expect(histogramPercentile(h, 50)).toBe(1);
    expect(histogramPercentile(h, 90)).toBe(5);
    expect(histogramPercentile(new Map(), 50)).toBeNull();
  });

  it('hours under two days, days after', () => {
    expect([formatAge(3), formatAge(12), formatAge(47), formatAge(48), formatAge(240), formatAge(null)]).toEqual(['3.0 h', '12 h', '47 h', '2.0 d', '10.0 d', '–']);
  });
});
