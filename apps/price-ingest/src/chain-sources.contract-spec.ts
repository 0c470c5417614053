import { CatalogPatterns, type ItemDto } from '@hintakori/catalog-contracts';
import { CatalogModule } from '@hintakori/catalog-service';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { createKafkaAdmin, InProcessBus, InProcessClient, InProcessServer, KafkaBatchConsumer, setCommittedOffsets, topicWatermarks } from '@hintakori/platform-messaging';
import {
  FeedRunsService,
  PriceIngestModule,
  PROJECTION_TOPICS,
  startOpenDataStandIn,
  waitForProjections,
  withIngestConfig,
  type FeedRun,
  type OpenDataStandIn,
} from '@hintakori/price-ingest-service';
import { StoresPatterns, type StoreDto } from '@hintakori/stores-contracts';
import { StoresModule } from '@hintakori/stores-service';
import { createTestDatabase, testConfig, type TestDatabase } from '@hintakori/testing';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Admin } from '@platformatic/kafka';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';

/**
 * The chains' web shops (S-kaupat, K-Ruoka, Lidl) end to end on the distributed profile: the stand-ins replay their
 * recorded formats (fixtures/{s-kaupat,k-ruoka,lidl}); the runs are queued on BullMQ (Redis) and run by price-ingest's
 * worker, which publishes to Kafka; the real catalog, stores and comparisons projections consume the topics into
 * PostgreSQL. The standalone twin is chain-sources.int-spec.ts. (Below, the setup of open-data.contract-spec.ts:)
 *
 * Real open data end to end on the distributed profile: the local stand-ins replay the recorded formats of the
 * Overpass API, Open Food Facts and Open Prices; the runs are queued on BullMQ (Redis) and run by price-ingest's worker,
 * which publishes to Kafka; the real catalog, stores and comparisons projections consume the topics into PostgreSQL
 * and are read back through the services' handlers (on a private in-process bus: the events, not the reads, are
 * what goes through Kafka here). The standalone twin is open-data.int-spec.ts.
 *
 * The broker is shared: this test has its own database, queue prefix and consumer groups (starting at the topics'
 * current ends), and its registry ids start at a random base far from other data, so projected rows are selected by
 * id range (other tests' events published meanwhile land in this database too).
 */
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:59092').split(',');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:56379';
const TAG = randomBytes(4).toString('hex');
const ID_RANGE = 100_000;
/** 700M…899M: apart from open-data.contract-spec.ts's 200M…699M and feed-pipeline.contract-spec.ts's 900M… bases. */
const BASE = 700_000_000 + (randomBytes(2).readUInt16BE(0) % 200) * 1_000_000;

describe('the chains’ web shops through Kafka on the distributed profile', () => {
  let db: TestDatabase;
  let sql: Client;
  let standIn: OpenDataStandIn;
  let admin: Admin;
  let ingest: INestApplicationContext;
  const services: INestMicroservice[] = [];
  const groups: Record<string, readonly string[]> = {};
  const bus = new InProcessBus();
  const client = new InProcessClient(bus);
  const inRange = (column: string) => `${column} > ${BASE} AND ${column} <= ${BASE + ID_RANGE}`;

  /** Queues a run, waits for it and then for the projections to have committed everything on the ingest topics. */
  const run = async (source: string, location: string): Promise<FeedRun> => {
    const feeds = ingest.get(FeedRunsService);
    const queued = await feeds.enqueue(source, location);
    const [done] = await feeds.waitFor([queued.id], undefined, 200);
    await waitForProjections(BROKERS, { groups, pollMs: 300, timeoutMs: 60_000 });
    return done;
  };
  const storeId = async (externalId: string, source = 'osm'): Promise<number> => {
    const { rows } = await sql.query(`SELECT store_id FROM ingest.stores WHERE source = $2 AND external_id = $1`, [externalId, source]);
    expect(rows).toHaveLength(1);
    return rows[0].store_id as number;
  };
  const itemId = async (ean: string) => {
    const { rows } = await sql.query(`SELECT item_id FROM ingest.items WHERE ean = $1`, [ean]);
    expect(rows).toHaveLength(1);
    return rows[0].item_id as number;
  };
  const exceptionsOf = async (id: number) => {
    const { rows } = await sql.query(
      `SELECT to_char(date, 'MM-DD') AS day, opens::text, closes::text FROM stores.opening_exceptions WHERE store_id = $1 ORDER BY date`,
      [id],
    );
    return new Map(rows.map((e) => [e.day as string, { opens: e.opens as string | null, closes: e.closes as string | null }]));
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    standIn = await startOpenDataStandIn();
    admin = createKafkaAdmin(`chain-sources-contract-${TAG}`, BROKERS, 5);
    const prefix = `ct_${TAG}_chains`;
    const env = {
      HINTAKORI_PROFILE: 'distributed',
      KAFKA_BROKERS: BROKERS.join(','),
      REDIS_URL,
      INGEST_QUEUE_PREFIX: prefix,
      INGEST_BACKOFF_MS: '200',
      // The category tree only: stores, items and prices come from the open data.
      SEED_DEMO_DATA: 'true',
      OPEN_FOOD_FACTS_URL: standIn.url,
      // A year of dated exceptions, so Christmas Eve and Independence Day are in the window whatever today is.
      INGEST_OSM_EXCEPTION_DAYS: '370',
    };
    const config = testConfig(db.url, env);
    expect(config.profile).toBe('distributed');
    ingest = await NestFactory.createApplicationContext(
      PriceIngestModule.forRoot(withIngestConfig(config, env, { feeds: [] }), { runWorkers: true }),
      { logger: ['error'] },
    );
    await ingest.init();
    for (const seq of ['item_id_seq', 'store_id_seq', 'offer_id_seq']) await sql.query(`SELECT setval('ingest.${seq}', $1)`, [BASE]);
    // Fresh consumer groups starting at the topics' current ends: they see this test's events and newer ones.
    for (const [service, topics] of Object.entries(PROJECTION_TOPICS)) groups[`${prefix}-${service}`] = topics;
    for (const [groupId, topics] of Object.entries(groups)) {
      const watermarks = await topicWatermarks(admin, topics);
      await setCommittedOffsets(admin, groupId, new Map([...watermarks].map(([topic, partitions]) => [topic, partitions.map((p) => ({ partition: p.partition, offset: p.high }))])));
    }
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
  });

  afterAll(async () => {
    await ingest?.close();
    await Promise.all(services.map((app) => app.close()));
    await standIn?.close();
    await sql?.end();
    await db?.drop();
    if (admin) {
      await admin.deleteGroups({ groups: Object.keys(groups) }).catch(() => undefined);
      await admin.close();
    }
  });

  it('imports S-kaupat through Kafka: the OpenStreetMap twin is one store with the shop’s name and hours, its campaign prices in the catalog', async () => {
    expect((await run('osm', `${standIn.url}/api/interpreter`)).status).toBe('completed');
    const done = await run('s-kaupat', standIn.url);
    expect(done.status).toBe('completed');
    expect(done.pricesPublished).toBeGreaterThan(0);
    const twin = await storeId('s-kaupat:700000010', 's-kaupat');
    expect(twin).toBe(await storeId('osm:node/1105587364'));
    expect(twin).toBeGreaterThan(BASE);
    const hakaniemi = await firstValueFrom(client.send<StoreDto>(StoresPatterns.Get, { id: twin }));
    expect(hakaniemi).toMatchObject({ chain: 's-market', source: 's-kaupat' });
    expect((await exceptionsOf(twin)).get('12-06')).toEqual({ opens: '12:00:00', closes: '21:00:00' });
    const kaleva = await storeId('s-kaupat:517609418', 's-kaupat');
    const mokka = await firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: await itemId('6411300000494'), storeIds: [kaleva] }));
    expect(mokka.storeItems).toEqual([
      expect.objectContaining({ price: 599, isCampaign: true, regularPrice: 749, campaignEndsAt: '2026-12-06T21:59:59.000Z', sourceLowest30d: 649, source: 's-kaupat' }),
    ]);
    // The comparisons projection has the same price from the same topic.
    const { rows } = await sql.query(`SELECT price, is_campaign FROM comparisons.price_matrix WHERE store_id = $1 AND item_id = $2`, [kaleva, await itemId('6411300000494')]);
    expect(rows).toEqual([{ price: 599, is_campaign: true }]);
  });

  it('a replayed S-kaupat run publishes nothing and changes no catalog price', async () => {
    const prices = async () => (await sql.query(`SELECT item_id, store_id, price, updated_at FROM catalog.store_prices WHERE ${inRange('store_id')} ORDER BY 1, 2`)).rows;
    const before = await prices();
    expect(before.length).toBeGreaterThan(0);
    expect(await run('s-kaupat', standIn.url)).toMatchObject({ status: 'completed', pricesPublished: 0, storesPublished: 0, itemsPublished: 0 });
    expect(await prices()).toEqual(before);
  });

  it('Lidl’s national price reaches every Lidl store, and K-Ruoka’s bot challenge fails its run for good keeping what came before', async () => {
    expect((await run('lidl', standIn.url)).status).toBe('completed');
    const { rows: lidl } = await sql.query(
      `SELECT count(DISTINCT p.store_id)::int AS priced, (SELECT count(*)::int FROM ingest.stores WHERE source = 'lidl') AS stores
       FROM catalog.store_prices p WHERE p.source = 'lidl' AND ${inRange('p.store_id')}`,
    );
    expect(lidl[0].priced).toBe(lidl[0].stores);
    const feeds = ingest.get(FeedRunsService);
    const queued = await feeds.enqueue('k-ruoka', standIn.url);
    await expect(feeds.waitFor([queued.id], undefined, 200)).rejects.toThrow(/blocked by a bot challenge: K-Ruoka needs an agreement for this use/);
    await waitForProjections(BROKERS, { groups, pollMs: 300, timeoutMs: 60_000 });
    const ruoholahti = await storeId('k-ruoka:N137', 'k-ruoka');
    const { rows: kPrices } = await sql.query(`SELECT count(*)::int AS n FROM catalog.store_prices WHERE store_id = $1 AND source = 'k-ruoka'`, [ruoholahti]);
    expect(kPrices[0].n).toBeGreaterThan(0);
    expect((await feeds.feedRuns.get(queued.id))?.attempts).toBe(1);
  });
});
