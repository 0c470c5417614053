import { InProcessClient, inProcessBus } from '@hintakori/platform-messaging';
import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, TestDatabase, testConfig } from '@hintakori/testing';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { withIngestConfig } from '../ingest-config';
import { PriceIngestModule } from '../price-ingest.module';
import { IngestPublisher } from '../publishing/ingest-publisher';
import { PublishedPricesRepository } from '../published/published-prices.repository';
import { RegistryRepository } from '../registry/registry.repository';
import { FeedRunner } from '../runs/feed-runner';
import { FeedRunsRepository } from '../runs/feed-runs.repository';
import { refreshPriorities } from './refresh-priorities';
import { servicePriorityInputs } from './refresh-wiring';

const ean = (p: number) => `64000000${String(p).padStart(5, '0')}`;

/** An S group feed: `stores` stores, each pricing `products` products (cents from `price`). */
function feed(stores: number, products: number, price = (s: number, p: number) => 100 + s + p): string {
  const lines: string[] = [];
  for (let s = 1; s <= stores; s++) {
    lines.push(JSON.stringify({ __typename: 'Store', id: `S${s}`, name: `Prisma ${s}`, brand: 'PRISMA', location: { address: { street: { default: `Katu ${s}` }, postcode: '00100', postcodeName: { default: 'Helsinki' } }, coordinates: { lat: 60.1, lon: 24.9 } }, weeklyOpeningHours: [] }));
  }
  for (let p = 1; p <= products; p++) lines.push(JSON.stringify({ __typename: 'Product', ean: ean(p), name: `Tuote ${p}`, comparisonUnit: 'PCE', hierarchyPath: [{ name: 'Lehti' }, { name: 'Juuri' }] }));
  for (let p = 1; p <= products; p++) {
    for (let s = 1; s <= stores; s++) {
      lines.push(JSON.stringify({ __typename: 'StoreProduct', storeId: `S${s}`, ean: ean(p), price: price(s, p) / 100, pricing: { currentPrice: price(s, p) / 100, campaignPrice: null }, priceUpdatedAt: '2026-01-19T06:00:00Z' }));
    }
  }
  return `${lines.join('\n')}\n`;
}

describe('refresh priorities on PostgreSQL', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'refresh-int-'));
    app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(withIngestConfig(testConfig(db.url), {}), { runWorkers: false }), { logger: ['error'] });
  });

  afterAll(async () => {
    await app?.close();
    inProcessBus.removeAll(Object.values(IngestTopics));
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (file: string) => {
    const runs = app.get(FeedRunsRepository);
    const created = await runs.create('s-group', file);
    return new FeedRunner(runs, app.get(RegistryRepository), app.get(PublishedPricesRepository), app.get(IngestPublisher)).run(created.id);
  };
  const pricedAt = async () => {
    const rows: { externalId: string; pricedAt: Date }[] = await app.get(DataSource).query(
      `SELECT s.external_id AS "externalId", p.priced_at AS "pricedAt" FROM ingest.published_prices p
         JOIN ingest.stores s ON s.store_id = p.store_id AND s.source = p.source WHERE p.source = 's-group' ORDER BY 1`,
    );
    return rows.map((r) => [r.externalId, r.pricedAt && new Date(r.pricedAt).toISOString()]);
  };

  it('a completed run marks every store it priced, changed or not; the priorities map the demand, the basket and the ages', async () => {
    const file = join(dir, 'a.jsonl');
    writeFileSync(file, feed(3, 4));
    const first = await run(file);
    expect(first.status).toBe('completed');
    expect(await pricedAt()).toEqual([
      ['S1', first.startedAt],
      ['S2', first.startedAt],
      ['S3', first.startedAt],
    ]);
    // The same prices again: nothing published, every store still priced by this run; S3 now only in one price.
    writeFileSync(file, feed(2, 4));
    const second = await run(file);
    expect(second.pricesPublished).toBe(0);
    expect(await pricedAt()).toEqual([
      ['S1', second.startedAt],
      ['S2', second.startedAt],
      ['S3', first.startedAt],
    ]);

    const dataSource = app.get(DataSource);
    const storeIds = new Map<string, number>(
      (await dataSource.query(`SELECT external_id, store_id FROM ingest.stores WHERE source = 's-group'`)).map((r: { external_id: string; store_id: number }) => [r.external_id, r.store_id]),
    );
    const itemIds = new Map<string, number>((await dataSource.query('SELECT ean, item_id FROM ingest.items')).map((r: { ean: string; item_id: number }) => [r.ean, r.item_id]));
    const asked: [number, number][] = [];
    const priorities = await refreshPriorities(dataSource, 's-group', {
      demand: async (days, limit) => {
        asked.push([days, limit]);
        return {
          stores: [{ storeId: storeIds.get('S2')!, count: 8 }, { storeId: 987654, count: 5 }, { storeId: storeIds.get('S1')!, count: 1 }],
          items: [{ itemId: itemIds.get(ean(3))!, count: 6 }, { itemId: 987654, count: 4 }, { itemId: itemIds.get(ean(1))!, count: 2 }],
        };
      },
      basket: async () => ({ items: [{ itemId: itemIds.get(ean(4))!, ean: null, categorySlug: 'voit' }] }),
    });
    expect(asked).toEqual([[7, 5000]]);
    expect(priorities).toEqual({
      stores: [{ externalId: 'S2', selections: 8 }, { externalId: 'S1', selections: 1 }],
      eans: [{ ean: ean(3), carts: 6 }, { ean: ean(1), carts: 2 }],
      basketEans: [ean(4)],
      lastPricedAt: new Map([
        ['S1', second.startedAt],
        ['S2', second.startedAt],
        ['S3', first.startedAt],
      ]),
    });
    // Another source's stores and ages are not this source's.
    expect(await refreshPriorities(dataSource, 'k-group', { demand: async () => ({ stores: [{ storeId: storeIds.get('S1')!, count: 3 }], items: [] }), basket: async () => ({ items: [] }) })).toEqual({
      stores: [],
      eans: [],
      basketEans: [],
      lastPricedAt: new Map(),
    });
  });

  it('goes on without an input whose service does not answer, saying so', async () => {
    const logged: string[] = [];
    const client = new InProcessClient();
    const priorities = await refreshPriorities(app.get(DataSource), 's-group', servicePriorityInputs({ comparisons: client, catalog: client }, 1000), { log: (m) => logged.push(m) });
    expect(priorities.stores).toEqual([]);
    expect(priorities.basketEans).toEqual([]);
    expect(priorities.lastPricedAt.size).toBeGreaterThan(0);
    expect(logged).toEqual([
      expect.stringMatching(/no demand counts \(No service handles "comparisons.demand"\)/),
      expect.stringMatching(/no reference basket \(No service handles "catalog.prices.reference-basket-items"\)/),
    ]);
  });
});
