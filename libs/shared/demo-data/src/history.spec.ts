import { REFERENCE_BASKET_CATEGORIES } from '@hintakori/catalog-contracts';
import { generateDemoData } from './lib/generate';
import type { DemoPrice } from './lib/types';

describe('demo price history', () => {
  const data = generateDemoData({ today: '2026-11-27' });
  const all = [...data.pricesWithHistory()];
  const byPair = new Map<string, DemoPrice[]>();
  for (const price of all) {
    const key = `${price.storeId}:${price.itemId}`;
    byPair.set(key, [...(byPair.get(key) ?? []), price]);
  }

  it('yields exactly priceWithHistoryCount observations, each pair ending in its current price, oldest first', () => {
    expect(all.length).toBe(data.priceWithHistoryCount);
    expect(byPair.size).toBe(data.priceCount);
    const wrong: string[] = [];
    for (const price of data.prices()) {
      const pair = byPair.get(`${price.storeId}:${price.itemId}`) ?? [];
      if (JSON.stringify(pair[pair.length - 1]) !== JSON.stringify(price)) wrong.push(`${price.storeId}:${price.itemId} does not end in its current price`);
      for (let i = 1; i < pair.length; i++) if (pair[i - 1].updatedAt >= pair[i].updatedAt) wrong.push(`${price.storeId}:${price.itemId} out of order`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('gives the everyday products of the basket categories prices from 60 days back, and some other prices a change', () => {
    const everyday = new Set(data.categories.filter((c) => (REFERENCE_BASKET_CATEGORIES as readonly string[]).includes(c.slug)).map((c) => c.id));
    expect(everyday.size).toBe(REFERENCE_BASKET_CATEGORIES.length);
    const everydayItems = new Set(data.items.filter((item) => everyday.has(item.categoryId)).map((item) => item.id));
    const sixtyDaysAgo = '2026-09-28';
    let everydayWithHistory = 0;
    let othersChanged = 0;
    let others = 0;
    for (const pair of byPair.values()) {
      if (everydayItems.has(pair[0].itemId)) {
        if (pair.length > 1) {
          everydayWithHistory += 1;
          expect(pair[0].updatedAt.slice(0, 10) <= sixtyDaysAgo).toBe(true);
        }
      } else {
        others += 1;
        if (pair.length > 1 && pair[pair.length - 2].price !== pair[0].price) othersChanged += 1;
      }
    }
    expect(everydayWithHistory).toBeGreaterThan(1000);
    expect(othersChanged / others).toBeGreaterThan(0.025);
    expect(othersChanged / others).toBeLessThan(0.05);
    // The history adds at most 30 % to the observations to seed.
    expect(data.priceWithHistoryCount / data.priceCount).toBeLessThan(1.3);
  });
});
