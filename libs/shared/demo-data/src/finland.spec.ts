import { generateDemoData, isValidEan13, type DemoData } from './index';
import { apportion } from './lib/municipalities';

describe('the national (finland) demo size', () => {
  let data: DemoData;
  beforeAll(() => {
    data = generateDemoData({ size: 'finland', today: '2026-12-20' });
  });

  it('has about 1,000 S group, 1,000 K group and 200 Lidl stores in at least 50 municipalities, all inside Finland', () => {
    const byType = { S: 0, K: 0, L: 0 };
    for (const store of data.stores) byType[store.type]++;
    expect(byType).toEqual({ S: 1000, K: 1000, L: 200 });
    expect(new Set(data.stores.map((s) => s.city)).size).toBeGreaterThanOrEqual(50);
    for (const store of data.stores) {
      expect(store.lat).toBeGreaterThan(59.7);
      expect(store.lat).toBeLessThan(70.1);
      expect(store.long).toBeGreaterThan(19.5);
      expect(store.long).toBeLessThan(31.6);
      expect(store.postalCode).toMatch(/^\d{5}$/);
    }
    expect(new Set(data.stores.map((s) => `${s.type}:${s.externalId}`)).size).toBe(data.stores.length);
    expect(new Set(data.stores.map((s) => s.urlSlug)).size).toBe(data.stores.length);
  });

  it('has at least 10,000 products on sale, with unique valid EANs, and a store assortment of a few million prices in all', () => {
    let onSale = 0;
    for (let i = 0; i < data.items.length; i++) {
      for (let s = 0; s < data.stores.length; s++) {
        if (data.priceAt(s, i)) {
          onSale++;
          break;
        }
      }
    }
    expect(onSale).toBeGreaterThanOrEqual(10_000);
    expect(new Set(data.items.map((i) => i.ean)).size).toBe(data.items.length);
    expect(data.items.every((i) => isValidEan13(i.ean))).toBe(true);
    expect(data.priceCount).toBeGreaterThan(1_000_000);
    expect(data.priceCount).toBeLessThan(4_000_000);
  });

  it('gives hypermarkets a much bigger range than convenience stores', () => {
    const range = (chain: string) => {
      const index = data.stores.findIndex((s) => s.chain === chain);
      let n = 0;
      for (let i = 0; i < data.items.length; i++) if (data.priceAt(index, i)) n++;
      return n;
    };
    expect(range('prisma')).toBeGreaterThan(3 * range('sale'));
    expect(range('kcitymarket')).toBeGreaterThan(3 * range('kmarket'));
  });
});

describe('apportion', () => {
  it('splits a total in proportion with largest remainders, summing to the total', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [5, 0, 2])).toEqual([5, 0, 2]);
    expect(apportion(0, [1, 2])).toEqual([0, 0]);
  });
});
