import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { ComparisonsModule } from './comparisons.module';

/** SEED_FROM_FEED: the price matrix is filled by prices.observed events only. */
describe('comparisons demo seeding with SEED_FROM_FEED (integration)', () => {
  let db: TestDatabase;
  let service: TestService;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(ComparisonsModule.forRoot(testConfig(db.url, { SEED_DEMO_DATA: 'true' }), { seedFromFeed: true }));
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('seeds no prices', async () => {
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      expect((await sql.query('SELECT count(*)::int AS n FROM comparisons.price_matrix')).rows[0].n).toBe(0);
    } finally {
      await sql.end();
    }
  });
});
