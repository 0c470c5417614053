import { CatalogPatterns, StoreCampaignItemsDto } from '@hintakori/catalog-contracts';
import { callService, ServiceCallError } from '@hintakori/platform-messaging';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { CatalogModule } from '../catalog.module';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { StorePriceProjection } from '../prices/store-price.projection';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

function obs(itemId: number, storeId: number, price: number, daysAgo: number, isCampaign = false): PriceObservation {
  return { itemId, storeId, price, comparisonPrice: price * 2, priceUnit: 'kpl', comparisonPriceUnit: 'kg', isCampaign, observedAt: new Date(now - daysAgo * DAY).toISOString() };
}

describe("a store's campaign items, real discounts first (integration)", () => {
  let db: TestDatabase;
  let service: TestService;
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url), { seedFromFeed: false }));
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`INSERT INTO catalog.items (id, name, url_slug) VALUES
      (1, 'Kahvi', 'kahvi'), (2, 'Juusto', 'juusto'), (3, 'Appelsiinimehu', 'appelsiinimehu'), (4, 'Banaani', 'banaani'),
      (5, 'Maito', 'maito'), (6, 'Ämpäri', 'ampari'), (7, 'Voi', 'voi'), (8, 'Öljy', 'oljy'), (9, 'Sokeri', 'sokeri')`);
    await service.app.get(StorePriceProjection).applyPriceObservations([
      obs(1, 1, 199, 40), obs(1, 1, 149, 2, true), // real: 30-day low 199, saving 50
      obs(2, 1, 300, 20), obs(2, 1, 200, 2, true), // real: saving 100, the biggest
      obs(3, 1, 149, 10), obs(3, 1, 189, 2, true), // "campaign" above its 30-day low: no real discount
      obs(4, 1, 99, 1, true), // a campaign without an earlier price
      obs(5, 1, 129, 20), obs(5, 1, 99, 2), // a lower regular price: no campaign
      obs(6, 1, 250, 20), obs(6, 1, 250, 2, true), // campaign at the 30-day low: no real discount
      obs(7, 2, 300, 20), obs(7, 2, 100, 2, true), // a real discount, but in another store
      obs(8, 1, 500, 20), obs(8, 1, 450, 2, true), // real: saving 50, ties with item 1 and sorts after it by name
      obs(99, 1, 500, 20), obs(99, 1, 100, 2, true), // a price of an item catalog does not know yet
      obs(9, 3, 100, 2), // store 3 has no campaigns
    ]);
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  const campaigns = (storeId: number, options: { realOnly?: unknown; limit?: unknown; offset?: unknown } = {}) =>
    callService<StoreCampaignItemsDto>(service.client, CatalogPatterns.StoreCampaignItems, { storeId, realOnly: false, limit: 50, offset: 0, ...options });
  const rows = (answer: StoreCampaignItemsDto) => answer.items.map((c) => [c.item.id, c.price, c.lowestPrice30d, c.isRealDiscount, c.saving]);

  it('lists real discounts by saving, then campaigns without history, then those not below their 30-day low', async () => {
    const answer = await campaigns(1);
    expect(answer).toMatchObject({ storeId: 1, total: 6, limit: 50, offset: 0 });
    expect(rows(answer)).toEqual([
      [2, 200, 300, true, 100],
      [1, 149, 199, true, 50],
      [8, 450, 500, true, 50],
      [4, 99, null, null, null],
      [3, 189, 149, false, null],
      [6, 250, 250, false, null],
    ]);
  });

  it('carries each item with only this store\'s price and its 30-day low', async () => {
    const [first] = (await campaigns(1, { limit: 1 })).items;
    expect(first.item.name).toBe('Juusto');
    expect(first.item.storeItems).toEqual([expect.objectContaining({ storeId: 1, price: 200, isCampaign: true, lowestPrice30d: 300 })]);
  });

  it('filters to the real discounts', async () => {
    const answer = await campaigns(1, { realOnly: true });
    expect(answer.total).toBe(3);
    expect(answer.items.map((c) => c.item.id)).toEqual([2, 1, 8]);
    expect((await campaigns(2, { realOnly: true })).items.map((c) => c.item.id)).toEqual([7]);
  });

  it('pages in the same order, and counts all pages', async () => {
    const page = await campaigns(1, { limit: 2, offset: 2 });
    expect(page).toMatchObject({ total: 6, limit: 2, offset: 2 });
    expect(page.items.map((c) => c.item.id)).toEqual([8, 4]);
    const past = await campaigns(1, { limit: 2, offset: 50 });
    expect(past).toMatchObject({ total: 6, items: [] });
  });

  it('answers an empty list for a store without campaigns', async () => {
    expect(await campaigns(3)).toEqual({ storeId: 3, total: 0, limit: 50, offset: 0, items: [] });
  });

  it('refuses a bad store id, a page over 100 and a realOnly that is not a boolean with 400', async () => {
    for (const bad of [campaigns(0), campaigns(1, { limit: 101 }), campaigns(1, { realOnly: 'yes' }), campaigns(1, { offset: -1 })]) {
      const error = await bad.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceCallError);
      expect((error as ServiceCallError).statusCode).toBe(400);
    }
  });
});
