import { ConfigError, loadConfig } from '@hintakori/platform-config';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { CatalogModule } from '../catalog.module';

/** SEED_FROM_FEED: the feed run brings items and prices; the catalog still seeds its category tree. */
describe('catalog demo seeding with SEED_FROM_FEED (integration)', () => {
  let db: TestDatabase;
  let service: TestService;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url, { SEED_DEMO_DATA: 'true' }), { seedFromFeed: true }));
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('seeds only the category tree', async () => {
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    const count = async (table: string) => (await sql.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;
    try {
      expect(await count('catalog.categories')).toBeGreaterThan(100);
      for (const table of ['catalog.items', 'catalog.store_prices', 'catalog.price_history']) expect([table, await count(table)]).toEqual([table, 0]);
    } finally {
      await sql.end();
    }
  });

  it('reads the switch from the environment, rejecting a value that is not a boolean', () => {
    expect(loadConfig({}).seedFromFeed).toBe(false);
    expect(loadConfig({ SEED_FROM_FEED: 'true' }).seedFromFeed).toBe(true);
    expect(loadConfig({ SEED_FROM_FEED: 'no' }).seedFromFeed).toBe(false);
    expect(() => loadConfig({ SEED_FROM_FEED: 'maybe' })).toThrow(ConfigError);
  });
});
