import { inProcessBus } from '@hintakori/platform-messaging';
import { IngestTopics, type PriceObservedEvent, type RunCompletedEvent } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, TestDatabase, testConfig } from '@hintakori/testing';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SGroupAdapter } from '../feeds/adapters/s-group.adapter';
import { FeedRunsService } from '../feed-runs.service';
import { withIngestConfig } from '../ingest-config';
import { PriceIngestModule } from '../price-ingest.module';
import { WORKER_NAME } from './feed-shards';

const STORES = 6;
const PRODUCTS = 150;
const PRICES = STORES * PRODUCTS;

/** An S group feed: stores, products, then every store's price of every product but the pairs `without` names. */
function sGroupFeed(without: (s: number, p: number) => boolean = () => false): string {
  const lines: string[] = [];
  for (let s = 1; s <= STORES; s++) {
    lines.push(JSON.stringify({ __typename: 'Store', id: `S${s}`, name: `Prisma ${s}`, brand: 'PRISMA', location: { address: { street: { default: `Katu ${s}` }, postcode: '00100', postcodeName: { default: 'Helsinki' } }, coordinates: { lat: 60.1, lon: 24.9 } }, weeklyOpeningHours: [] }));
  }
  const ean = (p: number) => `64100000${String(p).padStart(5, '0')}`;
  for (let p = 1; p <= PRODUCTS; p++) lines.push(JSON.stringify({ __typename: 'Product', ean: ean(p), name: `Tuote ${p}`, comparisonUnit: 'PCE', hierarchyPath: [{ name: 'Lehti' }, { name: 'Juuri' }] }));
  for (let p = 1; p <= PRODUCTS; p++) {
    for (let s = 1; s <= STORES; s++) {
      if (without(s, p)) continue;
      const euros = (100 + s + p) / 100;
      lines.push(JSON.stringify({ __typename: 'StoreProduct', storeId: `S${s}`, ean: ean(p), price: euros, pricing: { currentPrice: euros, campaignPrice: null }, priceUpdatedAt: '2026-01-19T06:00:00Z' }));
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A run split into shards on the standalone profile's queue (BullMQ's PostgreSQL backend), with the in-process bus: the
 * run completes once with every price published once, a replay publishes nothing, and the run's end reports what the
 * whole run no longer had (the union of its shards' seen prices). About 10 s.
 */
describe('a feed run split into shards (standalone: PostgreSQL queue)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let dir: string;
  const prices: PriceObservedEvent[] = [];
  const completed: RunCompletedEvent[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'ingest-shards-int-'));
    inProcessBus.onEvent(IngestTopics.PricesObserved, async (data) => void prices.push(...(data as PriceObservedEvent[])));
    inProcessBus.onEvent(IngestTopics.RunCompleted, async (data) => void completed.push(data as RunCompletedEvent));
    const config = withIngestConfig(testConfig(db.url), { INGEST_BACKOFF_MS: '100', INGEST_SHARD_BYTES: '20000' });
    app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(config, { runWorkers: true, checkpointLines: 100 }), { logger: ['error'] });
  });

  afterAll(async () => {
    await app?.close();
    inProcessBus.removeAll(Object.values(IngestTopics));
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Lines the parser of the S group feed read (every worker here is this process). */
  let parsed = 0;
  const createParser = SGroupAdapter.prototype.createParser;
  beforeAll(() => {
    jest.spyOn(SGroupAdapter.prototype, 'createParser').mockImplementation(function (this: SGroupAdapter) {
      const parse = createParser.call(this);
      return (line: string) => {
        parsed++;
        return parse(line);
      };
    });
  });
  afterAll(() => jest.restoreAllMocks());

  const remembered = async () => {
    const ds = app.get(DataSource);
    const [row]: { n: number }[] = await ds.query(`SELECT coalesce(sum(octet_length(entries)), 0)::int / 48 AS n FROM ingest.published_lines WHERE source = 's-group'`);
    const [left]: { n: number }[] = await ds.query('SELECT count(*)::int AS n FROM ingest.feed_run_shard_lines');
    return { entries: row.n, partsLeft: left.n };
  };

  const runFeed = async (file: string) => {
    const service = app.get(FeedRunsService);
    const run = await service.enqueue('s-group', file);
    const [done] = await service.waitFor([run.id], undefined, 200);
    return { done, shards: await service.shardsOf(run.id) };
  };

  it('publishes every price once, counts it once and completes once, after its last shard', async () => {
    const file = join(dir, 'whole.jsonl');
    writeFileSync(file, sGroupFeed());
    const { done, shards } = await runFeed(file);
    expect(done).toMatchObject({ status: 'completed', pricesPublished: PRICES, itemsPublished: PRODUCTS, storesPublished: STORES, recordsRejected: 0, checkpointLine: STORES + PRODUCTS + PRICES });
    expect(shards.length).toBeGreaterThan(4);
    expect(done.shards).toBe(shards.length);
    expect(shards.every((s) => s.status === 'completed' && s.worker === WORKER_NAME && !s.resumed)).toBe(true);
    // The head holds the stores and products only.
    expect(shards[0]).toMatchObject({ shardNo: 0, startByte: 0, recordsTotal: STORES + PRODUCTS, pricesPublished: 0 });
    expect(new Set(prices.map((p) => `${p.storeId}/${p.itemId}`)).size).toBe(PRICES);
    expect(prices).toHaveLength(PRICES);
    expect(completed.filter((c) => c.runId === done.id)).toEqual([expect.objectContaining({ pricesPublished: PRICES, seen: expect.objectContaining({ at: done.startedAt }) })]);
    const seen = completed[completed.length - 1].seen;
    expect(seen?.stores).toHaveLength(STORES);
    expect(seen?.stores.every((s) => s.unlisted.length === 0)).toBe(true);
    // Each shard remembered its price lines and the run's end merged them for the next run (the parts' rows gone).
    expect(await remembered()).toEqual({ entries: PRICES, partsLeft: 0 });
  });

  it('a replay publishes nothing; a run without a price reports it unlisted, from the union of its shards', async () => {
    prices.length = 0;
    parsed = 0;
    const replay = await runFeed(join(dir, 'whole.jsonl'));
    expect(replay.done).toMatchObject({ status: 'completed', pricesPublished: 0, pricesUnchanged: PRICES });
    expect(prices).toHaveLength(0);
    // Its shards skipped every price line unparsed (the head's stores and products, and the plan's look at the head, are parsed).
    expect(parsed).toBeGreaterThan(0);
    expect(parsed).toBeLessThan(3 * (STORES + PRODUCTS));
    expect(await remembered()).toEqual({ entries: PRICES, partsLeft: 0 });

    const file = join(dir, 'without.jsonl');
    // Store S2 no longer has product 140 (in one of the last shards): every other shard saw S2 too.
    writeFileSync(file, sGroupFeed((s, p) => s === 2 && p === 140));
    const { done } = await runFeed(file);
    expect(done).toMatchObject({ status: 'completed', pricesPublished: 0, pricesUnchanged: PRICES - 1 });
    const last = completed.find((c) => c.runId === done.id);
    const unlisted = last?.seen?.stores.filter((s) => s.unlisted.length > 0);
    expect(unlisted).toHaveLength(1);
    expect(unlisted?.[0].unlisted).toHaveLength(1);
    // Forgotten once reported: the run after it that has the price again publishes it.
    const again = await runFeed(join(dir, 'whole.jsonl'));
    expect(again.done).toMatchObject({ pricesPublished: 1, pricesUnchanged: PRICES - 1 });
  });
});
