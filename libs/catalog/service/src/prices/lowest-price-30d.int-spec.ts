import { CatalogPatterns, ItemDto } from '@hintakori/catalog-contracts';
import { callService } from '@hintakori/platform-messaging';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { CatalogModule } from '../catalog.module';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { StorePriceProjection } from './store-price.projection';
import { SearchIndex } from '../items/search-index';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY).toISOString();

function obs(itemId: number, storeId: number, price: number, daysAgo: number, isCampaign = false): PriceObservation {
  return { itemId, storeId, price, comparisonPrice: price * 2, priceUnit: 'kpl', comparisonPriceUnit: 'kg', isCampaign, observedAt: ago(daysAgo) };
}

describe('lowestPrice30d and isCampaign on store items (integration)', () => {
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
    await sql.query(`INSERT INTO catalog.items (id, name, url_slug) SELECT g, 'Kahvi ' || g, 'kahvi-' || g FROM generate_series(1, 10) g`);
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  const storeItem = async (itemId: number, storeId: number) => {
    const item = await callService<ItemDto>(service.client, CatalogPatterns.GetItem, { id: itemId, storeIds: [storeId] });
    return item.storeItems[0];
  };

  it('is null without an earlier price, and the flag follows the feed', async () => {
    await projection.applyPriceObservations([obs(1, 1, 249, 3, true)]);
    expect(await storeItem(1, 1)).toMatchObject({ price: 249, isCampaign: true, lowestPrice30d: null });
  });

  it('flags nothing for a campaign below every price of the 30 days before it', async () => {
    await projection.applyPriceObservations([obs(2, 1, 199, 60), obs(2, 1, 209, 25), obs(2, 1, 159, 2, true)]);
    expect(await storeItem(2, 1)).toMatchObject({ price: 159, isCampaign: true, lowestPrice30d: 199 });
  });

  it('finds an earlier campaign inside the window, so a later "campaign" above it is no real discount', async () => {
    // 199 → campaign 149 (35..20 days ago) → 209 → "campaign" 189 now: the window (32..2 days ago) saw 149.
    await projection.applyPriceObservations([obs(3, 1, 199, 40), obs(3, 1, 149, 35, true), obs(3, 1, 209, 20), obs(3, 1, 189, 2, true)]);
    const price = await storeItem(3, 1);
    expect(price).toMatchObject({ price: 189, isCampaign: true, lowestPrice30d: 149 });
    expect(price.price).toBeGreaterThanOrEqual(price.lowestPrice30d as number);
  });

  it('ignores a price that ended before the window and counts the one in effect when it opened', async () => {
    // 99 (100..50 days ago) → 199 (50..1) → campaign 189: the window is 31..1 days ago, where only 199 applied.
    await projection.applyPriceObservations([obs(4, 1, 99, 100), obs(4, 1, 199, 50), obs(4, 1, 189, 1, true)]);
    expect(await storeItem(4, 1)).toMatchObject({ lowestPrice30d: 199 });
  });

  it('is per store, and the same in every listing that hydrates items', async () => {
    await projection.applyPriceObservations([obs(5, 1, 300, 20), obs(5, 1, 250, 1, true), obs(5, 2, 200, 20), obs(5, 2, 260, 1, true)]);
    const [item] = await callService<ItemDto[]>(service.client, CatalogPatterns.GetItems, { ids: [5], storeIds: [2, 1] });
    expect(item.storeItems.map((s) => [s.storeId, s.price, s.lowestPrice30d, s.isCampaign])).toEqual([
      [2, 260, 200, true],
      [1, 250, 300, true],
    ]);
    await service.app.get(SearchIndex).whenCaughtUp(); // the search index reloads after the inserted items
    const found = await callService<ItemDto[]>(service.client, CatalogPatterns.SearchItems, { search: 'kahvi', storeIds: [1, 2], limit: 20, offset: 0 });
    expect(found.find((i) => i.id === 5)?.storeItems.map((s) => s.lowestPrice30d)).toEqual([300, 200]);
  });
});
