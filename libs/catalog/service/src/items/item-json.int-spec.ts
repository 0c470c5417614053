import { type DemoData, generateDemoData } from '@hintakori/demo-data';
import { createTestDatabase, EVAL_SET, EVAL_TODAY, loadDemoCatalog, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { CatalogModule } from '../catalog.module';
import { ItemJsonCache } from './item-json';
import { ItemService } from './item.service';
import { SearchIndex } from './search-index';

/** The search answer written from the items' JSON heads in memory (item-json.ts) against serializing the DTO answer. */
describe('the search answer as JSON text (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let data: DemoData;
  let items: ItemService;
  let heads: ItemJsonCache;
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
    data = generateDemoData({ size: 'small', today: EVAL_TODAY });
    await loadDemoCatalog(db.url, data);
    items = service.app.get(ItemService);
    heads = service.app.get(ItemJsonCache);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await service.app.get(SearchIndex).whenReady();
  }, 300_000);

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  it('is byte for byte the serialized DTO answer, from the tables and from memory', async () => {
    const storeIds = data.stores.map((store) => store.id);
    const queries = [...EVAL_SET.map((q) => q.query), 'maito', 'kana', 'juutso', 'valio maito', 'kevyt-maito', '0,5l', 'qzxwv', 'a'];
    const pages = [{ limit: 100, offset: 0 }, { limit: 5, offset: 3 }, { limit: 20, offset: 400 }];
    let nonEmpty = 0;
    // Twice: the first pass reads most heads from the table, the second writes every page from memory.
    for (const pass of [1, 2]) {
      for (const [k, query] of queries.entries()) {
        const stores = Array.from({ length: 1 + (k % 10) }, (_, j) => storeIds[(k * 7 + j * 13) % storeIds.length]);
        for (const page of pages) {
          const expected = JSON.stringify(await items.search(query, stores, page));
          expect({ pass, query, page, json: await items.searchJson(query, stores, page) }).toEqual({ pass, query, page, json: expected });
          if (expected !== '[]') nonEmpty++;
        }
      }
      if (pass === 1) expect(heads.size()).toBeGreaterThan(100);
    }
    expect(nonEmpty).toBeGreaterThan(60);
    expect(await items.searchJson('maito', [], { limit: 10, offset: 0 })).toBe('[]');
  }, 300_000);

  it('follows an item changed, moved or deleted, and a price changed, once committed', async () => {
    const stores = data.stores.slice(0, 5).map((store) => store.id);
    const page = { limit: 100, offset: 0 };
    const answer = async () => JSON.parse(await items.searchJson('maito', stores, page)) as { id: number; description: string; itemCategories: { category: { id: number } }[]; storeItems: { storeId: number; price: number }[] }[];
    const [first] = (await answer()).filter((item) => item.storeItems.length > 0);
    expect(first).toBeDefined();
    const eventually = async (what: string, check: (found: Awaited<ReturnType<typeof answer>>) => boolean) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = await answer();
        if (check(found)) return;
        if (Date.now() > deadline) throw new Error(`the search answer never showed ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const byId = (found: Awaited<ReturnType<typeof answer>>) => found.find((item) => item.id === first.id);

    await sql.query("UPDATE catalog.items SET description = 'Uusi kuvaus zyx' WHERE id = $1", [first.id]);
    await eventually('the new description', (found) => byId(found)?.description === 'Uusi kuvaus zyx');

    const [other] = (await sql.query<{ id: number }>('SELECT id FROM catalog.categories WHERE id <> (SELECT category_id FROM catalog.items WHERE id = $1) AND NOT EXISTS (SELECT 1 FROM catalog.categories c WHERE c.parent_category_id = catalog.categories.id) ORDER BY id LIMIT 1', [first.id])).rows;
    await sql.query('UPDATE catalog.items SET category_id = $2 WHERE id = $1', [first.id, other.id]);
    await eventually('the new category', (found) => byId(found)?.itemCategories.at(-1)?.category.id === other.id);

    // Prices are read for every answer: a changed price shows at once.
    const { storeId, price } = first.storeItems[0];
    await sql.query('UPDATE catalog.store_prices SET price = $3 WHERE item_id = $1 AND store_id = $2', [first.id, storeId, price + 1]);
    expect(byId(await answer())?.storeItems[0].price).toBe(price + 1);

    await sql.query('DELETE FROM catalog.store_prices WHERE item_id = $1', [first.id]);
    await sql.query('DELETE FROM catalog.price_history WHERE item_id = $1', [first.id]);
    await sql.query('DELETE FROM catalog.items WHERE id = $1', [first.id]);
    await eventually('the item gone', (found) => byId(found) === undefined);
    expect(await items.searchJson('maito', stores, page)).toBe(JSON.stringify(await items.search('maito', stores, page)));
  }, 60_000);
});
