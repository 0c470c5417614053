import { type DemoData, generateDemoData } from '@hintakori/demo-data';
import { createTestDatabase, EVAL_SET, EVAL_TODAY, loadDemoCatalog, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { CatalogModule } from '../catalog.module';
import { ItemSearchRepository } from './item-search.repository';
import { SearchIndex, type SearchSnapshot } from './search-index';
import { toSearchTerms } from './search-terms';
import { StoreItemsIndex } from './store-items-index';

/** The in-memory search index (search-index.ts) against the tables it copies, on the `small` demo data with every store's prices. */
describe('the catalog search index (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let data: DemoData;
  let index: SearchIndex;
  let repository: ItemSearchRepository;
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
    data = generateDemoData({ size: 'small', today: EVAL_TODAY });
    await loadDemoCatalog(db.url, data);
    index = service.app.get(SearchIndex);
    repository = service.app.get(ItemSearchRepository);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await index.whenReady();
    await service.app.get(StoreItemsIndex).whenReady();
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
    expect(service.app.get(StoreItemsIndex).snapshot()).toBeDefined();
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
});
