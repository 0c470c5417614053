import { CatalogPatterns, ItemAlternativesDto } from '@hintakori/catalog-contracts';
import { callService, ServiceCallError } from '@hintakori/platform-messaging';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { CatalogModule } from '../catalog.module';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { StorePriceProjection } from '../prices/store-price.projection';

const observedAt = new Date().toISOString();
const price = (itemId: number, storeId: number, comparisonPrice: number, comparisonPriceUnit = 'kg'): PriceObservation => ({
  itemId,
  storeId,
  price: Math.round(comparisonPrice / 2),
  comparisonPrice,
  priceUnit: 'kpl',
  comparisonPriceUnit,
  isCampaign: false,
  observedAt,
});

describe('cheaper alternatives (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url), { seedFromFeed: false }));
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`INSERT INTO catalog.categories (id, name, slug, parent_category_id) VALUES
      (9001, 'Liha', 'liha-x', NULL), (9002, 'Jauheliha', 'jauheliha-x', 9001), (9003, 'Makkarat', 'makkarat-x', 9001)`);
    // 1: the asked item; 2–8 same category; 9 another category; 10 same category, other unit.
    await sql.query(`INSERT INTO catalog.items (id, name, url_slug, category_id)
      SELECT g, 'Jauheliha ' || g, 'jauheliha-' || g, CASE WHEN g = 9 THEN 9003 ELSE 9002 END FROM generate_series(1, 10) g`);
    await service.app.get(StorePriceProjection).applyPriceObservations([
      price(1, 1, 1200),
      price(1, 2, 1100), // the item's best in the chosen stores: 11,00 €/kg
      price(2, 1, 900),
      price(3, 2, 1000),
      price(3, 1, 1050),
      price(4, 1, 1100), // not lower
      price(5, 1, 700),
      price(6, 2, 800),
      price(7, 1, 950),
      price(8, 3, 500), // lower, but only in a store not chosen
      price(9, 1, 400), // other category
      price(10, 1, 300, 'l'), // other unit
    ]);
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  const alternatives = (itemId: number, storeIds: number[]) => callService<ItemAlternativesDto>(service.client, CatalogPatterns.ItemAlternatives, { itemId, storeIds });

  it('offers at most five products of the same category and unit with a lower comparison price, best first', async () => {
    const answer = await alternatives(1, [1, 2]);
    expect(answer).toMatchObject({ itemId: 1, comparisonPrice: 1100, comparisonPriceUnit: 'kg' });
    expect(answer.alternatives.map((a) => [a.item.id, a.comparisonPrice, a.savingPerUnit])).toEqual([
      [5, 700, 400],
      [6, 800, 300],
      [2, 900, 200],
      [7, 950, 150],
      [3, 1000, 100],
    ]);
    expect(answer.alternatives[0].item.storeItems.map((s) => s.storeId)).toEqual([1]);
  });

  it('looks only at the chosen stores', async () => {
    const answer = await alternatives(1, [3, 2]);
    expect(answer.comparisonPrice).toBe(1100);
    expect(answer.alternatives.map((a) => a.item.id)).toEqual([8, 6, 3]);
  });

  it('offers nothing for the cheapest product, nor for one without a price in the chosen stores', async () => {
    expect((await alternatives(5, [1, 2])).alternatives).toEqual([]);
    expect(await alternatives(1, [99])).toEqual({ itemId: 1, comparisonPrice: null, comparisonPriceUnit: null, alternatives: [] });
  });

  it('answers 404 for an unknown item', async () => {
    const error = await alternatives(12345, [1]).catch((e: unknown) => e);
    expect((error as ServiceCallError).statusCode).toBe(404);
  });
});
