import { CatalogModule } from '@hintakori/catalog-service';
import { StoresModule } from '@hintakori/stores-service';
import { createTestDatabase, startTestService, testConfig, TestDatabase } from '@hintakori/testing';
import { Client } from 'pg';
import { coverageReport, formatCoverage } from './coverage-report';
import { readCoverageRows } from './coverage';

describe('npm run ingest:coverage on PostgreSQL', () => {
  let db: TestDatabase;
  let sql: Client;
  const now = new Date('2026-12-02T12:00:00.000Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

  beforeAll(async () => {
    db = await createTestDatabase();
    // The two services' migrations make their schemas; then they are closed and the rows written directly.
    for (const module of [StoresModule.forRoot(testConfig(db.url)), CatalogModule.forRoot(testConfig(db.url), { seedFromFeed: true })]) {
      const service = await startTestService(module);
      await service.close();
    }
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    const store = (id: number, name: string, chain: string, closed = false) =>
      sql.query(
        `INSERT INTO stores.stores (id, name, url_slug, chain_id, external_id, address, postal_code, city, lat, long, search_name, search_doc, closed_at)
         VALUES ($1, $2, $3, $4, $5, 'Katu 1', '00100', 'Helsinki', 60.17, 24.94, lower($2), lower($2), $6)`,
        [id, name, `s-${id}`, chain, `x:${id}`, closed ? hoursAgo(1) : null],
      );
    await store(1, 'Prisma Itäkeskus', 'prisma');
    await store(2, 'Alepa Kallio', 'alepa');
    await store(3, 'Sale Vanha', 'sale', true);
    await store(10, 'K-Citymarket Ruoholahti', 'kcitymarket');
    await sql.query(`INSERT INTO catalog.categories (id, name, slug) VALUES (1, 'Kevytmaidot', 'kevytmaidot')`);
    await sql.query(`INSERT INTO catalog.items (id, name, url_slug, category_id) SELECT i, 'Tuote ' || i, 't-' || i, 1 FROM generate_series(101, 104) AS i`);
    await sql.query(
      `INSERT INTO catalog.reference_basket (category_slug, category_name, item_id, store_count, comparison_price, comparison_price_unit)
       VALUES ('kevytmaidot', 'Kevytmaidot', 101, 2, 100, 'l'), ('voit', 'Voit', 102, 2, 900, 'kg')`,
    );
    const price = (item: number, storeId: number, source: string | null, updatedAt: string, unlistedAt: string | null = null) =>
      sql.query(
        `INSERT INTO catalog.store_prices (item_id, store_id, price, price_unit, comparison_price_unit, updated_at, source, unlisted_at)
         VALUES ($1, $2, 100, 'kpl', 'kpl', $3, $4, $5)`,
        [item, storeId, updatedAt, source, unlistedAt],
      );
    // Store 1: three s-kaupat prices 50 h old, but its last s-kaupat run was 3 h ago (so they are 3 h old), except one
    // unlisted since (its own age, 50 h); one open-prices price 10 h old.
    await price(101, 1, 's-kaupat', hoursAgo(50));
    await price(102, 1, 's-kaupat', hoursAgo(50));
    await price(103, 1, 's-kaupat', hoursAgo(50), hoursAgo(3));
    await price(104, 1, 'open-prices', hoursAgo(10));
    await sql.query(`INSERT INTO catalog.store_feed_runs (store_id, source, seen_at, run_id) VALUES (1, 's-kaupat', $1, '7')`, [hoursAgo(3)]);
    // Store 2: one basket product; store 3 closed; store 10: both basket products by k-ruoka, 30 h old.
    await price(101, 2, 's-kaupat', hoursAgo(5));
    await price(101, 3, 's-kaupat', hoursAgo(5));
    await price(101, 10, 'k-ruoka', hoursAgo(30));
    await price(102, 10, 'k-ruoka', hoursAgo(30));
  });

  afterAll(async () => {
    await sql?.end();
    await db?.drop();
  });

  it('reads the rows and reports per group and source', async () => {
    const report = coverageReport(await readCoverageRows(sql, now));
    expect(report.basketSize).toBe(2);
    const [s, k, l] = report.groups;
    expect([s.label, s.stores, s.storesWithPrices, s.products, s.prices, s.medianAgeHours, s.p90AgeHours]).toEqual(['S group', 2, 2, 4, 5, 5, 50]);
    expect(s.basket).toMatchObject({ min: 0.5, median: 0.75, max: 1, belowHalfCount: 0 });
    expect(s.sources.map((x) => [x.label, x.stores, x.products, x.prices, x.medianAgeHours])).toEqual([
      ['open-prices', 1, 1, 1, 10],
      ['s-kaupat', 2, 3, 4, 3],
    ]);
    expect([k.stores, k.storesWithPrices, k.products, k.medianAgeHours, k.p90AgeHours]).toEqual([1, 1, 2, 30, 30]);
    expect(k.basket).toMatchObject({ min: 1, median: 1, max: 1 });
    expect([l.stores, l.storesWithPrices, l.prices, l.basket]).toEqual([0, 0, 0, null]);
    const text = formatCoverage(report);
    expect(text).toMatch(/^K group\s+1\s+1\s+2\s+2\s+30 h\s+30 h\s+100 % \/ 100 % \/ 100 %\s+0$/m);
  });
});
