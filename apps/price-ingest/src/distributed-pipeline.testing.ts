import { CatalogModule } from '@hintakori/catalog-service';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { createKafkaAdmin, InProcessBus, InProcessClient, InProcessServer, KafkaBatchConsumer, setCommittedOffsets, topicWatermarks } from '@hintakori/platform-messaging';
import { FeedRunsService, PriceIngestModule, PROJECTION_TOPICS, waitForProjections, withIngestConfig, type FeedRun } from '@hintakori/price-ingest-service';
import { StoresModule } from '@hintakori/stores-service';
import { createTestDatabase, testConfig, type TestDatabase } from '@hintakori/testing';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Admin } from '@platformatic/kafka';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:59092').split(',');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:56379';
/** Registry ids of one test lie in (base, base + ID_RANGE]. */
export const ID_RANGE = 100_000;

/**
 * The distributed profile's feed pipeline in a test: price-ingest with its worker (BullMQ on Redis) publishing to real
 * Kafka, and the real catalog, stores and comparisons projections consuming the topics into PostgreSQL, read back
 * through the services' handlers on a private in-process bus (the events, not the reads, go through Kafka).
 *
 * The broker is shared: the test has its own database, queue prefix and consumer groups (starting at the topics'
 * current ends), and its registry ids start at a random base within `bases` (far from other tests' data), so projected
 * rows are selected by id range (other tests' events published meanwhile land in this database too).
 */
export interface DistributedPipeline {
  sql: Client;
  ingest: INestApplicationContext;
  client: InProcessClient;
  /** The first registry id is above it. */
  base: number;
  /** `${column}` within this test's id range, for a WHERE clause. */
  inRange(column: string): string;
  /** Queues a run, waits for it and then for the projections to have committed everything on the ingest topics. */
  run(source: string, location: string): Promise<FeedRun>;
  /** Waits for the projections to have committed everything on the ingest topics. */
  caughtUp(): Promise<void>;
  /** The store id the registry gave `source`'s store `externalId` (exactly one). */
  storeId(externalId: string, source?: string): Promise<number>;
  /** The item id of an EAN (exactly one). */
  itemId(ean: string): Promise<number>;
  /** A store's dated opening exceptions, by 'MM-DD'. */
  exceptionsOf(storeId: number): Promise<Map<string, { opens: string | null; closes: string | null }>>;
  close(): Promise<void>;
}

export async function startDistributedPipeline(options: {
  /** Names the queue prefix, the consumer groups and the Kafka admin client. */
  name: string;
  /** The registry ids' base is `from` plus a random number of millions below `millions`. */
  bases: { from: number; millions: number };
  env: Record<string, string>;
  /** The adapters' clock (PriceIngestOptions.now): fixturesClock for recorded answers. */
  now?: () => Date;
}): Promise<DistributedPipeline> {
  const tag = randomBytes(4).toString('hex');
  const base = options.bases.from + (randomBytes(2).readUInt16BE(0) % options.bases.millions) * 1_000_000;
  const db: TestDatabase = await createTestDatabase();
  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  const admin: Admin = createKafkaAdmin(`${options.name}-contract-${tag}`, BROKERS, 5);
  const prefix = `ct_${tag}_${options.name.replace(/[^a-z0-9]/g, '')}`;
  const env = { HINTAKORI_PROFILE: 'distributed', KAFKA_BROKERS: BROKERS.join(','), REDIS_URL, INGEST_QUEUE_PREFIX: prefix, INGEST_BACKOFF_MS: '200', ...options.env };
  const config = testConfig(db.url, env);
  if (config.profile !== 'distributed') throw new Error('the distributed pipeline needs HINTAKORI_PROFILE=distributed');
  const ingest = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(withIngestConfig(config, env, { feeds: [] }), { runWorkers: true, now: options.now }), { logger: ['error'] });
  await ingest.init();
  for (const seq of ['item_id_seq', 'store_id_seq', 'offer_id_seq']) await sql.query(`SELECT setval('ingest.${seq}', $1)`, [base]);
  // Fresh consumer groups starting at the topics' current ends: they see this test's events and newer ones.
  const groups: Record<string, readonly string[]> = {};
  for (const [service, topics] of Object.entries(PROJECTION_TOPICS)) groups[`${prefix}-${service}`] = topics;
  for (const [groupId, topics] of Object.entries(groups)) {
    const watermarks = await topicWatermarks(admin, topics);
    await setCommittedOffsets(admin, groupId, new Map([...watermarks].map(([topic, partitions]) => [topic, partitions.map((p) => ({ partition: p.partition, offset: p.high }))])));
  }
  const bus = new InProcessBus();
  const services: INestMicroservice[] = [];
  for (const module of [
    CatalogModule.forRoot(config, { seedFromFeed: true, eventConsumerGroup: `${prefix}-catalog` }),
    StoresModule.forRoot(config, { seedFromFeed: true, eventConsumerGroup: `${prefix}-stores` }),
    ComparisonsModule.forRoot(config, { seedFromFeed: true, eventConsumerGroup: `${prefix}-comparisons` }),
  ]) {
    const app = await NestFactory.createMicroservice(module, { strategy: new InProcessServer(bus), logger: ['error', 'warn'] });
    await app.listen();
    await app.get(KafkaBatchConsumer).whenJoined();
    services.push(app);
  }
  const caughtUp = () => waitForProjections(BROKERS, { groups, pollMs: 300, timeoutMs: 60_000 });
  return {
    sql,
    ingest,
    client: new InProcessClient(bus),
    base,
    inRange: (column) => `${column} > ${base} AND ${column} <= ${base + ID_RANGE}`,
    caughtUp: async () => void (await caughtUp()),
    async storeId(externalId, source = 'osm') {
      const { rows } = await sql.query(`SELECT store_id FROM ingest.stores WHERE source = $2 AND external_id = $1`, [externalId, source]);
      expect(rows).toHaveLength(1);
      return rows[0].store_id as number;
    },
    async itemId(ean) {
      const { rows } = await sql.query(`SELECT item_id FROM ingest.items WHERE ean = $1`, [ean]);
      expect(rows).toHaveLength(1);
      return rows[0].item_id as number;
    },
    async exceptionsOf(storeId) {
      const { rows } = await sql.query(
        `SELECT to_char(date, 'MM-DD') AS day, opens::text, closes::text FROM stores.opening_exceptions WHERE store_id = $1 ORDER BY date`,
        [storeId],
      );
      return new Map(rows.map((e) => [e.day as string, { opens: e.opens as string | null, closes: e.closes as string | null }]));
    },
    async run(source, location) {
      const feeds = ingest.get(FeedRunsService);
      const queued = await feeds.enqueue(source, location);
      const [done] = await feeds.waitFor([queued.id], undefined, 200);
      await caughtUp();
      return done;
    },
    async close() {
      await ingest.close();
      await Promise.all(services.map((app) => app.close()));
      await sql.end();
      await db.drop();
      await admin.deleteGroups({ groups: Object.keys(groups) }).catch(() => undefined);
      await admin.close();
    },
  };
}
