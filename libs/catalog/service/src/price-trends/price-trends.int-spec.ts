import { CatalogPatterns, PriceChanges, PriceLevels, type ReferenceBasketItems } from '@hintakori/catalog-contracts';
import { callService, ServiceCallError } from '@hintakori/platform-messaging';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { CatalogModule } from '../catalog.module';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { StorePriceProjection } from '../prices/store-price.projection';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY).toISOString();
/** The Helsinki calendar date `days` days ago. */
const helsinkiDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date(now - days * DAY));
/** Helsinki midday of that date (10:00 UTC is 12:00 or 13:00 there), as ISO. */
const middayOf = (days: number) => `${helsinkiDate(days)}T10:00:00.000Z`;

function obs(itemId: number, storeId: number, price: number, observedAt: string, options: { campaign?: boolean; comparison?: number } = {}): PriceObservation {
  return {
    itemId,
    storeId,
    price,
    comparisonPrice: options.comparison ?? price,
    priceUnit: 'kpl',
    comparisonPriceUnit: 'l',
    isCampaign: options.campaign ?? false,
    observedAt,
  };
}

describe('price levels and price changes (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let projection: StorePriceProjection;
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url), { seedFromFeed: false }));
    projection = service.app.get(StorePriceProjection);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`INSERT INTO catalog.categories (id, name, slug, parent_category_id) VALUES
      (1, 'Maito, juusto, munat ja rasvat', 'maito-juusto-munat-ja-rasvat', NULL), (2, 'Kevytmaidot', 'kevytmaidot', 1), (3, 'Kananmunat', 'kananmunat', 1),
      (4, 'Karkit', 'karkit', NULL)`);
    await sql.query(`INSERT INTO catalog.items (id, name, url_slug, category_id) VALUES
      (1, 'Kevytmaito 1 l', 'kevytmaito-1-l', 2), (2, 'Kevytmaito halpa 1 l', 'kevytmaito-halpa-1-l', 2), (3, 'Luomu kevytmaito 1 l', 'luomu-kevytmaito-1-l', 2),
      (4, 'Kevytmaito 1,5 l', 'kevytmaito-1-5-l', 2), (5, 'Kananmunat 10 kpl', 'kananmunat-10-kpl', 3), (6, 'Salmiakki 100 g', 'salmiakki-100-g', 4)`);
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  const levels = (payload: unknown) => callService<PriceLevels>(service.client, CatalogPatterns.PriceLevels, payload);
  const changes = (payload: Record<string, unknown>) =>
    callService<PriceChanges>(service.client, CatalogPatterns.PriceChanges, { days: 7, direction: 'down', limit: 50, offset: 0, ...payload });

  it('chooses the basket by the rule, keeps it, and sums it per store and day with estimates counted', async () => {
    await projection.applyPriceObservations([
      // kevytmaidot: item 2 is the cheapest among the widely priced ones; item 3 is cheaper but priced in one store only.
      obs(1, 1, 120, ago(20)), obs(1, 2, 120, ago(20)), obs(1, 3, 120, ago(20)),
      obs(2, 1, 100, ago(20)), obs(2, 2, 110, ago(20)), obs(2, 3, 90, ago(20)),
      obs(3, 1, 50, ago(20)),
      // kananmunat: item 5, not priced in store 3.
      obs(5, 1, 300, ago(20)), obs(5, 2, 320, ago(20)),
    ]);
    // Store 1's milk gets dearer at Helsinki midday two days ago.
    await projection.applyPriceObservations([obs(2, 1, 130, middayOf(2))]);

    const answer = await levels({ storeIds: [1, 3, 99], from: helsinkiDate(3), to: helsinkiDate(0) });
    expect(answer.basket.items.map((b) => [b.categorySlug, b.item.id, b.storeCount, b.comparisonPrice])).toEqual([
      ['kevytmaidot', 2, 3, 110], // (130 + 110 + 90) / 3 when first asked
      ['kananmunat', 5, 2, 310],
    ]);
    expect(answer.series.map((s) => s.storeId)).toEqual([1, 3]); // 99 has no prices
    const [store1, store3] = answer.series;
    expect(store1.points.map((p) => [p.date, p.total, p.index, p.coverage, p.estimated])).toEqual([
      [helsinkiDate(3), 400, 100, 1, 0],
      [helsinkiDate(2), 430, 107.5, 1, 0],
      [helsinkiDate(1), 430, 107.5, 1, 0],
      [helsinkiDate(0), 430, 107.5, 1, 0],
    ]);
    // Store 3 has no eggs: estimated at store 1's price (the only chosen store that has them).
    expect(store3.points[0]).toEqual({ date: helsinkiDate(3), total: 90 + 300, index: 100, coverage: 0.5, estimated: 1 });

    // The basket stays as chosen when prices change.
    await projection.applyPriceObservations([obs(1, 1, 10, ago(0.5), { comparison: 10 }), obs(1, 2, 10, ago(0.5)), obs(1, 3, 10, ago(0.5))]);
    const again = await levels({ storeIds: [1], from: helsinkiDate(0), to: helsinkiDate(0) });
    expect(again.basket.items.map((b) => b.item.id)).toEqual([2, 5]);
  });

  it('gives the basket\'s products with their EANs (catalog.prices.reference-basket-items), in basket order', async () => {
    await sql.query(`UPDATE catalog.items SET ean = '6410405000014' WHERE id = 2`);
    const answer = await callService<ReferenceBasketItems>(service.client, CatalogPatterns.ReferenceBasketItems, {});
    expect(answer).toEqual({
      items: [
        { itemId: 2, ean: '6410405000014', categorySlug: 'kevytmaidot' },
        { itemId: 5, ean: null, categorySlug: 'kananmunat' },
      ],
    });
  });

  it('has no point for days that have not begun', async () => {
    const answer = await levels({ storeIds: [1], from: helsinkiDate(1), to: helsinkiDate(-5) });
    expect(answer.series[0].points.map((p) => p.date)).toEqual([helsinkiDate(1), helsinkiDate(0)]);
  });

  it('answers 400 for a bad payload or period', async () => {
    for (const payload of [
      { storeIds: [], from: '2026-01-01', to: '2026-01-02' },
      { storeIds: Array.from({ length: 51 }, (_, i) => i + 1), from: '2026-01-01', to: '2026-01-02' },
      { storeIds: [1], from: '2026-02-30', to: '2026-03-02' },
      { storeIds: [1], from: '2026-03-02', to: '2026-03-01' },
      { storeIds: [1], from: '2025-01-01', to: '2026-01-01' },
      { storeIds: [1], from: '1.1.2026', to: '2026-01-01' },
      'x',
    ]) {
      const error = await levels(payload).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceCallError);
      expect((error as ServiceCallError).statusCode).toBe(400);
    }
  });

  it('ranks the current prices that changed in the window, a campaign ending is not a rise', async () => {
    await projection.applyPriceObservations([
      // item 4 store 1: regular 200 → campaign 150 → back to 200: not a rise.
      obs(4, 1, 200, ago(30)), obs(4, 1, 150, ago(10), { campaign: true }), obs(4, 1, 200, ago(2)),
      // item 4 store 2: 200 → 250, a rise of 25 %.
      obs(4, 2, 200, ago(30)), obs(4, 2, 250, ago(3)),
      // item 4 store 3: campaign 150 → 180 after it: above the regular 160 before the campaign, a rise of 12.5 %.
      obs(4, 3, 160, ago(30)), obs(4, 3, 150, ago(20), { campaign: true }), obs(4, 3, 180, ago(1)),
      // item 6 store 1: 200 → campaign 160 (−20 %); item 6 store 2: 200 → 190 (−5 %); store 3: 200 → 100 eleven days ago (outside).
      obs(6, 1, 200, ago(30)), obs(6, 1, 160, ago(1), { campaign: true }),
      obs(6, 2, 200, ago(30)), obs(6, 2, 190, ago(2)),
      obs(6, 3, 200, ago(30)), obs(6, 3, 100, ago(11)),
    ]);

    const drops = await changes({ storeIds: [1, 2, 3] });
    const summary = (answer: PriceChanges) => answer.items.map((c) => [c.item.id, c.storeId, c.previousPrice, c.price, c.changePercent, c.isCampaign]);
    expect(summary(drops)).toEqual([
      [1, 1, 120, 10, -91.7, false],
      [1, 2, 120, 10, -91.7, false],
      [1, 3, 120, 10, -91.7, false],
      [6, 1, 200, 160, -20, true],
      [6, 2, 200, 190, -5, false],
    ]);
    expect(drops.total).toBe(5);

    const rises = await changes({ storeIds: [1, 2, 3], direction: 'up' });
    expect(summary(rises)).toEqual([
      [2, 1, 100, 130, 30, false],
      [4, 2, 200, 250, 25, false],
      [4, 3, 160, 180, 12.5, false],
    ]);
    expect(rises.items[1].changedAt).toBe(ago(3));

    // Store 1's milk rise two days ago is in a 3-day window; the 11-day-old drop needs 12 days.
    expect(summary(await changes({ storeIds: [1], days: 3, direction: 'up' }))).toEqual([[2, 1, 100, 130, 30, false]]);
    expect((await changes({ storeIds: [3], days: 12 })).items.map((c) => c.item.id)).toEqual([1, 6]);
  });

  it('filters by category (its subcategories included) and pages with the total of all pages', async () => {
    expect((await changes({ storeIds: [1, 2, 3], category: 'karkit' })).items.map((c) => c.item.id)).toEqual([6, 6]);
    expect((await changes({ storeIds: [1, 2, 3], category: 'maito-juusto-munat-ja-rasvat' })).items.map((c) => c.item.id)).toEqual([1, 1, 1]);
    expect((await changes({ storeIds: [1, 2, 3], category: 'ei-ole' })).total).toBe(0);
    const page = await changes({ storeIds: [1, 2, 3], limit: 2, offset: 3 });
    expect([page.total, page.items.map((c) => [c.item.id, c.storeId])]).toEqual([5, [[6, 1], [6, 2]]]);
    const beyond = await changes({ storeIds: [1, 2, 3], limit: 2, offset: 10 });
    expect([beyond.total, beyond.items]).toEqual([5, []]);
  });

  it('answers 400 for a bad payload', async () => {
    for (const payload of [{ storeIds: [] }, { days: 0 }, { days: 61 }, { direction: 'sideways' }, { limit: 101 }, { category: 'Ei Slug' }, { extra: 1 }]) {
      const error = await changes({ storeIds: [1], ...payload }).catch((e: unknown) => e);
      expect((error as ServiceCallError).statusCode).toBe(400);
    }
  });
});
