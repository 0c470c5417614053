import { ComparisonsPatterns, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { ComparisonsModule, ComparisonsService } from '@hintakori/comparisons-service';
import { callService } from '@hintakori/platform-messaging';
import { IngestTopics, PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { lastValueFrom } from 'rxjs';
import { createTestDatabase, startServiceOverTransport, testConfig, TestDatabase } from '@hintakori/testing';

/**
 * Two comparisons processes in one Kafka consumer group, as `STACK_REPLICAS_COMPARISONS=2` and the Helm chart's
 * replicas run them: the request topic's partitions are split between them, each request is handled by exactly one,
 * and every caller gets its own answer back.
 */
const STORES = [10, 11];
const ITEMS = 20;
const priceOf = (itemId: number, storeId: number) => 100 + itemId * 10 + (storeId === 10 ? 5 : 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two comparisons replicas over real Kafka', () => {
  let db: TestDatabase;
  let replicas: Awaited<ReturnType<typeof startServiceOverTransport>>[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url, { HINTAKORI_PROFILE: 'distributed', KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:59092', REDIS_URL: 'redis://127.0.0.1:56379' });
    replicas = [
      await startServiceOverTransport('comparisons', ComparisonsModule.forRoot(config), config),
      await startServiceOverTransport('comparisons', ComparisonsModule.forRoot(config), config),
    ];
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await db?.drop();
  });

  it('share the requests: each is handled once, by one of the two, and answered with its own totals', async () => {
    const [first, second] = replicas;
    const observedAt = new Date().toISOString();
    const events: PriceObservedEvent[] = [];
    for (let itemId = 1; itemId <= ITEMS; itemId++) {
      for (const storeId of STORES) {
        const price = priceOf(itemId, storeId);
        events.push({ itemId, storeId, price, comparisonPrice: price, priceUnit: 'kpl', comparisonPriceUnit: 'kpl', isCampaign: false, observedAt, source: 'test' });
      }
    }
    const request = (n: number) => {
      const itemId = 1 + (n % ITEMS);
      const quantity = 1 + (n % 7);
      return { body: { storeIds: STORES, lines: [{ itemId, quantity }] }, expected: STORES.map((storeId) => quantity * priceOf(itemId, storeId)) };
    };
    const totalsOf = (result: StoreTotalsResult) => STORES.map((storeId) => result[String(storeId)]?.total);

    // Project the prices (one replica's consumer writes them; both replicas' caches follow the table), and wait
    // until both replicas have answered at least one call, i.e. the group has settled with two members.
    const handled = replicas.map((replica) => jest.spyOn(replica.app.get(ComparisonsService), 'storeTotals'));
    const deadline = Date.now() + 90_000;
    let settled = false;
    while (!settled && Date.now() < deadline) {
      // Replays change nothing, so publishing again until the projection's consumer group has joined is safe.
      for (const event of events) await lastValueFrom(first.publisher.emit(IngestTopics.PricesObserved, { key: String(event.itemId), value: event }));
      const probes = await Promise.all(Array.from({ length: 30 }, (_, n) => callService<StoreTotalsResult>(first.client, ComparisonsPatterns.StoreTotals, request(n).body).catch(() => undefined)));
      const allRight = probes.every((result, n) => result && JSON.stringify(totalsOf(result)) === JSON.stringify(request(n).expected));
      settled = allRight && handled.every((spy) => spy.mock.calls.length > 0);
      if (!settled) await sleep(1000);
    }
    expect(settled).toBe(true);

    // The measured round: 300 concurrent calls from both replicas' clients.
    for (const spy of handled) spy.mockClear();
    const calls = 300;
    const results = await Promise.all(
      Array.from({ length: calls }, (_, n) => callService<StoreTotalsResult>((n % 2 ? second : first).client, ComparisonsPatterns.StoreTotals, request(n).body)),
    );
    results.forEach((result, n) => expect(totalsOf(result)).toEqual(request(n).expected));
    const counts = handled.map((spy) => spy.mock.calls.length);
    expect(counts[0] + counts[1]).toBe(calls);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThan(0);
  });
});
