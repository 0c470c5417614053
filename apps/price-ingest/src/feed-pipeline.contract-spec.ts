import { CatalogModule, ItemService } from '@hintakori/catalog-service';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { AppConfig } from '@hintakori/platform-config';
import { consumeBatches, createConsumer, createKafkaAdmin, KafkaBatchConsumer, type KafkaConsumer, setCommittedOffsets, topicWatermarks } from '@hintakori/platform-messaging';
import { DeadLetterRecord, IngestTopics } from '@hintakori/price-ingest-contracts';
import { StoresModule } from '@hintakori/stores-service';
import { createTestDatabase, testConfig, TestDatabase } from '@hintakori/testing';
import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Admin } from '@platformatic/kafka';
import { Client } from 'pg';
import { FeedRunsService, PriceIngestModule, PROJECTION_TOPICS, waitForProjections, withIngestConfig, type FeedRun } from '@hintakori/price-ingest-service';

/**
 * The whole pipeline on real infrastructure: feed file → BullMQ (Redis) → feed-run worker processes →
 * Kafka → the real catalog, stores and comparisons projections on PostgreSQL.
 *  (a) a worker SIGKILLed between a half-published chunk and its checkpoint, then restarted, completes the
 *      run: the run counts every price once and the projections equal those of an uninterrupted run;
 *  (b) malformed records go to `ingest.dead-letter` with their reasons and the run goes on;
 *  (c) running the same feed again publishes nothing and changes no current price, price-history or comparison row;
 *  (d) a later run with one price changed and one missing publishes only the change, which shows in the catalog; the
 *      prices it saw unchanged are as fresh as the run, the missing one keeps its old age.
 * The broker is shared: every pipeline has its own database, queue prefix and consumer groups, and its
 * registry ids start at a random base far from other data, so rows are selected by id range.
 */
const ROOT = resolve(__dirname, '../../..');
/** The worker process of the crash test: price-ingest's own worker wiring with short lock and stall intervals. */
const TEST_WORKER = join(__dirname, 'feed-run-worker.testing.ts');
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:59092').split(',');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:56379';
const TAG = randomBytes(4).toString('hex');
const STORES = 8;
const PRODUCTS = 300;
const PRICES = STORES * PRODUCTS;
const ID_RANGE = 100_000;
const ROOT_BASE = 900_000_000 + (randomBytes(2).readUInt16BE(0) % 900) * 1_000_000;

const ean = (p: number) => `64${String(p).padStart(11, '0')}`;
/** An EAN of this test run only, so its dead letters can be told from other runs' (rejected prices carry the EAN, not the raw line). */
const TAG_EAN = `98${String(parseInt(TAG, 16) % 100_000_000_000).padStart(11, '0')}`;
const priceCents = (s: number, p: number) => 100 + ((s * 37 + p * 11) % 900);

/** A line of the feed, to leave out or change in a later run. */
interface FeedChanges {
  /** Left out: the price of (store, product). */
  missing?: { store: number; product: number };
  /** Changed: the price of (store, product) gets these cents, updated at `at`. */
  changed?: { store: number; product: number; cents: number; at: string };
}

/** An S group feed: stores, products, every store pricing every product, and four bad records marked with TAG. */
function feed(changes: FeedChanges = {}): string {
  const lines: string[] = [];
  for (let s = 1; s <= STORES; s++) {
    lines.push(
      JSON.stringify({
        __typename: 'Store',
        id: `S${s}`,
        name: `Prisma Testi ${s}`,
        brand: 'PRISMA',
        location: { address: { street: { default: `Testikatu ${s}` }, postcode: '00100', postcodeName: { default: 'Helsinki' } }, coordinates: { lat: 60.1 + s / 100, lon: 24.9 } },
        weeklyOpeningHours: [],
      }),
    );
  }
  for (let p = 1; p <= PRODUCTS; p++) {
    lines.push(JSON.stringify({ __typename: 'Product', ean: ean(p), name: `Testituote ${p}`, comparisonUnit: 'PCE', hierarchyPath: [{ name: 'Testit' }, { name: 'Testiryhmä' }] }));
  }
  const storeProduct = (storeId: string, p: number | string, euros: number, extra: object = {}) =>
    JSON.stringify({ __typename: 'StoreProduct', storeId, ean: typeof p === 'string' ? p : ean(p), price: euros, pricing: { currentPrice: euros, campaignPrice: null }, priceUpdatedAt: '2026-01-19T06:00:00Z', ...extra });
  let n = 0;
  for (let p = 1; p <= PRODUCTS; p++) {
    for (let s = 1; s <= STORES; s++) {
      const changed = changes.changed?.store === s && changes.changed.product === p ? changes.changed : null;
      if (changes.missing?.store === s && changes.missing.product === p) lines.push(storeProduct(`S${s}`, '6400000000000', 1)); // an unknown EAN in its place
      else if (changed) lines.push(storeProduct(`S${s}`, p, changed.cents / 100, { priceUpdatedAt: changed.at }));
      else lines.push(storeProduct(`S${s}`, p, priceCents(s, p) / 100));
      n++;
      // Bad records early (checkpointed before the crash) and late (after the restart).
      if (n === 100) lines.push(`{"__typename":"StoreProduct","note":"${TAG}" this is not json`);
      if (n === 150) lines.push(storeProduct(`NOPE-${TAG}`, p, 1.99));
      if (n === 2100) lines.push(storeProduct('S1', TAG_EAN, -1));
      if (n === 2200) lines.push(storeProduct('S2', TAG_EAN, 1250));
    }
  }
  return `${lines.join('\n')}\n`;
}

interface Pipeline {
  name: string;
  base: number;
  db: TestDatabase;
  sql: Client;
  env: Record<string, string>;
  ingest: INestApplicationContext;
  projections: INestApplicationContext[];
  groups: Record<string, readonly string[]>;
}

describe('price ingest pipeline on Kafka, Redis and PostgreSQL', () => {
  let dir: string;
  let file: string;
  let admin: Admin;
  let deadLetters: KafkaConsumer;
  const dead: DeadLetterRecord[] = [];
  const pipelines: Pipeline[] = [];
  const workers: ChildProcess[] = [];

  /** Commits the current end of `topics` for `groupId` (a new group then sees only newer messages). */
  async function startAtEnds(groupId: string, topics: readonly string[]) {
    const watermarks = await topicWatermarks(admin, topics);
    await setCommittedOffsets(admin, groupId, new Map([...watermarks].map(([topic, partitions]) => [topic, partitions.map((p) => ({ partition: p.partition, offset: p.high }))])));
  }

  async function startPipeline(name: string, base: number): Promise<Pipeline> {
    const db = await createTestDatabase();
    const prefix = `ct_${TAG}_${name}`;
    const env = {
      HINTAKORI_PROFILE: 'distributed',
      KAFKA_BROKERS: BROKERS.join(','),
      REDIS_URL,
      INGEST_QUEUE_PREFIX: prefix,
      INGEST_BACKOFF_MS: '200',
      // The category tree only: items, stores and prices come from the feed.
      SEED_DEMO_DATA: 'true',
    };
    const config: AppConfig = testConfig(db.url, env);
    const ingest = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(withIngestConfig(config, env, { feeds: [] }), { runWorkers: false }), { logger: ['error'] });
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    for (const seq of ['item_id_seq', 'store_id_seq', 'offer_id_seq']) await sql.query(`SELECT setval('ingest.${seq}', $1)`, [base]);
    // Fresh consumer groups starting at the topics' current ends: they see this test's events and newer ones.
    const groups: Record<string, readonly string[]> = {};
    for (const [service, topics] of Object.entries(PROJECTION_TOPICS)) {
      const groupId = `${prefix}-${service}`;
      groups[groupId] = topics;
      await startAtEnds(groupId, topics);
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
    const pipeline: Pipeline = { name, base, db, sql, env: { ...env, DATABASE_URL: db.url, RUN_MIGRATIONS: 'false', LOG_LEVEL: 'warn' }, ingest, projections, groups };
    pipelines.push(pipeline);
    return pipeline;
  }

  /** A feed-run worker process (TEST_WORKER); resolves once it takes jobs. */
  async function startWorker(pipeline: Pipeline, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; stalled: Promise<void> }> {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', TEST_WORKER], {
      cwd: ROOT,
      env: { ...process.env, ...pipeline.env, TEST_CHECKPOINT_LINES: '500', PORT: '3196', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    workers.push(child);
    let output = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => void (errors = (errors + chunk.toString()).slice(-4000)));
    let onStall: () => void = () => undefined;
    const stalled = new Promise<void>((resolveStall) => (onStall = resolveStall));
    await new Promise<void>((resolveReady, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('READY')) resolveReady();
        if (output.includes('STALLED')) onStall();
      });
      child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${errors}`)));
    });
    return { child, stalled };
  }

  async function kill(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async function runFeed(pipeline: Pipeline, feedFile = file): Promise<FeedRun> {
    const service = pipeline.ingest.get(FeedRunsService);
    const run = await service.enqueue('s-group', feedFile);
    const [done] = await service.waitFor([run.id], undefined, 250);
    return done;
  }

  /** The feed lines the pipeline's last whole s-group run remembered, which its next run skips unparsed while unchanged. */
  const remembered = async (pipeline: Pipeline) =>
    Number((await pipeline.sql.query(`SELECT coalesce(sum(length(entries)) / 48, 0)::int AS n FROM ingest.published_lines WHERE source = 's-group'`)).rows[0].n);

  const projected = (pipeline: Pipeline) => waitForProjections(BROKERS, { groups: pipeline.groups, pollMs: 500, timeoutMs: 170_000 });

  /** Row counts and checksums of the pipeline's rows, ids made relative to its base. */
  async function snapshot(pipeline: Pipeline) {
    const lo = pipeline.base;
    const hi = pipeline.base + ID_RANGE;
    const digest = async (table: string, columns: string, order: string, idColumn = 'item_id') => {
      const { rows } = await pipeline.sql.query(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(concat_ws('|', ${columns}), ',' ORDER BY ${order}), '')) AS checksum
           FROM ${table} t WHERE t.${idColumn} > $1 AND t.${idColumn} <= $2`,
        [lo, hi],
      );
      return rows[0] as { rows: number; checksum: string };
    };
    return {
      prices: await digest('catalog.store_prices', `item_id - $1, store_id - $1, price, comparison_price, price_unit, comparison_price_unit, is_campaign, updated_at`, 'item_id, store_id'),
      history: await digest('catalog.price_history', `item_id - $1, store_id - $1, valid_from, valid_to, price, is_campaign`, 'item_id, store_id, valid_from'),
      matrix: await digest('comparisons.price_matrix', `item_id - $1, store_id - $1, price, comparison_price, price_unit, comparison_price_unit, is_campaign, observed_at`, 'item_id, store_id'),
      items: await digest('catalog.items', `id - $1, name`, 'id', 'id'),
      stores: await digest('stores.stores', `id - $1, name`, 'id', 'id'),
    };
  }

  beforeAll(async () => {
    // BullMQ needs Redis; tools/infra starts it (idempotent) — the contracts global setup starts only Kafka.
    const up = spawnSync(process.execPath, ['--input-type=module', '-e', "const m = await import('./tools/infra/lib.mjs'); await m.startRedis({ log: () => {} });"], { cwd: ROOT, encoding: 'utf8' });
    if (up.status !== 0) throw new Error(`could not start Redis: ${up.stderr}`);
    dir = mkdtempSync(join(tmpdir(), 'ingest-contract-'));
    file = join(dir, 's-group.jsonl');
    writeFileSync(file, feed());
    admin = createKafkaAdmin(`ingest-contract-${TAG}`, BROKERS, 5);
    const group = `ct_${TAG}_dead-letters`;
    await startAtEnds(group, [IngestTopics.DeadLetter]);
    deadLetters = createConsumer(`ingest-contract-${TAG}`, group, BROKERS);
    const stream = await deadLetters.consume({ topics: [IngestTopics.DeadLetter], mode: 'committed', fallbackMode: 'latest', autocommit: true });
    void consumeBatches(
      stream,
      1,
      async ({ messages }) => {
        for (const message of messages) {
          const text = message.value?.toString() ?? '';
          if (!text.includes(TAG) && !text.includes(TAG_EAN)) continue; // other runs' dead letters
          const parsed = JSON.parse(text) as DeadLetterRecord | DeadLetterRecord[];
          dead.push(...(Array.isArray(parsed) ? parsed : [parsed]));
        }
      },
      new Logger('dead letters'),
    );
  });

  afterAll(async () => {
    for (const child of workers) await kill(child);
    await deadLetters?.close(true);
    for (const p of pipelines) {
      for (const app of p.projections) await app.close();
      await p.ingest.close();
      await p.sql.end();
      await p.db.drop();
    }
    if (admin) {
      const groups = pipelines.flatMap((p) => Object.keys(p.groups));
      await admin.deleteGroups({ groups: [...groups, `ct_${TAG}_dead-letters`] }).catch(() => undefined);
      await admin.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  let crashed: Pipeline;
  let clean: Pipeline;

  it('(a) a worker killed mid-run is replaced and the run completes with every price counted and projected once', async () => {
    crashed = await startPipeline('crash', ROOT_BASE);
    const first = await startWorker(crashed, { TEST_STALL_AT_PRICE_PUBLISH: '3' });
    const service = crashed.ingest.get(FeedRunsService);
    const run = await service.enqueue('s-group', file);
    await first.stalled;
    // Two chunks are checkpointed, half of the third chunk's prices are on the topic.
    const half = await service.feedRuns.get(run.id);
    expect(half).toMatchObject({ status: 'running', checkpointLine: 1000 });
    await kill(first.child);
    await startWorker(crashed);
    const [done] = await service.waitFor([run.id], undefined, 250);
    expect(done).toMatchObject({ status: 'completed', pricesPublished: PRICES, itemsPublished: PRODUCTS, storesPublished: STORES, recordsRejected: 4 });
    await projected(crashed);

    clean = await startPipeline('clean', ROOT_BASE + ID_RANGE);
    await startWorker(clean);
    const cleanRun = await runFeed(clean);
    expect(cleanRun).toMatchObject({ status: 'completed', pricesPublished: PRICES, recordsRejected: 4 });
    await projected(clean);

    const afterCrash = await snapshot(crashed);
    // One current price, one comparison row and one history period per (item, store): the re-published half chunk changed nothing.
    expect(afterCrash.prices.rows).toBe(PRICES);
    expect(afterCrash.matrix.rows).toBe(PRICES);
    expect(afterCrash.history.rows).toBe(PRICES);
    expect(afterCrash.items.rows).toBe(PRODUCTS);
    expect(afterCrash.stores.rows).toBe(STORES);
    expect(afterCrash).toEqual(await snapshot(clean));
  });

  it('(b) malformed records reach ingest.dead-letter with their reasons and the run goes on', async () => {
    const deadline = Date.now() + 60_000;
    // Both runs (crashed and clean) rejected the same four records, none of them in the re-published chunk.
    while (dead.length < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(dead).toHaveLength(8);
    const reasons = dead.map((d) => d.reason);
    for (const pattern of [/not valid JSON/, /unknown store/, /absurd price: -100 cents/, /over 1000 €/]) {
      expect(reasons.filter((reason) => pattern.test(reason))).toHaveLength(2);
    }
    expect(dead.every((d) => d.source === 's-group' && typeof d.at === 'string')).toBe(true);
    // The run went on past them: the records after the last bad one were published and projected.
    const last = await clean.sql.query('SELECT count(*)::int AS n FROM catalog.store_prices WHERE item_id = $1', [clean.base + PRODUCTS]);
    expect(last.rows[0].n).toBe(STORES);
  });

  it('(c) running the same feed again changes no current price, history or comparison row', async () => {
    const before = await snapshot(clean);
    const replay = await runFeed(clean);
    // Every price, product and store as the source last published it: compared in the worker, none travels.
    expect(replay).toMatchObject({ status: 'completed', pricesPublished: 0, pricesUnchanged: PRICES, itemsPublished: 0, storesPublished: 0 });
    await projected(clean);
    const after = await snapshot(clean);
    expect(after.prices).toEqual(before.prices);
    expect(after.history).toEqual(before.history);
    expect(after.matrix).toEqual(before.matrix);
    expect(after.items.rows).toBe(before.items.rows);
    expect(after.stores.rows).toBe(before.stores.rows);
    // Read whole, the replay remembered every price line: the next run skips those it meets unchanged (d).
    expect(await remembered(clean)).toBe(PRICES);
  });

  it('(d) a later run publishes only its change; the prices it saw unchanged are as fresh as the run, a missing one is not', async () => {
    const firstSeen = '2026-01-19T06:00:00.000Z';
    const changedAt = '2026-02-01T08:00:00.000Z';
    const later = join(dir, 's-group-later.jsonl');
    // Store S1: product 1 missing, product 2 at 9.99 €; everything else as before.
    writeFileSync(later, feed({ missing: { store: 1, product: 1 }, changed: { store: 1, product: 2, cents: 999, at: changedAt } }));
    const laterRun = await runFeed(clean, later);
    expect(laterRun).toMatchObject({ status: 'completed', pricesPublished: 1, pricesUnchanged: PRICES - 2, itemsPublished: 0, storesPublished: 0 });
    // Its unchanged lines were skipped unparsed (remembered by the replay of (c)); the changed one is remembered now.
    expect(await remembered(clean)).toBe(PRICES - 1);
    await projected(clean);
    const items = clean.projections[0].get(ItemService);
    const s1 = clean.base + 1;
    const priceIn = async (product: number) => (await items.get(clean.base + product, [s1])).storeItems.find((p) => p.storeId === s1);
    // The change shows (seen by the run, so as fresh as the run, which started after its own time).
    expect(await priceIn(2)).toMatchObject({ price: 999, updatedAt: new Date(laterRun.startedAt).toISOString() });
    expect(Date.parse(laterRun.startedAt)).toBeGreaterThan(Date.parse(changedAt));
    // Seen unchanged by the later run: as fresh as that run (its start), though no event carried it.
    expect(await priceIn(3)).toMatchObject({ price: priceCents(1, 3), updatedAt: new Date(laterRun.startedAt).toISOString() });
    // Missing from the later run: the age of its last observation (turns red after 14 days).
    expect(await priceIn(1)).toMatchObject({ price: priceCents(1, 1), updatedAt: firstSeen });
    // The missing price published again by a run that has it: fresh again.
    const again = await runFeed(clean);
    expect(again).toMatchObject({ status: 'completed', pricesPublished: 2, pricesUnchanged: PRICES - 2 });
    await projected(clean);
    expect(await priceIn(1)).toMatchObject({ price: priceCents(1, 1), updatedAt: new Date(again.startedAt).toISOString() });
  });
});
