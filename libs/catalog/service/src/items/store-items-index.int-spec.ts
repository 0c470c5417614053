import { type DemoData, generateDemoData } from '@hintakori/demo-data';
import { createTestDatabase, EVAL_TODAY, loadDemoCatalog, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client, Notification } from 'pg';
import { CatalogModule } from '../catalog.module';
import { ItemSearchRepository } from './item-search.repository';
import { SearchIndex } from './search-index';
import { toSearchTerms } from './search-terms';
import { STORE_ITEMS_CHANNEL, StoreItemsIndex } from './store-items-index';

/** Which stores sell which item, kept in memory (store-items-index.ts), against catalog.store_prices. */
describe('the catalog store items copy (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let data: DemoData;
  let storeItems: StoreItemsIndex;
  let repository: ItemSearchRepository;
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
    data = generateDemoData({ size: 'small', today: EVAL_TODAY });
    await loadDemoCatalog(db.url, data);
    storeItems = service.app.get(StoreItemsIndex);
    repository = service.app.get(ItemSearchRepository);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await service.app.get(SearchIndex).whenReady();
    await storeItems.whenReady();
  }, 300_000);

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  it('holds every (item, store) pair of the table', async () => {
    const snapshot = storeItems.snapshot()!;
    const { rows } = await sql.query<{ store_id: number; items: number[] }>('SELECT store_id, array_agg(item_id) AS items FROM catalog.store_prices GROUP BY store_id');
    expect(snapshot.pairs).toBe(rows.reduce((sum, row) => sum + row.items.length, 0));
    for (const row of rows.slice(0, 5)) {
      const [store] = snapshot.choose([row.store_id]);
      for (const itemId of row.items) expect(snapshot.has(itemId, store)).toBe(true);
    }
  });

  it('notifies statements that add or remove pairs, not those that only change prices', async () => {
    const listener = new Client({ connectionString: db.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message: Notification) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${STORE_ITEMS_CHANNEL}`);
    try {
      const [{ item_id: itemId, store_id: storeId }] = (await sql.query<{ item_id: number; store_id: number }>('SELECT item_id, store_id FROM catalog.store_prices ORDER BY item_id, store_id LIMIT 1')).rows;
      await sql.query('UPDATE catalog.store_prices SET price = price + 1 WHERE item_id = $1 AND store_id = $2', [itemId, storeId]);
      // The feed's insert of new pairs when all of its pairs exist already: it adds none.
      await sql.query("INSERT INTO catalog.store_prices (item_id, store_id, price, price_unit, comparison_price_unit, updated_at) VALUES ($1, $2, 1, 'kpl', 'kg', now()) ON CONFLICT DO NOTHING", [itemId, storeId]);
      await sql.query('DELETE FROM catalog.store_prices WHERE false');
      await sql.query('DELETE FROM catalog.store_prices WHERE item_id = $1 AND store_id = $2', [itemId, storeId]);
      // Notifications arrive in commit order: once this marker is heard, every earlier one has been.
      await sql.query('SELECT pg_notify($1, $2)', [STORE_ITEMS_CHANNEL, 'marker']);
      const deadline = Date.now() + 10_000;
      while (!heard.includes('marker') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual(['changed', 'marker']);
    } finally {
      await listener.end();
    }
  });

  it('a price in a store that had none of the item shows in the search once committed, and the copy follows it', async () => {
    const stores = data.stores.slice(0, 4).map((store) => store.id);
    const page = { limit: 100, offset: 0 };
    const terms = toSearchTerms('maito')!;
    const before = await repository.searchPrices(terms, stores, page);
    const missing = before.find((row) => row.storeItems.length < stores.length)!;
    const storeId = stores.find((id) => !missing.storeItems.some((price) => price.storeId === id))!;
    await storeItems.whenReady();
    const copy = storeItems.snapshot()!;
    expect(copy.has(missing.id, copy.choose([storeId])[0] ?? { storeId, bits: new Uint32Array(0) })).toBe(false);

    await sql.query("INSERT INTO catalog.store_prices (item_id, store_id, price, price_unit, comparison_price_unit, updated_at) VALUES ($1, $2, 77, 'kpl', 'kg', now())", [missing.id, storeId]);
    const has77 = (rows: Awaited<ReturnType<typeof repository.searchPrices>>) => rows.find((row) => row.id === missing.id)?.storeItems.some((price) => price.storeId === storeId && price.price === 77);
    // Once its notification has arrived (milliseconds after the commit), the copy stands aside and the tables answer.
    const shown = Date.now() + 10_000;
    while (!has77(await repository.searchPrices(terms, stores, page))) {
      if (Date.now() > shown) throw new Error('the new price never showed in the search');
      await new Promise((r) => setTimeout(r, 10));
    }

    // Once it has reloaded, the copy knows the pair and the search answers the same from it as from the tables.
    const deadline = Date.now() + 15_000;
    while (!storeItems.snapshot()?.has(missing.id, storeItems.snapshot()!.choose([storeId])[0])) {
      if (Date.now() > deadline) throw new Error('the store items copy never loaded the new pair');
      await new Promise((r) => setTimeout(r, 50));
    }
    const fromCopy = await repository.searchPrices(terms, stores, page);
    expect(has77(fromCopy)).toBe(true);
    expect(fromCopy).toEqual((await repository.search(terms, stores, page)).map((row) => ({ id: row.id, storeItems: row.storeItems })));
  }, 60_000);
});
