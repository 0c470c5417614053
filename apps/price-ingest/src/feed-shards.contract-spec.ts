import { CatalogModule } from '@hintakori/catalog-service';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { AppConfig } from '@hintakori/platform-config';
import { consumeBatches, createConsumer, createKafkaAdmin, KafkaBatchConsumer, type KafkaConsumer, setCommittedOffsets, topicWatermarks } from '@hintakori/platform-messaging';
import { DeadLetterRecord, IngestTopics } from '@hintakori/price-ingest-contracts';
import { FeedRunsService, type OpenDataStandIn, PriceIngestModule, PROJECTION_TOPICS, startOpenDataStandIn, waitForProjections, withIngestConfig } from '@hintakori/price-ingest-service';
import { StoresModule } from '@hintakori/stores-service';
import { createTestDatabase, testConfig, TestDatabase } from '@hintakori/testing';
import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Admin } from '@platformatic/kafka';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

/**
 * One run split across workers, on real Kafka, Redis (BullMQ) and PostgreSQL: a feed file of about 0.8 MB cut into
 * parts of 80 kB (INGEST_SHARD_BYTES) taken by two worker processes, one of them SIGKILLed between a half-published
 * chunk and its part's checkpoint. The run completes once, counting every price once; the report names the workers of
 * each part (the killed one's part: both, resumed from its own checkpoint); the catalog and comparisons projections'
 * checksums equal a one-worker run's of the same file, and both runs dead-letter the same records. A replay through the
 * split path publishes nothing (the parts merged what they published). Then an S-kaupat pull (the stand-in) split by
 * store (INGEST_PULL_PARTS): the same prices in both projections as the pull read whole. About 70 s on two cores.
 */
const ROOT = resolve(__dirname, '../../..');
const TEST_WORKER = join(__dirname, 'feed-run-worker.testing.ts');
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:59092').split(',');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:56379';
const TAG = randomBytes(4).toString('hex');
const STORES = 8;
const PRODUCTS = 500;
const PRICES = STORES * PRODUCTS;
const BAD_RECORDS = 4;
const ID_RANGE = 100_000;
const ROOT_BASE = 900_000_000 + (randomBytes(2).readUInt16BE(0) % 900) * 1_000_000;
const SHARD_BYTES = 80_000;
/** A chain shop's pull: its store listing, then this many parts by store. */
const PULL_PARTS = 3;
const CHECKPOINT_LINES = 200;

const ean = (p: number) => `64${String(p).padStart(11, '0')}`;
const TAG_EAN = `98${String(parseInt(TAG, 16) % 100_000_000_000).padStart(11, '0')}`;
const priceCents = (s: number, p: number) => 100 + ((s * 37 + p * 11) % 900);

/** An S group feed: stores, products, then every store's price of every product, with four bad records marked with TAG. */
function feed(): string {
  const lines: string[] = [];
  for (let s = 1; s <= STORES; s++) {
    lines.push(
      JSON.stringify({
        __typename: 'Store',
        id: `S${s}`,
        name: `Prisma Jako ${s}`,
        brand: 'PRISMA',
        location: { address: { street: { default: `Jakokatu ${s}` }, postcode: '00100', postcodeName: { default: 'Helsinki' } }, coordinates: { lat: 60.1 + s / 100, lon: 24.9 } },
        weeklyOpeningHours: [],
      }),
    );
  }
  for (let p = 1; p <= PRODUCTS; p++) {
    lines.push(JSON.stringify({ __typename: 'Product', ean: ean(p), name: `Jakotuote ${p}`, comparisonUnit: 'PCE', hierarchyPath: [{ name: 'Testit' }, { name: 'Testiryhmä' }] }));
  }
  const storeProduct = (storeId: string, p: number | string, euros: number) =>
    JSON.stringify({ __typename: 'StoreProduct', storeId, ean: typeof p === 'string' ? p : ean(p), price: euros, pricing: { currentPrice: euros, campaignPrice: null }, priceUpdatedAt: '2026-01-19T06:00:00Z' });
  let n = 0;
  for (let p = 1; p <= PRODUCTS; p++) {
    for (let s = 1; s <= STORES; s++) {
      lines.push(storeProduct(`S${s}`, p, priceCents(s, p) / 100));
      n++;
      // Bad records spread over the parts.
      if (n === 100) lines.push(`{"__typename":"StoreProduct","note":"${TAG}" this is not json`);
      if (n === 1500) lines.push(storeProduct(`NOPE-${TAG}`, p, 1.99));
      if (n === 2600) lines.push(storeProduct('S1', TAG_EAN, -1));
      if (n === 3900) lines.push(storeProduct('S2', TAG_EAN, 1250));
    }
  }
  return `${lines.join('\n')}\n`;
}
const LINES = STORES + PRODUCTS + PRICES + BAD_RECORDS;

interface Pipeline {
  base: number;
  db: TestDatabase;
  sql: Client;
  env: Record<string, string>;
  ingest: INestApplicationContext;
  projections: INestApplicationContext[];
  groups: Record<string, readonly string[]>;
}

interface Worker {
  child: ChildProcess;
  /** Its name in the run's report (host:pid). */
  name: string;
  stalled: Promise<void>;
}

describe('one feed run split across workers (Kafka, Redis, PostgreSQL)', () => {
  let dir: string;
  let file: string;
  let admin: Admin;
  let deadLetters: KafkaConsumer;
  const dead: DeadLetterRecord[] = [];
  const pipelines: Pipeline[] = [];
  const workers: ChildProcess[] = [];

  async function startAtEnds(groupId: string, topics: readonly string[]) {
    const watermarks = await topicWatermarks(admin, topics);
    await setCommittedOffsets(admin, groupId, new Map([...watermarks].map(([topic, partitions]) => [topic, partitions.map((p) => ({ partition: p.partition, offset: p.high }))])));
  }

  async function startPipeline(name: string, base: number): Promise<Pipeline> {
    const db = await createTestDatabase();
    const prefix = `ct_${TAG}_${name}`;
    const env = { HINTAKORI_PROFILE: 'distributed', KAFKA_BROKERS: BROKERS.join(','), REDIS_URL, INGEST_QUEUE_PREFIX: prefix, INGEST_BACKOFF_MS: '200', SEED_DEMO_DATA: 'true' };
    const config: AppConfig = testConfig(db.url, env);
    const ingest = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(withIngestConfig(config, env, { feeds: [] }), { runWorkers: false }), { logger: ['error'] });
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    for (const seq of ['item_id_seq', 'store_id_seq', 'offer_id_seq']) await sql.query(`SELECT setval('ingest.${seq}', $1)`, [base]);
    const groups: Record<string, readonly string[]> = {};
    for (const [service, topics] of Object.entries(PROJECTION_TOPICS)) {
      groups[`${prefix}-${service}`] = topics;
      await startAtEnds(`${prefix}-${service}`, topics);
    }
    const projections: INestApplicationContext[] = [];
    for (const module of [
      CatalogModule.forRoot(config, { seedFromFeed: true, eventConsumerGroup: `${prefix}-catalog` }),
      StoresModule.forRoot(config, { seedFromFeed: true, eventConsumerGroup: `${prefix}-stores` }),
      ComparisonsModule.forRoot(config, { seedFromFeed: true, eventConsumerGroup: `${prefix}-comparisons` }),
    ]) {
      const app = await NestFactory.createApplicationContext(module, { logger: ['error'] });
      await app.init();
      await app.get(KafkaBatchConsumer).whenJoined();
      projections.push(app);
    }
    const pipeline: Pipeline = { base, db, sql, env: { ...env, DATABASE_URL: db.url, RUN_MIGRATIONS: 'false', LOG_LEVEL: 'warn' }, ingest, projections, groups };
    pipelines.push(pipeline);
    return pipeline;
  }

  /** A worker process (feed-run-worker.testing.ts); resolves once it takes jobs. */
  async function startWorker(pipeline: Pipeline, extraEnv: Record<string, string>): Promise<Worker> {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', TEST_WORKER], {
      cwd: ROOT,
      env: { ...process.env, ...pipeline.env, TEST_CHECKPOINT_LINES: String(CHECKPOINT_LINES), ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    workers.push(child);
    let output = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => void (errors = (errors + chunk.toString()).slice(-4000)));
    let onStall: () => void = () => undefined;
    const stalled = new Promise<void>((resolveStall) => (onStall = resolveStall));
    const name = await new Promise<string>((resolveReady, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const named = /WORKER (\S+)\nREADY/.exec(output);
        if (named) resolveReady(named[1]);
        if (output.includes('STALLED')) onStall();
      });
      child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${errors}`)));
    });
    return { child, name, stalled };
  }

  async function kill(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  const projected = (pipeline: Pipeline) => waitForProjections(BROKERS, { groups: pipeline.groups, pollMs: 500, timeoutMs: 120_000 });

  /** Row counts and checksums of the pipeline's projected rows, ids made relative to its base. */
  async function snapshot(pipeline: Pipeline) {
    const digest = async (table: string, columns: string, order: string, idColumn = 'item_id') => {
      const { rows } = await pipeline.sql.query(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(concat_ws('|', ${columns}), ',' ORDER BY ${order}), '')) AS checksum
           FROM ${table} t WHERE t.${idColumn} > $1 AND t.${idColumn} <= $2`,
        [pipeline.base, pipeline.base + ID_RANGE],
      );
      return rows[0] as { rows: number; checksum: string };
    };
    return {
      prices: await digest('catalog.store_prices', 'item_id - $1, store_id - $1, price, comparison_price, price_unit, comparison_price_unit, is_campaign, updated_at, unlisted_at', 'item_id, store_id'),
      history: await digest('catalog.price_history', 'item_id - $1, store_id - $1, valid_from, valid_to, price, is_campaign', 'item_id, store_id, valid_from'),
      matrix: await digest('comparisons.price_matrix', 'item_id - $1, store_id - $1, price, comparison_price, price_unit, comparison_price_unit, is_campaign, observed_at', 'item_id, store_id'),
      items: await digest('catalog.items', 'id - $1, name', 'id', 'id'),
      stores: await digest('stores.stores', 'id - $1, name', 'id', 'id'),
    };
  }

  /** Waits (at most 60 s) until `count` of this test's dead letters have arrived. */
  async function deadLettersReach(count: number): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (dead.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(dead.length).toBeGreaterThanOrEqual(count);
  }

  const letterKey = (d: DeadLetterRecord) => `${d.kind}|${d.reason}|${JSON.stringify(d.record)}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ingest-shards-'));
    file = join(dir, 's-group.jsonl');
    writeFileSync(file, feed());
    expect(statSync(file).size).toBeGreaterThan(8 * SHARD_BYTES);
    admin = createKafkaAdmin(`ingest-shards-${TAG}`, BROKERS, 5);
    const group = `ct_${TAG}_shard-dead-letters`;
    await startAtEnds(group, [IngestTopics.DeadLetter]);
    deadLetters = createConsumer(`ingest-shards-${TAG}`, group, BROKERS);
    const stream = await deadLetters.consume({ topics: [IngestTopics.DeadLetter], mode: 'committed', fallbackMode: 'latest', autocommit: true });
    void consumeBatches(
      stream,
      1,
      async ({ messages }) => {
        for (const message of messages) {
          const text = message.value?.toString() ?? '';
          if (!text.includes(TAG) && !text.includes(TAG_EAN)) continue;
          const parsed = JSON.parse(text) as DeadLetterRecord | DeadLetterRecord[];
          dead.push(...(Array.isArray(parsed) ? parsed : [parsed]));
        }
      },
      new Logger('dead letters'),
    );
  });

  afterAll(async () => {
    await standIn?.close();
    for (const child of workers) await kill(child);
    await deadLetters?.close(true);
    for (const p of pipelines) {
      for (const app of p.projections) await app.close();
      await p.ingest.close();
      await p.sql.end();
      await p.db.drop();
    }
    if (admin) {
      await admin.deleteGroups({ groups: [...pipelines.flatMap((p) => Object.keys(p.groups)), `ct_${TAG}_shard-dead-letters`] }).catch(() => undefined);
      await admin.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  let whole: Pipeline;
  let split: Pipeline;
  let survivorName = '';
  let standIn: OpenDataStandIn | undefined;
  let wholeLetters: Set<string>;
  /** Lines of the killed worker's part it had checkpointed: their prices were published, not yet remembered. */
  let killedPartLines = 0;

  it('a run read whole by one worker (the reference)', async () => {
    whole = await startPipeline('whole', ROOT_BASE);
    await startWorker(whole, { INGEST_SHARD_BYTES: '0', INGEST_PULL_PARTS: '0', RPC_TIMEOUT_MS: '1000' });
    const service = whole.ingest.get(FeedRunsService);
    const run = await service.enqueue('s-group', file);
    const [done] = await service.waitFor([run.id], undefined, 250);
    expect(done).toMatchObject({ status: 'completed', shards: null, pricesPublished: PRICES, itemsPublished: PRODUCTS, storesPublished: STORES, recordsRejected: BAD_RECORDS });
    expect(await service.shardsOf(run.id)).toEqual([]);
    await projected(whole);
    await deadLettersReach(BAD_RECORDS);
    wholeLetters = new Set(dead.map(letterKey));
    expect(wholeLetters.size).toBe(BAD_RECORDS);
  });

  it('split across two workers, one SIGKILLed mid-shard: the same run, the same projections, the same dead letters', async () => {
    split = await startPipeline('split', ROOT_BASE + ID_RANGE);
    const env = { INGEST_SHARD_BYTES: String(SHARD_BYTES), INGEST_MAX_SHARDS: '64', INGEST_PULL_PARTS: String(PULL_PARTS), RPC_TIMEOUT_MS: '1000' };
    // The first worker stalls on its second price publication: half of a part's second chunk is on the topic, its first checkpointed.
    const doomed = await startWorker(split, { ...env, TEST_STALL_AT_PRICE_PUBLISH: '2' });
    const survivor = await startWorker(split, env);
    survivorName = survivor.name;
    const service = split.ingest.get(FeedRunsService);
    const lettersBefore = dead.length;
    const run = await service.enqueue('s-group', file);
    const completedFirst = service.waitFor([run.id], undefined, 250).then(() => 'completed' as const);
    expect(await Promise.race([doomed.stalled.then(() => 'stalled' as const), completedFirst])).toBe('stalled');
    const atKill = await service.shardsOf(run.id);
    const held = atKill.filter((s) => s.status === 'running' && s.worker === doomed.name);
    expect(held).toHaveLength(1);
    expect(atKill.length).toBeGreaterThan(8);
    await kill(doomed.child);

    const [done] = await service.waitFor([run.id], undefined, 250);
    // One run: every price, item and store counted once, every line read once, the four bad records rejected once.
    expect(done).toMatchObject({ status: 'completed', shards: atKill.length, pricesPublished: PRICES, pricesUnchanged: 0, itemsPublished: PRODUCTS, storesPublished: STORES, recordsRejected: BAD_RECORDS, checkpointLine: LINES });
    const parts = await service.shardsOf(run.id);
    expect(parts.every((s) => s.status === 'completed')).toBe(true);
    expect(parts.reduce((sum, s) => sum + s.pricesPublished, 0)).toBe(PRICES);
    // The report names who took each part: both workers; the killed one's part was taken over by the other, from its checkpoint.
    expect(new Set(parts.flatMap((s) => s.workers))).toEqual(new Set([doomed.name, survivor.name]));
    const takenOver = parts.find((s) => s.shardNo === held[0].shardNo);
    expect(takenOver).toMatchObject({ worker: survivor.name, workers: [doomed.name, survivor.name], resumed: held[0].checkpointLine > 0 });
    expect(takenOver?.attempts).toBeGreaterThanOrEqual(2);
    killedPartLines = held[0].checkpointLine;

    await projected(split);
    const afterSplit = await snapshot(split);
    expect(afterSplit.prices.rows).toBe(PRICES);
    expect(afterSplit.history.rows).toBe(PRICES);
    expect(afterSplit.matrix.rows).toBe(PRICES);
    expect(afterSplit).toEqual(await snapshot(whole));

    // Nothing dead-lettered that the one-worker run accepted, nothing it rejected let through (a re-published half chunk may repeat one).
    await deadLettersReach(lettersBefore + BAD_RECORDS);
    expect(new Set(dead.slice(lettersBefore).map(letterKey))).toEqual(wholeLetters);
  });

  it('a replay through the parts publishes nothing but what the killed worker had not remembered: the parts merged what they published', async () => {
    const service = split.ingest.get(FeedRunsService);
    const before = await snapshot(split);
    const replay = async () => {
      const run = await service.enqueue('s-group', file);
      const [done] = await service.waitFor([run.id], undefined, 250);
      expect(done).toMatchObject({ status: 'completed', itemsPublished: 0, storesPublished: 0, recordsRejected: BAD_RECORDS });
      expect(done.pricesPublished + done.pricesUnchanged).toBe(PRICES);
      expect((done.shards ?? 0) > 8).toBe(true);
      return done;
    };
    // The killed worker's checkpointed chunk is published again once (as after a crash of a run read whole), then nothing.
    expect((await replay()).pricesPublished).toBeLessThanOrEqual(killedPartLines);
    expect(await replay()).toMatchObject({ pricesPublished: 0, pricesUnchanged: PRICES });
    await projected(split);
    const after = await snapshot(split);
    expect(after.prices).toEqual(before.prices);
    expect(after.history).toEqual(before.history);
    expect(after.matrix).toEqual(before.matrix);
  });
  it('an S-kaupat pull split by store: its store listing first, then its parts taken by the workers, the prices of a pull read whole', async () => {
    standIn = await startOpenDataStandIn();
    const reference = await whole.ingest.get(FeedRunsService).enqueue('s-kaupat', standIn.url);
    const [read] = await whole.ingest.get(FeedRunsService).waitFor([reference.id], undefined, 250);
    expect(read).toMatchObject({ status: 'completed', shards: null });
    expect(read.pricesPublished).toBeGreaterThan(0);

    // A second worker beside the one left: either may take any part.
    const second = await startWorker(split, { INGEST_SHARD_BYTES: String(SHARD_BYTES), INGEST_PULL_PARTS: String(PULL_PARTS), RPC_TIMEOUT_MS: '1000' });
    const service = split.ingest.get(FeedRunsService);
    const run = await service.enqueue('s-kaupat', standIn.url);
    const [done] = await service.waitFor([run.id], undefined, 250);
    expect(done).toMatchObject({
      status: 'completed',
      shards: PULL_PARTS + 1,
      pricesPublished: read.pricesPublished,
      storesPublished: read.storesPublished,
      recordsRejected: read.recordsRejected,
    });
    const parts = await service.shardsOf(run.id);
    expect(parts.map((s) => s.status)).toEqual(Array(PULL_PARTS + 1).fill('completed'));
    // The head lists the stores and prices nothing; the parts price them, each price once.
    expect(parts[0]).toMatchObject({ shardNo: 0, pricesPublished: 0, recordsTotal: expect.any(Number) });
    expect(parts[0].recordsTotal).toBeGreaterThanOrEqual(read.storesPublished);
    expect(parts.slice(1).reduce((sum, s) => sum + s.pricesPublished, 0)).toBe(read.pricesPublished);
    for (const part of parts) expect([survivorName, second.name]).toContain(part.worker);

    // The same store prices in the catalog and the comparisons, by the chain's store id and EAN (the item ids differ:
    // the parts register products in another order).
    const byEan = async (pipeline: Pipeline, table: string, columns: string) => {
      const { rows } = await pipeline.sql.query(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(concat_ws('|', s.external_id, i.ean, ${columns}), ',' ORDER BY s.external_id, i.ean), '')) AS checksum
           FROM ${table} t JOIN ingest.stores s ON s.store_id = t.store_id AND s.source = 's-kaupat' JOIN ingest.items i ON i.item_id = t.item_id`,
      );
      return rows[0] as { rows: number; checksum: string };
    };
    await projected(whole);
    await projected(split);
    for (const [table, columns] of [
      ['catalog.store_prices', 't.price, t.comparison_price, t.is_campaign, t.regular_price'],
      ['comparisons.price_matrix', 't.price, t.comparison_price, t.is_campaign'],
    ]) {
      const expected = await byEan(whole, table, columns);
      expect(expected.rows).toBe(read.pricesPublished);
      expect(await byEan(split, table, columns)).toEqual(expected);
    }
  });
});
