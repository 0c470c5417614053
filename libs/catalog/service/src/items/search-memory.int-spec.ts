import { type DemoData, generateDemoData } from '@hintakori/demo-data';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { EVAL_TODAY, loadDemoCatalog } from '../search-eval/search-eval.testing';
import { EVAL_SET } from '../search-eval/eval-set.testing';
import { Client, Notification } from 'pg';
import { CatalogModule } from '../catalog.module';
import { ItemJsonCache } from './item-json';
import { ItemSearchRepository } from './item-search.repository';
import { ItemService } from './item.service';
import { SearchIndex, type SearchSnapshot } from './search-index';
import { toSearchTerms } from './search-terms';
import { STORE_ITEMS_CHANNEL, StoreItemsIndex } from './store-items-index';

/**
 * What the search keeps in memory against the tables it copies, on the `small` demo data with every store's prices:
 * the search index (search-index.ts), the items' JSON heads (item-json.ts) and which stores sell which item
 * (store-items-index.ts). One database for all three: they share the listener and the fixture.
 */
describe('the catalog search in memory (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let data: DemoData;
  let index: SearchIndex;
  let repository: ItemSearchRepository;
  let sql: Client;
  let items: ItemService;
  let heads: ItemJsonCache;
  let storeItems: StoreItemsIndex;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
    data = generateDemoData({ size: 'small', today: EVAL_TODAY });
    await loadDemoCatalog(service.app, data);
    index = service.app.get(SearchIndex);
    repository = service.app.get(ItemSearchRepository);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    items = service.app.get(ItemService);
    heads = service.app.get(ItemJsonCache);
    storeItems = service.app.get(StoreItemsIndex);
    await index.whenCaughtUp();
  }, 300_000);

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  const snapshot = (): SearchSnapshot => {
    const current = index.snapshot();
    if (!current) throw new Error('the search index is not current');
    return current;
  };
  const ids = (rows: { id: number }[] | undefined) => (rows ?? []).map((row) => row.id);

  it('answers every search exactly as the tables do: same items, order, prices and 30-day lows', async () => {
    // searchPrices orders the page and reads its prices with the copy of which stores sell which item.
    expect(storeItems.snapshot()).toBeDefined();
    const storeIds = data.stores.map((store) => store.id);
    const queries = [
      ...EVAL_SET.map((q) => q.query),
      ...['maito', 'kana', 'voi', 'juutso', 'banaaani', 'valio maito', 'pirkka juusto', 'arla', 'ja', 'ruis', 'maito 1 l', 'kevyt-maito', '0,5l', 'qzxwv', 'a', '1'],
    ];
    let compared = 0;
    let fellBack = 0;
    const phrases = new Set<string>();
    for (const [k, query] of queries.entries()) {
      const terms = toSearchTerms(query);
      if (!terms) continue;
      // Store sets of 1–10 stores, different on every query; pages at the start, further on and past the end.
      const stores = Array.from({ length: 1 + (k % 10) }, (_, j) => storeIds[(k * 7 + j * 13) % storeIds.length]);
      for (const page of [{ limit: 100, offset: 0 }, { limit: 5, offset: 3 }, { limit: 20, offset: 400 }]) {
        const fromIndex = await repository.searchIndexed(snapshot(), terms, stores, page);
        const fromTables = await repository.searchTables(terms, stores, page);
        if (fromIndex === undefined) {
          fellBack++;
          phrases.add(query);
        }
        else expect({ query, page, rows: fromIndex }).toEqual({ query, page, rows: fromTables });
        const prices = fromTables.map((row) => ({ id: row.id, storeItems: row.storeItems }));
        expect({ query, page, rows: await repository.searchPrices(terms, stores, page) }).toEqual({ query, page, rows: prices });
        compared++;
      }
    }
    // Words whose full-text query is a phrase ('kevyt-maito', '0,5l') are left to the tables; all else is answered from memory.
    expect([...phrases].filter((query) => !/[-,.]|\p{L}\p{N}|\p{N}\p{L}/u.test(query))).toEqual([]);
    expect(phrases.size).toBeLessThanOrEqual(5);
    expect(compared - fellBack).toBeGreaterThan(300);
  }, 300_000);

  it('follows renamed, new and deleted items once their change is committed', async () => {
    const [item] = (await sql.query<{ id: number; category_id: number }>("SELECT id, category_id FROM catalog.items WHERE search_name LIKE '%maito%' ORDER BY id LIMIT 1")).rows;
    const stores = data.stores.slice(0, 3).map((store) => store.id);
    const page = { limit: 10, offset: 0 };
    /** The index's answer, or undefined while it is not current. */
    const indexed = async (text: string) => {
      const current = index.snapshot();
      return current ? ids(await repository.searchIndexed(current, toSearchTerms(text)!, stores, page)) : undefined;  
    };
    const eventually = async (text: string, expected: (found: number[]) => boolean) => {
      const deadline = Date.now() + 10_000;
      let last = await indexed(text);
      while (!last || !expected(last)) {
        if (Date.now() > deadline) throw new Error(`the index answered ${JSON.stringify(last)} for '${text}'`);
        await new Promise((r) => setTimeout(r, 20));
        last = await indexed(text);
      }
    };

    // (Before the change, a word no name has is corrected to a similar one: other items.)
    expect(await indexed('zyxomaito')).not.toEqual([item.id]);
    await sql.query("UPDATE catalog.items SET name = 'Kvarkkipirtelö zyxomaito' WHERE id = $1", [item.id]);
    await eventually('zyxomaito', (found) => JSON.stringify(found) === JSON.stringify([item.id]));

    await sql.query("INSERT INTO catalog.items (id, name, url_slug, category_id) VALUES (999001, 'Uusiomaito qwertyvaara 1 l', 'uusiomaito', $1)", [item.category_id]);
    await eventually('qwertyvaara', (found) => JSON.stringify(found) === '[999001]');

    await sql.query('DELETE FROM catalog.items WHERE id = 999001');
    await eventually('qwertyvaara', (found) => !found.includes(999001));
    // Whether current or not, the search answers (from the tables while the index reloads).
    expect(ids(await repository.search(toSearchTerms('zyxomaito')!, stores, page))).toEqual([item.id]);  
  }, 60_000);

  describe('the search answer as JSON text (item-json.ts)', () => {
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

  describe('which stores sell which item (store-items-index.ts)', () => {
    it('holds every (item, store) pair of the table', async () => {
      await storeItems.whenReady(); // the tests before changed prices: the copy may be reloading
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
});
