import { ComparisonsModule, PriceMatrixProjection } from '@hintakori/comparisons-service';
import { createKafkaAdmin, KafkaBatchConsumer, setCommittedOffsets, topicWatermarks } from '@hintakori/platform-messaging';
import { IngestTopics, type PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { createIngestPublisher, type IngestPublisher, waitForProjections } from '@hintakori/price-ingest-service';
import { createTestDatabase, testConfig, type TestDatabase } from '@hintakori/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * Two consumers of one projection (comparisons' `prices.observed` group, as two replicas run it) share the topic's
 * partitions: every price event is applied by exactly one of them — none lost, none applied twice — and both take a
 * share. The capacity model scales the projections this way (docs/operations.md).
 */
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:59092').split(',');
const TAG = randomBytes(4).toString('hex');
const GROUP = `ct_${TAG}_comparisons`;
const ITEMS = 600;
const STORES = 4;
const BASE = 800_000_000 + (randomBytes(2).readUInt16BE(0) % 900) * 100_000;

describe('two consumers of one projection on real Kafka', () => {
  let db: TestDatabase;
  let sql: Client;
  const consumers: INestApplicationContext[] = [];
  let publisher: IngestPublisher;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url, { HINTAKORI_PROFILE: 'distributed', KAFKA_BROKERS: BROKERS.join(','), REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:56379', SEED_DEMO_DATA: 'false' });
    // The group starts at the topic's current ends: it sees this test's events and newer ones.
    const admin = createKafkaAdmin(`consumers-${TAG}`, BROKERS, 5);
    const ends = (await topicWatermarks(admin, [IngestTopics.PricesObserved])).get(IngestTopics.PricesObserved) ?? [];
    await setCommittedOffsets(admin, GROUP, new Map([[IngestTopics.PricesObserved, ends.map((p) => ({ partition: p.partition, offset: p.high }))]]));
    await admin.close();
    for (let i = 0; i < 2; i++) {
      const app = await NestFactory.createApplicationContext(ComparisonsModule.forRoot(config, { seedFromFeed: true, eventConsumerGroup: GROUP }), { logger: ['error'] });
      await app.init();
      consumers.push(app);
    }
    // Both members joined: the second join rebalanced the group over the two.
    await Promise.all(consumers.map((app) => app.get(KafkaBatchConsumer).whenJoined()));
    publisher = createIngestPublisher(config);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    for (const app of consumers) await app.close();
    await publisher?.close().catch(() => undefined);
    await sql?.end();
    await db?.drop();
    const admin = createKafkaAdmin(`consumers-${TAG}-cleanup`, BROKERS, 5);
    await admin.deleteGroups({ groups: [GROUP] }).catch(() => undefined);
    await admin.close();
  });

  it('apply every event between them, each taking a share of the partitions, and write each price once', async () => {
    const applied = consumers.map((app) => {
      const seen: string[] = [];
      const projection = app.get(PriceMatrixProjection);
      const original = projection.applyPriceObservations.bind(projection);
      jest.spyOn(projection, 'applyPriceObservations').mockImplementation(async (rows, ...rest) => {
        for (const row of rows) seen.push(`${row.itemId}/${row.storeId}`);
        return original(rows, ...rest);
      });
      return seen;
    });
    const observedAt = new Date().toISOString();
    const messages = Array.from({ length: ITEMS }, (_, i) => {
      const itemId = BASE + i + 1;
      const events: PriceObservedEvent[] = Array.from({ length: STORES }, (_, s) => ({
        itemId,
        storeId: BASE + s + 1,
        price: 100 + i,
        comparisonPrice: null,
        priceUnit: 'kpl',
        comparisonPriceUnit: 'kpl',
        isCampaign: false,
        observedAt,
        source: 'test',
      }));
      return { key: String(itemId), value: events };
    });
    await publisher.publish(IngestTopics.PricesObserved, messages);
    await waitForProjections(BROKERS, { groups: { [GROUP]: [IngestTopics.PricesObserved] }, pollMs: 250, timeoutMs: 120_000 });

    const all = [...applied[0], ...applied[1]];
    expect(new Set(all).size).toBe(ITEMS * STORES); // none lost
    // A partition that moves between the two in a rebalance is read again from its last commit (at least once):
    // the projection is idempotent, so the rows stay one per price and none is doubled (checked below).
    process.stderr.write(`[projection-consumers] ${all.length} applications of ${ITEMS * STORES} events (${applied[0].length} + ${applied[1].length})\n`);
    expect(applied[0].length).toBeGreaterThan(0);
    expect(applied[1].length).toBeGreaterThan(0);
    const { rows } = await sql.query('SELECT count(*)::int AS n FROM comparisons.price_matrix WHERE item_id > $1 AND item_id <= $2', [BASE, BASE + ITEMS]);
    expect(rows[0].n).toBe(ITEMS * STORES);
  });
});
