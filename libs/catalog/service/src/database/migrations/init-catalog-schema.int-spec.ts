import { CatalogPatterns, ItemDto } from '@hintakori/catalog-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { CatalogModule } from '../../catalog.module';
import { SearchIndex } from '../../items/search-index';

async function run(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('catalog migrations (integration)', () => {
  let db: TestDatabase;
  let service: TestService | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('work when another service already installed pg_trgm and unaccent in its own schema', async () => {
    await run(db.url, 'CREATE SCHEMA stores; CREATE EXTENSION pg_trgm WITH SCHEMA stores; CREATE EXTENSION unaccent WITH SCHEMA stores');
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
    await run(
      db.url,
      `INSERT INTO catalog.items (id, name, url_slug) VALUES (1, 'Emmental juusto 400 g', 'emmental-juusto-400-g'), (2, 'Jäätelö vanilja 1 l', 'jaatelo-vanilja-1-l');
       INSERT INTO catalog.store_prices (item_id, store_id, price, price_unit, comparison_price_unit, updated_at)
       VALUES (1, 1, 499, 'kpl', 'kg', now()), (2, 1, 399, 'kpl', 'l', now())`,
    );
    await service.app.get(SearchIndex).whenCaughtUp(); // the index reloads after the inserts' notifications
    const search = (text: string) =>
      firstValueFrom(service!.client.send<ItemDto[]>(CatalogPatterns.SearchItems, { search: text, storeIds: [1], limit: 10, offset: 0 }));
    expect((await search('juutso')).map((item) => item.id)).toEqual([1]);
    expect((await search('jaatelo')).map((item) => item.id)).toEqual([2]);
  });
});
