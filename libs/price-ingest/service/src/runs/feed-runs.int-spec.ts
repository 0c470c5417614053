import { inProcessBus } from '@hintakori/platform-messaging';
import { DeadLetterRecord, IngestTopics, ItemUpsertedEvent, OfferUpsertedEvent, PriceObservedEvent, StoreUpsertedEvent } from '@hintakori/price-ingest-contracts';
import { gtinCheckDigit } from '@hintakori/shared-util';
import { createTestDatabase, TestDatabase, testConfig } from '@hintakori/testing';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FeedRunsService } from '../feed-runs.service';
import { withIngestConfig } from '../ingest-config';
import { PriceIngestModule } from '../price-ingest.module';
import { IngestPublisher } from '../publishing/ingest-publisher';
import { PublishedPricesRepository } from '../published/published-prices.repository';
import { RegistryRepository } from '../registry/registry.repository';
import { FeedRunner } from './feed-runner';
import { FeedRunsRepository } from './feed-runs.repository';
import { CLEANED, MAX_NAME_LENGTH } from './record-cleaning';

const FIXTURES = join(__dirname, '../../fixtures');

/** An S group feed of `stores` stores and `products` products, every store pricing every product. */
function sGroupFeed(stores: number, products: number, priceCents = (s: number, p: number) => 100 + s + p): string {
  const lines: string[] = [];
  for (let s = 1; s <= stores; s++) {
    lines.push(JSON.stringify({ __typename: 'Store', id: `S${s}`, name: `Prisma ${s}`, brand: 'PRISMA', location: { address: { street: { default: `Katu ${s}` }, postcode: '00100', postcodeName: { default: 'Helsinki' } }, coordinates: { lat: 60.1, lon: 24.9 } }, weeklyOpeningHours: [] }));
  }
  const ean = (p: number) => `64000000${String(p).padStart(5, '0')}`;
  for (let p = 1; p <= products; p++) {
    lines.push(JSON.stringify({ __typename: 'Product', ean: ean(p), name: `Tuote ${p}`, comparisonUnit: 'PCE', hierarchyPath: [{ name: 'Lehti' }, { name: 'Juuri' }] }));
  }
  for (let p = 1; p <= products; p++) {
    for (let s = 1; s <= stores; s++) {
      lines.push(JSON.stringify({ __typename: 'StoreProduct', storeId: `S${s}`, ean: ean(p), price: priceCents(s, p) / 100, pricing: { currentPrice: priceCents(s, p) / 100, campaignPrice: null }, priceUpdatedAt: '2026-01-19T06:00:00Z' }));
    }
  }
  return `${lines.join('\n')}\n`;
}

describe('feed runs on PostgreSQL', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let dir: string;
  const events = { prices: [] as PriceObservedEvent[], dead: [] as DeadLetterRecord[], items: 0, stores: 0, itemEvents: [] as ItemUpsertedEvent[], storeEvents: [] as StoreUpsertedEvent[], offerEvents: [] as OfferUpsertedEvent[] };

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'ingest-int-'));
    inProcessBus.onEvent(IngestTopics.PricesObserved, async (data) => void events.prices.push(...(data as PriceObservedEvent[])));
    inProcessBus.onEvent(IngestTopics.DeadLetter, async (data) => void events.dead.push(data as DeadLetterRecord));
    inProcessBus.onEvent(IngestTopics.ItemsUpserted, async (data) => {
      events.items++;
      events.itemEvents.push(...([data].flat() as ItemUpsertedEvent[]));
    });
    inProcessBus.onEvent(IngestTopics.StoresUpserted, async (data) => {
      events.stores++;
      events.storeEvents.push(...([data].flat() as StoreUpsertedEvent[]));
    });
    inProcessBus.onEvent(IngestTopics.OffersUpserted, async (data) => void events.offerEvents.push(...(data as OfferUpsertedEvent[])));
    app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(withIngestConfig(testConfig(db.url), { INGEST_BACKOFF_MS: '100', INGEST_JOB_ATTEMPTS: '2', INGEST_MAX_GZ_BYTES: '1048576' }), { runWorkers: false }), { logger: ['error'] });
  });

  afterAll(async () => {
    await app?.close();
    inProcessBus.removeAll(Object.values(IngestTopics));
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    events.prices.length = 0;
    events.dead.length = 0;
    events.items = 0;
    events.stores = 0;
    events.itemEvents.length = 0;
    events.storeEvents.length = 0;
    events.offerEvents.length = 0;
  });

  const runner = () => new FeedRunner(app.get(FeedRunsRepository), app.get(RegistryRepository), app.get(PublishedPricesRepository), app.get(IngestPublisher));

  it('assigns stable ids across runs and sources: one item per EAN, stores per source', async () => {
    const runs = app.get(FeedRunsRepository);
    const registry = app.get(RegistryRepository);
    const first = await registry.registerProducts('s-group', [
      { ean: '6400000000010', priceUnit: 'kpl', comparisonPriceUnit: 'kpl' },
      { ean: '6400000000020', priceUnit: 'kpl', comparisonPriceUnit: 'kpl' },
    ]);
    const again = await registry.registerProducts('k-group', [
      { ean: '6400000000030', priceUnit: 'kg', comparisonPriceUnit: 'kg' },
      { ean: '6400000000020', priceUnit: 'kpl', comparisonPriceUnit: 'l' },
    ]);
    expect(again.get('6400000000020')).toBe(first.get('6400000000020'));
    expect(again.get('6400000000030')).toBe(Math.max(...first.values()) + 1);
    const storesA = await registry.registerStores('s-group', [{ externalId: 'X', chain: 'prisma' }]);
    const storesB = await registry.registerStores('k-group', [{ externalId: 'X', chain: 'kmarket' }]);
    expect(storesB.get('X')).not.toBe(storesA.get('X'));
    expect((await registry.registerStores('s-group', [{ externalId: 'X', chain: 'prisma' }])).get('X')).toBe(storesA.get('X'));
    expect(await runs.latest()).toEqual([]);
  });

  it('registers a chain shop’s store under the OpenStreetMap store of the same chain within 150 m, keeping both external ids', async () => {
    const registry = app.get(RegistryRepository);
    // Two OSM stores of a chain 400 m apart, and an Alepa beside the first.
    const osm = await registry.registerStores('osm', [
      { externalId: 'osm:node/1', chain: 'prisma', lat: 60.2, long: 24.9 },
      { externalId: 'osm:node/2', chain: 'prisma', lat: 60.2036, long: 24.9 },
      { externalId: 'osm:node/3', chain: 'alepa', lat: 60.2001, long: 24.9001 },
    ]);
    const shop = await registry.registerStores('s-kaupat', [
      { externalId: 's-kaupat:1', chain: 'prisma', lat: 60.2009, long: 24.9 }, // 100 m north of node/1
      { externalId: 's-kaupat:2', chain: 'prisma', lat: 60.2009, long: 24.9002 }, // also near node/1, which s-kaupat:1 took
      { externalId: 's-kaupat:3', chain: 'prisma', lat: 60.2036, long: 24.9028 }, // 155 m east of node/2: too far
      { externalId: 's-kaupat:4', chain: 's-market', lat: 60.2001, long: 24.9001 }, // beside the Alepa, another chain
    ]);
    expect(shop.get('s-kaupat:1')).toBe(osm.get('osm:node/1'));
    for (const id of ['s-kaupat:2', 's-kaupat:3', 's-kaupat:4']) expect([...osm.values()]).not.toContain(shop.get(id));
    expect(new Set(shop.values()).size).toBe(4);
    expect(await registry.externalIdsOf(osm.get('osm:node/1') as number)).toEqual([
      { source: 'osm', externalId: 'osm:node/1' },
      { source: 's-kaupat', externalId: 's-kaupat:1' },
    ]);
    // Stable on the next run, and the other way round: OSM maps s-kaupat:3's store later, within 150 m of it.
    expect((await registry.registerStores('s-kaupat', [{ externalId: 's-kaupat:1', chain: 'prisma', lat: 60.2009, long: 24.9 }])).get('s-kaupat:1')).toBe(osm.get('osm:node/1'));
    const later = await registry.registerStores('osm', [{ externalId: 'osm:node/4', chain: 'prisma', lat: 60.2037, long: 24.9029 }]);
    expect(later.get('osm:node/4')).toBe(shop.get('s-kaupat:3'));
  });

  it('prices a product whatever source listed its EAN, with the units of the source that listed it first', async () => {
    const registry = app.get(RegistryRepository);
    const listed = await registry.registerProducts('s-kaupat', [{ ean: '6400000000047', priceUnit: 'kg', comparisonPriceUnit: 'kg' }]);
    const items = await registry.pricedItems('open-prices', ['6400000000047', '6400000000054']);
    expect(items.get('6400000000047')).toEqual({ itemId: listed.get('6400000000047'), priceUnit: 'kg', comparisonPriceUnit: 'kg' });
    expect(items.has('6400000000054')).toBe(false);
  });

  it('publishes a fixture feed, rejecting absurd prices and unknown references to the dead-letter topic with reasons', async () => {
    const runs = app.get(FeedRunsRepository);
    const run = await runs.create('s-group', join(FIXTURES, 's-group.jsonl'));
    const done = await runner().run(run.id);
    expect(done).toMatchObject({ status: 'completed', pricesPublished: 1, storesPublished: 1, itemsPublished: 1, offersPublished: 1 });
    expect(events.prices).toEqual([expect.objectContaining({ price: 99, comparisonPrice: 109, isCampaign: true, observedAt: '2026-01-19T06:10:00.000Z', source: 's-group' })]);
    const reasons = events.dead.map((d) => d.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/unknown S group brand/),
        expect.stringMatching(/absurd price: -100 cents/),
        expect.stringMatching(/absurd price: 1250.00 € is over 1000 €/),
        expect.stringMatching(/unknown store 999/),
        expect.stringMatching(/unknown product: no source lists EAN 6400000000007/),
        expect.stringMatching(/not valid JSON/),
      ]),
    );
    expect(done.recordsRejected).toBe(events.dead.length);
    expect(events.dead.every((d) => d.runId === run.id && d.source === 's-group')).toBe(true);
    expect((await runs.freshness()).find((f) => f.source === 's-group')?.newestObservationAt).toBe('2026-01-19T06:10:00.000Z');
  });

  it('publishes strangers’ names as safe text and only known pictures, skipping an overlong line, each counted in the report', async () => {
    const ean = (n: number) => {
      const body = `640999000${String(n).padStart(3, '0')}`;
      return `${body}${gtinCheckDigit(body)}`;
    };
    const megabyteName = 'Maito '.repeat(170_000); // 1 020 000 bytes: within the longest line
    const product = (n: number, name: string, image?: string, extra: Record<string, unknown> = {}) => ({ kind: 'product', ean: ean(n), name, image, category: ['Maito'], priceUnit: 'kpl', ...extra });
    const lines = [
      { kind: 'store', storeId: 'H1', chain: 'prisma', name: '<img src=x onerror=alert(1)>', address: 'Katu 1', postalCode: '00100', city: 'Helsinki', lat: 60.17, long: 24.94 },
      product(1, '=HYPERLINK("https://x/")', 'javascript:alert(1)'),
      product(2, 'Kevytmaito\u2028 1 l', 'https://images.openfoodfacts.org/images/products/640/999/000/0021/front_fi.3.400.jpg'),
      product(3, megabyteName, 'https://unknown.example/x.jpg'),
      product(4, '</script><script>alert(1)</script>', 'http://images.openfoodfacts.org/x.jpg'),
      // 2 MiB of description: past the longest line, skipped unread.
      product(5, 'Liian pitkä', undefined, { description: 'x'.repeat(2 * 1024 * 1024) }),
      { kind: 'price', storeId: 'H1', ean: ean(1), price: 1.29, observedAt: '2026-01-19T06:00:00Z' },
      { kind: 'offer', storeId: 'H1', ean: ean(1), name: '@SUM(1+1)', image: 'javascript:alert(1)' },
    ];
    const file = join(dir, 'hostile.jsonl');
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const runs = app.get(FeedRunsRepository);
    const done = await runner().run((await runs.create('jsonl:hostile', file)).id);
    expect(done).toMatchObject({ status: 'completed', storesPublished: 1, itemsPublished: 4, pricesPublished: 1, offersPublished: 1, recordsRejected: 1 });

    expect(events.storeEvents.map((s) => s.name)).toEqual(['<img src=x onerror=alert(1)>']);
    const items = new Map(events.itemEvents.map((item) => [item.ean, item]));
    expect(items.get(ean(1))).toMatchObject({ name: 'HYPERLINK("https://x/")', pictureUrl: null });
    expect(items.get(ean(2))).toMatchObject({ name: 'Kevytmaito 1 l', pictureUrl: 'https://images.openfoodfacts.org/images/products/640/999/000/0021/front_fi.3.400.jpg' });
    const long = items.get(ean(3)) as ItemUpsertedEvent;
    expect(long.pictureUrl).toBeNull();
    expect(long.name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(long.name).toMatch(/^(Maito )+Maito$/);
    expect(long.urlSlug.length).toBeLessThanOrEqual(200);
    expect(items.get(ean(4))).toMatchObject({ name: '</script><script>alert(1)</script>', pictureUrl: null });
    expect(items.has(ean(5))).toBe(false);
    expect(events.offerEvents).toEqual([expect.objectContaining({ name: 'SUM(1+1)', image: null })]);

    expect(done.rejectedByReason).toEqual({
      [CLEANED.formula]: 2,
      [CLEANED.controls]: 1,
      [CLEANED.cut]: 1,
      [CLEANED.picture]: 4,
      'line too long: N bytes (at most N, INGEST_MAX_LINE_BYTES)': 1,
    });
    expect(events.dead).toEqual([expect.objectContaining({ kind: 'line', reason: expect.stringMatching(/^line too long: 2097\d{3} bytes/) })]);
    expect(JSON.stringify(events.dead[0].record).length).toBeLessThan(300);
  });

  it('resumes a run stopped half-way from its checkpoint without counting anything twice', async () => {
    const file = join(dir, 'resume.jsonl');
    writeFileSync(file, sGroupFeed(5, 40));
    const runs = app.get(FeedRunsRepository);
    const run = await runs.create('s-group', file);
    let checkpoints = 0;
    await expect(
      runner().run(run.id, {
        chunkLines: 50,
        afterCheckpoint: () => {
          if (++checkpoints === 2) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    const half = await runs.get(run.id);
    expect(half).toMatchObject({ status: 'running', checkpointLine: 100 });
    const publishedBefore = events.prices.length;
    const done = await runner().run(run.id, { chunkLines: 50 });
    expect(done).toMatchObject({ status: 'completed', recordsTotal: 5 + 40 + 200, pricesPublished: 200, storesPublished: 5, itemsPublished: 40, recordsRejected: 0, attempts: 2 });
    // Every (item, store) price reached the topic; the resumed part was published once more at most.
    const keys = new Set(events.prices.map((p) => `${p.itemId}/${p.storeId}`));
    expect(keys.size).toBe(200);
    expect(events.prices.length - publishedBefore).toBe(200 - (100 - 45));
    // A completed run is not run again.
    const again = await runner().run(run.id);
    expect(again.pricesPublished).toBe(200);
  });

  it('runs a queued feed through BullMQ on its PostgreSQL backend, retrying a failed attempt', async () => {
    const service = app.get(FeedRunsService);
    service.startWorker();
    const file = join(dir, 'queued.jsonl');
    writeFileSync(file, sGroupFeed(3, 10));
    const run = await service.enqueue('s-group', file);
    const [done] = await service.waitFor([run.id], undefined, 200);
    // The prices of the resumed run's part before its crash: a run that crashes remembers none of what it published, so
    // they are published again.
    expect(done).toMatchObject({ status: 'completed', pricesPublished: 30, pricesUnchanged: 0 });
    const missing = await service.enqueue('s-group', join(dir, 'missing.jsonl'));
    await expect(service.waitFor([missing.id], undefined, 200)).rejects.toThrow(/ENOENT|no such file/);
  });

  it('stops a .gz feed that decompresses past INGEST_MAX_GZ_BYTES at its first attempt, keeping what it read before', async () => {
    const service = app.get(FeedRunsService);
    service.startWorker();
    const file = join(dir, 'bomb.jsonl.gz');
    // A feed's first lines, then 8 MiB of blank lines in a few kilobytes: the cap here is 1 MiB.
    writeFileSync(file, gzipSync(Buffer.concat([Buffer.from(sGroupFeed(1, 2, () => 777)), Buffer.alloc(8 * 1024 * 1024, '\n')])));
    const run = await service.enqueue('s-group', file);
    await expect(service.waitFor([run.id], undefined, 200)).rejects.toThrow(/decompressed to more than 1048576 bytes \(INGEST_MAX_GZ_BYTES\): the run stops/);
    expect(await app.get(FeedRunsRepository).get(run.id)).toMatchObject({ status: 'failed', attempts: 1, recordsTotal: 5, pricesPublished: 2 });
  });
});
