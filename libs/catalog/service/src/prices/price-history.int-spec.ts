import { CatalogPatterns, ItemDto, ItemHistoryDto } from '@hintakori/catalog-contracts';
import { ServiceCallError, callService } from '@hintakori/platform-messaging';
import { IngestTopics, PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { lastValueFrom } from 'rxjs';
import { CatalogModule } from '../catalog.module';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { StorePriceProjection } from './store-price.projection';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
/** `days` days ago (fractional allowed), as ISO. */
const ago = (days: number) => new Date(now - days * DAY).toISOString();

function obs(itemId: number, storeId: number, price: number, observedAt: string, isCampaign = false): PriceObservation {
  return { itemId, storeId, price, comparisonPrice: price * 2, priceUnit: 'kpl', comparisonPriceUnit: 'kg', isCampaign, observedAt };
}

describe('price history (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let projection: StorePriceProjection;
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url), { seedFromFeed: false }));
    projection = service.app.get(StorePriceProjection);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`INSERT INTO catalog.items (id, name, url_slug) SELECT g, 'Tuote ' || g, 'tuote-' || g FROM generate_series(1, 20) g`);
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  /** Both projected tables of one item, in a stable order. */
  async function state(itemId: number) {
    const prices = await sql.query('SELECT * FROM catalog.store_prices WHERE item_id = $1 ORDER BY store_id', [itemId]);
    const history = await sql.query('SELECT * FROM catalog.price_history WHERE item_id = $1 ORDER BY store_id, valid_from', [itemId]);
    return { prices: prices.rows, history: history.rows };
  }

  const history = (itemId: number, storeIds: number[]) => callService<ItemHistoryDto>(service.client, CatalogPatterns.ItemHistory, { itemId, storeIds });

  it('keeps every change as a period and only moves the confirmation time while the price stays', async () => {
    await projection.applyPriceObservations([obs(1, 1, 199, ago(10))]);
    await projection.applyPriceObservations([obs(1, 1, 199, ago(9))]); // confirmed, unchanged
    await projection.applyPriceObservations([obs(1, 1, 149, ago(8), true)]); // campaign starts
    await projection.applyPriceObservations([obs(1, 1, 149, ago(7), true)]);
    await projection.applyPriceObservations([obs(1, 1, 209, ago(6))]);
    await projection.applyPriceObservations([obs(1, 1, 209, ago(5))]);

    const answer = await history(1, [1]);
    expect(answer).toEqual({
      itemId: 1,
      stores: [
        {
          storeId: 1,
          periods: [
            { from: ago(10), to: ago(8), price: 199, isCampaign: false },
            { from: ago(8), to: ago(6), price: 149, isCampaign: true },
            { from: ago(6), to: null, price: 209, isCampaign: false },
          ],
          lowest30Days: 149,
        },
      ],
    });
    const item = await callService<ItemDto>(service.client, CatalogPatterns.GetItem, { id: 1, storeIds: [1] });
    expect(item.storeItems[0]).toMatchObject({ price: 209, updatedAt: ago(5) });
  });

  it('changes nothing when the same observations come again, or older ones arrive late', async () => {
    const batch = [obs(2, 1, 300, ago(4)), obs(2, 1, 280, ago(3)), obs(2, 2, 310, ago(3)), obs(2, 1, 280, ago(2))];
    expect(await projection.applyPriceObservations(batch)).toBe(2);
    const before = await state(2);
    expect(before.history).toHaveLength(3);

    expect(await projection.applyPriceObservations(batch)).toBe(0);
    expect(await projection.applyPriceObservations([...batch].reverse())).toBe(0);
    // Older than the last confirmation, with a price never seen: still nothing.
    expect(await projection.applyPriceObservations([obs(2, 1, 1, ago(3.5)), obs(2, 2, 999, ago(3.5))])).toBe(0);
    expect(await state(2)).toEqual(before);
  });

  it('orders a batch by time whatever its order, keeps the first of equal times, and skips repeats', async () => {
    const changed = await projection.applyPriceObservations([
      obs(3, 1, 120, ago(1)),
      obs(3, 1, 100, ago(3)),
      obs(3, 1, 100, ago(3)),
      obs(3, 1, 555, ago(3)), // same time as an earlier row of this batch: the first one seen wins
      obs(3, 1, 110, ago(2)),
      obs(3, 1, 110, ago(2)),
    ]);
    expect(changed).toBe(1);
    const { stores } = await history(3, [1]);
    expect(stores[0].periods).toEqual([
      { from: ago(3), to: ago(2), price: 100, isCampaign: false },
      { from: ago(2), to: ago(1), price: 110, isCampaign: false },
      { from: ago(1), to: null, price: 120, isCampaign: false },
    ]);
  });

  it('continues a history across batches, closing the open period exactly once', async () => {
    await projection.applyPriceObservations([obs(4, 1, 500, ago(40)), obs(4, 1, 450, ago(35))]);
    await projection.applyPriceObservations([obs(4, 1, 450, ago(20)), obs(4, 1, 480, ago(10))]);
    await projection.applyPriceObservations([obs(4, 1, 450, ago(20)), obs(4, 1, 480, ago(10))]);
    const { stores } = await history(4, [1]);
    expect(stores[0].periods).toEqual([
      { from: ago(40), to: ago(35), price: 500, isCampaign: false },
      { from: ago(35), to: ago(10), price: 450, isCampaign: false },
      { from: ago(10), to: null, price: 480, isCampaign: false },
    ]);
    // 500 ended 35 days ago: outside the window. 450 was in effect until 10 days ago: inside.
    expect(stores[0].lowest30Days).toBe(450);
  });

  it('answers stores in the order asked, including stores without data', async () => {
    await projection.applyPriceObservations([obs(5, 7, 700, ago(50)), obs(5, 8, 800, ago(1))]);
    const answer = await history(5, [8, 9, 7]);
    expect(answer.stores.map((s) => [s.storeId, s.periods.length, s.lowest30Days])).toEqual([
      [8, 1, 800],
      [9, 0, null],
      [7, 1, 700], // still current, so in effect during the last 30 days
    ]);
    expect(await history(5, [])).toEqual({ itemId: 5, stores: [] });
  });

  it('answers 404 for an unknown item and 400 for bad input', async () => {
    const unknown = await history(999, [1]).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ServiceCallError);
    expect((unknown as ServiceCallError).statusCode).toBe(404);
    expect((unknown as ServiceCallError).message).toBe('Item 999 not found');
    for (const payload of [
      { itemId: 'x', storeIds: [1] },
      { itemId: 1, storeIds: [0] },
      { itemId: 1, storeIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      { itemId: -1 },
    ]) {
      const error = await callService(service.client, CatalogPatterns.ItemHistory, payload).catch((e: unknown) => e);
      expect((error as ServiceCallError).statusCode).toBe(400);
    }
  });

  it('projects prices.observed events delivered in-process, skipping malformed ones', async () => {
    const event = (storeId: number, price: number, observedAt: string): PriceObservedEvent => ({
      itemId: 6,
      storeId,
      price,
      comparisonPrice: null,
      priceUnit: 'kpl',
      comparisonPriceUnit: 'kg',
      isCampaign: false,
      observedAt,
      source: 'test',
    });
    const message = [event(1, 250, ago(2)), { ...event(2, 260, ago(2)), price: -5 }, { nonsense: true }, event(3, 270, ago(2)), { ...event(4, 1, ago(-3)) }];
    await lastValueFrom(service.client.emit(IngestTopics.PricesObserved, message), { defaultValue: undefined });
    await lastValueFrom(service.client.emit(IngestTopics.PricesObserved, event(1, 240, ago(1))), { defaultValue: undefined });
    const before = await state(6);
    expect(before.prices.map((p) => [p.store_id, p.price])).toEqual([
      [1, 240],
      [3, 270],
    ]);
    expect(before.history).toHaveLength(3);
    await lastValueFrom(service.client.emit(IngestTopics.PricesObserved, message), { defaultValue: undefined });
    expect(await state(6)).toEqual(before);
  });
});
