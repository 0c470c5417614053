import { CartsPatterns } from '@hintakori/carts-contracts';
import { CartsModule } from '@hintakori/carts-service';
import { BasketSplitResult, ComparisonsPatterns, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { callService, ServiceCallError } from '@hintakori/platform-messaging';
import { IngestTopics, PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { lastValueFrom } from 'rxjs';
import { createTestDatabase, startServiceOverTransport, testConfig, TestDatabase, TransportKind } from '@hintakori/testing';

const transports: TransportKind[] = ['in-process', 'kafka'];

describe.each(transports)('message contracts over %s', (transport) => {
  let db: TestDatabase;
  let carts: Awaited<ReturnType<typeof startServiceOverTransport>>;
  let comparisons: Awaited<ReturnType<typeof startServiceOverTransport>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(
      db.url,
      transport === 'kafka' ? { HINTAKORI_PROFILE: 'distributed', KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:59092', REDIS_URL: 'redis://127.0.0.1:56379' } : {},
    );
    carts = await startServiceOverTransport('carts', CartsModule.forRoot(config), config);
    comparisons = await startServiceOverTransport('comparisons', ComparisonsModule.forRoot(config), config);
  });

  afterAll(async () => {
    await carts?.close();
    await comparisons?.close();
    await db?.drop();
  });

  it('answers a request with the same shape', async () => {
    const created = await callService<{ id: string }>(carts.client, CartsPatterns.AddItem, { cartId: 'NO_ID', itemId: 7, ownerId: 'owner-a' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    await callService(carts.client, CartsPatterns.Increment, { cartId: created.id, itemId: 7, ownerId: 'owner-a' });
    const cart = await callService<{ id: string; items: { itemId: number; quantity: number }[] }>(carts.client, CartsPatterns.Get, { cartId: created.id });
    expect(cart.items).toEqual([{ itemId: 7, quantity: 2 }]);
  });

  it('carries a handler error back as its status and message', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const error = await callService(carts.client, CartsPatterns.Get, { cartId: missing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceCallError);
    expect((error as ServiceCallError).statusCode).toBe(404);
    expect((error as ServiceCallError).message).toContain(missing);
  });

  it('delivers price events to the comparisons projection', async () => {
    const observedAt = new Date().toISOString();
    const events: PriceObservedEvent[] = [
      { itemId: 1, storeId: 10, price: 199, comparisonPrice: 199, priceUnit: 'kpl', comparisonPriceUnit: 'l', isCampaign: false, observedAt, source: 'test' },
      { itemId: 1, storeId: 11, price: 149, comparisonPrice: 149, priceUnit: 'kpl', comparisonPriceUnit: 'l', isCampaign: false, observedAt, source: 'test' },
    ];
    const deadline = Date.now() + 60000;
    let totals: StoreTotalsResult = {};
    while (Date.now() < deadline) {
      // Replays change nothing, so publishing again until the consumer group has joined is safe.
      for (const event of events) await lastValueFrom(comparisons.publisher.emit(IngestTopics.PricesObserved, { key: String(event.itemId), value: event }));
      totals = await callService<StoreTotalsResult>(comparisons.client, ComparisonsPatterns.StoreTotals, { storeIds: [10, 11], lines: [{ itemId: 1, quantity: 2 }] });
      if (totals['10']?.total === 398 && totals['11']?.total === 298) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(totals['10']).toMatchObject({ total: 398, cheapest: false });
    expect(totals['11']).toMatchObject({ total: 298, cheapest: true });
  });

  it('answers a basket split with the same shape, and refuses a bad one with 400', async () => {
    // Prices of item 1 in stores 10 and 11 come from the test above.
    const split = await callService<BasketSplitResult>(comparisons.client, ComparisonsPatterns.Split, {
      storeIds: [10, 11],
      lines: [{ itemId: 1, quantity: 2 }],
      maxStores: 2,
      costPerKmCents: 25,
    });
    expect(split).toEqual({
      stores: [11],
      lines: [{ itemId: 1, quantity: 2, storeId: 11, price: 149, isEstimated: false, lineTotal: 298 }],
      total: 298,
      cheapestSingleStore: { storeId: 11, total: 298 },
      saving: 0,
      worthIt: false,
    });
    const error = await callService(comparisons.client, ComparisonsPatterns.Split, { storeIds: [10], lines: [], maxStores: 5 }).catch((e: unknown) => e);
    expect((error as ServiceCallError).statusCode).toBe(400);
    expect((error as ServiceCallError).message).toContain('maxStores');
  });
});
