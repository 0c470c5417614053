import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { StoresModule } from './stores.module';

/** SEED_FROM_FEED: stores and offers come from the feed run; only the chains (schema) are there at boot. */
describe('stores demo seeding with SEED_FROM_FEED (integration)', () => {
  let db: TestDatabase;
  let service: TestService;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(StoresModule.forRoot(testConfig(db.url, { SEED_DEMO_DATA: 'true' }), { seedFromFeed: true }));
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('seeds no stores and no offers', async () => {
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    const count = async (table: string) => (await sql.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;
    try {
      expect([await count('stores.stores'), await count('stores.offers'), await count('stores.opening_hours')]).toEqual([0, 0, 0]);
      expect(await count('stores.chains')).toBe(11);
    } finally {
      await sql.end();
    }
  });
});
