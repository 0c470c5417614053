import type { PriceChange as Change, PriceLevelSeries } from '@hintakori/catalog-contracts';
import { api, someStores } from './support';

/** The Helsinki calendar date `days` days ago. */
const helsinkiDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date(Date.now() - days * 86_400_000));

describe('price levels', () => {
  it('answers the fixed basket and a daily series per store, index 100 on the first day', async () => {
    const storeIds = (await someStores(4)).map((s) => s.id);
    const { body } = await api()
      .get('/api/priceLevels')
      .query({ storeIds: storeIds.join(','), from: helsinkiDate(29), to: helsinkiDate(0) })
      .expect(200);
    expect(body.basket.items.length).toBeGreaterThanOrEqual(10);
    for (const entry of body.basket.items) expect(entry).toMatchObject({ item: { id: expect.any(Number), name: expect.any(String) }, categorySlug: expect.any(String) });
    expect(body.series.length).toBeGreaterThan(0);
    for (const series of body.series as PriceLevelSeries[]) {
      expect(storeIds).toContain(series.storeId);
      expect(series.points[0].index).toBe(100);
      for (const point of series.points) {
        expect(point.coverage).toBeGreaterThanOrEqual(0);
        expect(point.coverage).toBeLessThanOrEqual(1);
        expect(point.total).toBeGreaterThan(0);
        expect(point.date >= helsinkiDate(29) && point.date <= helsinkiDate(0)).toBe(true);
      }
    }
    // The same answer again: the basket is fixed.
    const again = await api().get('/api/priceLevels').query({ storeIds: storeIds.join(','), from: helsinkiDate(29), to: helsinkiDate(0) }).expect(200);
    expect(again.body.basket).toEqual(body.basket);
  });

  it('leaves out a store id without prices', async () => {
    const [store] = await someStores(1);
    const { body } = await api().get('/api/priceLevels').query({ storeIds: `${store.id},2000000000`, from: helsinkiDate(2), to: helsinkiDate(0) }).expect(200);
    expect(body.series.map((s: { storeId: number }) => s.storeId)).toEqual([store.id]);
  });

  it.each([
    ['no storeIds', 'from=2026-01-01&to=2026-01-31', 'storeIds'],
    ['too many stores', `storeIds=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}&from=2026-01-01&to=2026-01-31`, 'storeIds'],
    ['a date in the wrong form', 'storeIds=1&from=1.1.2026&to=2026-01-31', 'from'],
    ['a date that does not exist', 'storeIds=1&from=2026-02-30&to=2026-03-31', 'from must be a date that exists'],
    ['a month and day 00', 'storeIds=1&from=0000-00-00&to=2026-03-31', 'from must be a date that exists'],
    ['a year outside 1900–2099', 'storeIds=1&from=2026-01-01&to=2126-01-02', 'to must be a date that exists'],
    ['from after to', 'storeIds=1&from=2026-03-02&to=2026-03-01', 'must not be after'],
    ['a period too long', 'storeIds=1&from=2025-01-01&to=2026-01-01', 'at most 180 days'],
    ['an unknown parameter', 'storeIds=1&from=2026-01-01&to=2026-01-02&colour=red', 'colour'],
  ])('answers 400 for %s', async (_case, query, words) => {
    const { body } = await api().get(`/api/priceLevels?${query}`).expect(400);
    expect(JSON.stringify(body.message)).toContain(words);
  });
});

describe('price changes', () => {
  it('lists drops, largest first, each below its previous price', async () => {
    const storeIds = (await someStores(20)).map((s) => s.id);
    const { body } = await api().get('/api/priceChanges').query({ storeIds: storeIds.join(','), days: 60, limit: 20 }).expect(200);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.total).toBeGreaterThanOrEqual(body.items.length);
    const items = body.items as Change[];
    for (const change of items) {
      expect(change.price).toBeLessThan(change.previousPrice);
      expect(change.changePercent).toBeLessThan(0);
      expect(storeIds).toContain(change.storeId);
    }
    for (let i = 1; i < items.length; i++) expect(Math.abs(items[i - 1].changePercent)).toBeGreaterThanOrEqual(Math.abs(items[i].changePercent));
    const next = await api().get('/api/priceChanges').query({ storeIds: storeIds.join(','), days: 60, limit: 5, offset: 5 }).expect(200);
    expect(next.body.items.map((c: Change) => c.item.id)).toEqual(items.slice(5, 10).map((c) => c.item.id));
  });

  it('lists rises above the previous price and filters by category', async () => {
    const storeIds = (await someStores(20)).map((s) => s.id).join(',');
    const { body } = await api().get('/api/priceChanges').query({ storeIds, days: 60, direction: 'up' }).expect(200);
    for (const change of body.items as Change[]) expect(change.price).toBeGreaterThan(change.previousPrice);
    const none = await api().get('/api/priceChanges').query({ storeIds, days: 60, category: 'ei-tallaista-kategoriaa' }).expect(200);
    expect(none.body).toMatchObject({ total: 0, items: [] });
  });

  it.each([
    ['no storeIds', 'days=7', 'storeIds'],
    ['days 0', 'storeIds=1&days=0', 'days'],
    ['days over 60', 'storeIds=1&days=61', 'days'],
    ['a wrong direction', 'storeIds=1&direction=sideways', 'direction'],
    ['a page too big', 'storeIds=1&limit=101', 'limit'],
    ['a bad category', 'storeIds=1&category=Ei%20slug', 'category'],
  ])('answers 400 for %s', async (_case, query, words) => {
    const { body } = await api().get(`/api/priceChanges?${query}`).expect(400);
    expect(JSON.stringify(body.message)).toContain(words);
  });

  it('is documented with its limits', async () => {
    const docs = await api().get('/api/docs-json').expect(200);
    const levels = JSON.stringify(docs.body.paths['/api/priceLevels']);
    expect(levels).toContain('"maxItems":50');
    expect(levels).toContain('180 days');
    expect(JSON.stringify(docs.body.paths['/api/priceChanges'])).toContain('"maximum":60');
  });
});
