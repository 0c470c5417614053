import { compareProduct, dailySeries, importUrl, itemPath, SERIES_DAYS } from './compare';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const stores = [
  { id: 1, name: 'Prisma Kaleva' },
  { id: 2, name: 'K-Citymarket Ruoholahti' },
  { id: 3, name: 'Lidl Tesoma' },
];
const item = {
  id: 42,
  name: 'Kevytmaito 1 l',
  urlSlug: 'kevytmaito-1-l',
  storeItems: [
    { storeId: 1, price: 95, lowestPrice30d: 89 },
    { storeId: 2, price: 79, lowestPrice30d: 79 },
    { storeId: 3, price: null, lowestPrice30d: null },
  ],
};
const iso = (ms: number) => new Date(ms).toISOString();
const history = {
  stores: [
    { storeId: 1, lowest30Days: 85, periods: [{ from: iso(NOW - 90 * DAY), to: iso(NOW - 10 * DAY), price: 85 }, { from: iso(NOW - 10 * DAY), to: null, price: 95 }] },
    { storeId: 2, lowest30Days: 79, periods: [{ from: iso(NOW - 5 * DAY), to: null, price: 79 }] },
  ],
};

describe('product comparison', () => {
  it('marks the cheapest store and its difference to the shop\'s shown price', () => {
    const c = compareProduct(item, history, stores, 99, 'https://hintakori.fi', NOW);
    expect(c.rows).toEqual([
      { storeId: 1, storeName: 'Prisma Kaleva', price: 95, cheapest: false },
      { storeId: 2, storeName: 'K-Citymarket Ruoholahti', price: 79, cheapest: true },
      { storeId: 3, storeName: 'Lidl Tesoma', price: null, cheapest: false },
    ]);
    expect(c.cheapest).toBe(79);
    expect(c.difference).toBe(20);
    expect(c.low30).toBe(79);
    expect(c.itemUrl).toBe('https://hintakori.fi/tuotteet/kevytmaito-1-l-42');
  });

  it('without a shown price has no difference; without prices no cheapest', () => {
    expect(compareProduct(item, history, stores, null, 'https://hintakori.fi', NOW).difference).toBeNull();
    const none = compareProduct({ ...item, storeItems: [] }, null, stores, 99, 'https://hintakori.fi', NOW);
    expect([none.cheapest, none.difference, none.rows.some((r) => r.cheapest)]).toEqual([null, null, false]);
  });

  it('draws 60 days of the lowest price in effect across the stores', () => {
    const series = dailySeries(history, NOW);
    expect(series).toHaveLength(SERIES_DAYS);
    expect(series[0]).toBe(85); // 59 days ago: only store 1, at 85
    expect(series[SERIES_DAYS - 8]).toBe(95); // 7 days ago: store 1 rose to 95, store 2 not yet priced
    expect(series[SERIES_DAYS - 1]).toBe(79); // today: store 2's 79 is the lowest
    expect(dailySeries(null, NOW).every((p) => p === null)).toBe(true);
  });

  it('links the product as the site does (urlSlug ending in its id)', () => {
    expect(itemPath({ id: 7, urlSlug: 'maito-7' })).toBe('/tuotteet/maito-7');
    expect(itemPath({ id: 7, urlSlug: 'maito' })).toBe('/tuotteet/maito-7');
  });
});

describe('import link', () => {
  it('lists itemId x quantity, merging repeats, quantities capped at 99, at most 200 lines', () => {
    expect(importUrl('https://hintakori.fi', [{ itemId: 5, quantity: 2 }, { itemId: 9, quantity: 1 }, { itemId: 5, quantity: 98 }])).toBe('https://hintakori.fi/ostoskorivertailu#tuo=5x99,9x1');
    const many = Array.from({ length: 250 }, (_, i) => ({ itemId: i + 1, quantity: 1 }));
    expect(importUrl('https://hintakori.fi', many).split('#tuo=')[1].split(',')).toHaveLength(200);
  });
});
