import { ComparisonsPatterns, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { DemoData, DemoPrice, generateDemoData } from '@hintakori/demo-data';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { ComparisonsModule } from './comparisons.module';
import { helsinkiToday } from '@hintakori/shared-util';
import { ComparisonsSeeder } from './comparisons.seeder';

describe('demo price seeding', () => {
  let db: TestDatabase;
  let service: TestService | undefined;
  let sql: Client;
  let demo: DemoData;

  const priceRows = async () => (await sql.query<{ count: number }>('SELECT count(*)::int AS count FROM comparisons.price_matrix')).rows[0].count;

  beforeAll(async () => {
    demo = generateDemoData({ today: helsinkiToday() });
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  it('loads every demo price at boot when SEED_DEMO_DATA is true', async () => {
    // Seeding time is measured by tools/bench/store-totals.bench.ts, not asserted here: a shared CI machine makes it noisy.
    service = await startTestService(ComparisonsModule.forRoot(testConfig(db.url, { SEED_DEMO_DATA: 'true' })));
    expect(await priceRows()).toBe(demo.priceCount);
  });

  it('serves comparisons over the seeded prices', async () => {
    const sample = demo.prices()[Symbol.iterator]().next().value as DemoPrice;
    const totals = await firstValueFrom(
      (service as TestService).client.send<StoreTotalsResult>(ComparisonsPatterns.StoreTotals, { storeIds: [sample.storeId], lines: [{ itemId: sample.itemId, quantity: 2 }] }),
    );
    const deposits = 2 * (sample.deposit ?? 0);
    expect(totals[String(sample.storeId)]).toEqual({ total: 2 * sample.price + deposits, deposits, estimatedCount: 0, missingCount: 0, cheapest: true });
  });

  it('does not seed again when prices are already there, even when two seeders race', async () => {
    const before = await priceRows();
    const seeder = (service as TestService).app.get(ComparisonsSeeder);
    expect(await Promise.all([seeder.seed(), seeder.seed()])).toEqual([0, 0]);
    expect(await priceRows()).toBe(before);
  });

  it('seeds only once when two replicas boot on an empty database at the same time', async () => {
    await sql.query('TRUNCATE comparisons.price_matrix');
    const seeder = (service as TestService).app.get(ComparisonsSeeder);
    const written = await Promise.all([seeder.seed(), seeder.seed()]);
    expect(written.sort((a, b) => a - b)).toEqual([0, demo.priceCount]);
    expect(await priceRows()).toBe(demo.priceCount);
  });
});

describe('helsinkiToday', () => {
  it('uses the Helsinki calendar day, not the UTC one', () => {
    expect(helsinkiToday(new Date('2025-11-21T22:30:00Z'))).toBe('2025-11-22');
    expect(helsinkiToday(new Date('2025-07-01T20:59:00Z'))).toBe('2025-07-01');
    expect(helsinkiToday(new Date('2025-07-01T21:00:00Z'))).toBe('2025-07-02');
  });
});
