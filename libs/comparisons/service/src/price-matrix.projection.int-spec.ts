import { BasketLine, ComparisonsPatterns } from '@hintakori/comparisons-contracts';
import { IngestTopics, PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { ComparisonsModule } from './comparisons.module';
import { PriceMatrixProjection } from './price-matrix.projection';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';

const observation = (itemId: number, storeId: number, price: number, observedAt: string, extra: Partial<PriceObservation> = {}): PriceObservation => ({
  itemId,
  storeId,
  price,
  comparisonPrice: price * 4,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kg',
  isCampaign: false,
  observedAt,
  ...extra,
});

const event = (itemId: number, storeId: number, price: number, observedAt: string): PriceObservedEvent => ({
  ...observation(itemId, storeId, price, observedAt),
  source: 'test-feed',
});

interface MatrixRow {
  price: number;
  comparison_price: number | null;
  is_campaign: boolean;
  observed_at: Date;
}

describe('price matrix projection', () => {
  let db: TestDatabase;
  let service: TestService;
  let projection: PriceMatrixProjection;
  let sql: Client;

  const rowOf = async (itemId: number, storeId: number): Promise<MatrixRow | undefined> => {
    const { rows } = await sql.query<MatrixRow>(
      'SELECT price, comparison_price, is_campaign, observed_at FROM comparisons.price_matrix WHERE item_id = $1 AND store_id = $2',
      [itemId, storeId],
    );
    return rows[0];
  };

  const basketPrice = async (itemId: number, storeId: number) => {
    const [line] = await firstValueFrom(
      service.client.send<BasketLine[]>(ComparisonsPatterns.Basket, { storeIds: [storeId], lines: [{ itemId, quantity: 1 }] }),
    );
    return line.storeItems[0];
  };

  /** Events are fire-and-forget; wait until the projection has caught up. */
  const eventually = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(ComparisonsModule.forRoot(testConfig(db.url)));
    projection = service.app.get(PriceMatrixProjection);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  it('inserts a first observation and serves it to comparisons', async () => {
    expect(await projection.applyPriceObservations([observation(1, 1, 250, '2025-11-20T08:00:00.000Z', { isCampaign: true })])).toBe(1);
    expect(await basketPrice(1, 1)).toMatchObject({ price: 250, comparisonPrice: 1000, isEstimated: false, updatedAt: '2025-11-20T08:00:00.000Z' });
    expect(await rowOf(1, 1)).toMatchObject({ is_campaign: true });
  });

  it('lets a newer observation win', async () => {
    expect(await projection.applyPriceObservations([observation(1, 1, 199, '2025-11-21T08:00:00.000Z')])).toBe(1);
    expect(await basketPrice(1, 1)).toMatchObject({ price: 199, comparisonPrice: 796, updatedAt: '2025-11-21T08:00:00.000Z' });
    expect(await rowOf(1, 1)).toMatchObject({ is_campaign: false });
  });

  it('ignores an older observation', async () => {
    expect(await projection.applyPriceObservations([observation(1, 1, 999, '2025-11-19T08:00:00.000Z')])).toBe(0);
    expect(await basketPrice(1, 1)).toMatchObject({ price: 199, updatedAt: '2025-11-21T08:00:00.000Z' });
  });

  it('changes nothing on a replay, even one carrying a different price at the same time', async () => {
    const before = await rowOf(1, 1);
    expect(await projection.applyPriceObservations([observation(1, 1, 199, '2025-11-21T08:00:00.000Z')])).toBe(0);
    expect(await projection.applyPriceObservations([observation(1, 1, 555, '2025-11-21T08:00:00.000Z')])).toBe(0);
    expect(await rowOf(1, 1)).toEqual(before);
  });

  it('applies a batch with repeated cells, keeping the newest of each', async () => {
    const applied = await projection.applyPriceObservations([
      observation(2, 1, 100, '2025-11-20T08:00:00.000Z'),
      observation(2, 1, 130, '2025-11-22T08:00:00.000Z'),
      observation(2, 1, 110, '2025-11-21T08:00:00.000Z'),
      observation(2, 2, 140, '2025-11-21T08:00:00.000Z'),
    ]);
    expect(applied).toBe(2);
    expect((await rowOf(2, 1))?.price).toBe(130);
    expect((await rowOf(2, 2))?.price).toBe(140);
  });

  it('applies more rows than one batch holds', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => observation(10_000 + Math.floor(i / 10), (i % 10) + 1, 100 + i, '2025-11-20T08:00:00.000Z'));
    expect(await projection.applyPriceObservations(rows)).toBe(12_000);
    expect((await rowOf(11_199, 10))?.price).toBe(100 + 11_999);
  });

  describe('prices.observed consumer', () => {
    it('applies an array of events, skipping malformed ones', async () => {
      await firstValueFrom(
        service.client.emit(IngestTopics.PricesObserved, [
          event(3, 1, 300, '2025-11-20T08:00:00.000Z'),
          { itemId: 3, storeId: 2, price: 'free' },
          event(3, 3, 320, '2025-11-20T09:00:00.000Z'),
        ]),
        { defaultValue: undefined },
      );
      await eventually(async () => (await rowOf(3, 3)) !== undefined);
      expect((await rowOf(3, 1))?.price).toBe(300);
      expect(await rowOf(3, 2)).toBeUndefined();
      // The price cache follows the table by its notifications, delivered to its own connection a moment after the commit.
      const totalsOf = () => firstValueFrom(service.client.send<Record<string, { total: number }>>(ComparisonsPatterns.StoreTotals, { storeIds: [1, 2, 3], lines: [{ itemId: 3, quantity: 2 }] }));
      await eventually(async () => (await totalsOf())['3']?.total === 640);
      // Store 2 has no price: estimated at the average of 300 and 320.
      expect(await totalsOf()).toMatchObject({ '1': { total: 600, cheapest: true }, '2': { total: 620, estimatedCount: 1 }, '3': { total: 640 } });
    });

    it('applies a single event and keeps newer-wins semantics', async () => {
      await firstValueFrom(service.client.emit(IngestTopics.PricesObserved, event(3, 1, 280, '2025-11-21T08:00:00.000Z')), { defaultValue: undefined });
      await eventually(async () => (await rowOf(3, 1))?.price === 280);
      await firstValueFrom(service.client.emit(IngestTopics.PricesObserved, event(3, 1, 999, '2025-11-19T08:00:00.000Z')), { defaultValue: undefined });
      await firstValueFrom(service.client.emit(IngestTopics.PricesObserved, event(4, 1, 50, '2025-11-21T08:00:00.000Z')), { defaultValue: undefined });
      await eventually(async () => (await rowOf(4, 1)) !== undefined);
      expect((await rowOf(3, 1))?.price).toBe(280);
    });
  });

  it('stores the till terms of an observation, replaces them with a newer one and changes nothing on a replay', async () => {
    const termed = observation(5000, 1, 250, '2026-04-01T00:00:00.000Z', {
      isCampaign: true,
      regularPrice: 300,
      campaignStartsAt: '2026-04-01T00:00:00.000Z',
      campaignEndsAt: '2026-04-30T20:59:59.000Z',
      memberPrice: { card: 'k-plussa', price: 220 },
      multibuy: { quantity: 3, price: 600 },
    });
    const weighed = observation(5001, 1, 1290, '2026-04-01T00:00:00.000Z', { priceUnit: 'kg', averageWeightGrams: 180 });
    expect(await projection.applyPriceObservations([termed, weighed])).toBe(2);
    const termsOf = async (itemId: number) =>
      (
        await sql.query(
          `SELECT regular_price, campaign_starts_at, campaign_ends_at, member_card, member_price, multibuy_quantity, multibuy_price, average_weight_grams
             FROM comparisons.price_matrix WHERE item_id = $1 AND store_id = 1`,
          [itemId],
        )
      ).rows[0];
    const stored = await termsOf(5000);
    expect(stored).toEqual({
      regular_price: 300,
      campaign_starts_at: new Date('2026-04-01T00:00:00.000Z'),
      campaign_ends_at: new Date('2026-04-30T20:59:59.000Z'),
      member_card: 'k-plussa',
      member_price: 220,
      multibuy_quantity: 3,
      multibuy_price: 600,
      average_weight_grams: null,
    });
    expect((await termsOf(5001)).average_weight_grams).toBe(180);
    // A replay of the same observations changes nothing.
    expect(await projection.applyPriceObservations([termed, weighed])).toBe(0);
    expect(await termsOf(5000)).toEqual(stored);
    // An older observation without terms changes nothing either; a newer one replaces the terms (here: none).
    expect(await projection.applyPriceObservations([observation(5000, 1, 300, '2026-03-01T00:00:00.000Z')])).toBe(0);
    expect(await projection.applyPriceObservations([observation(5000, 1, 300, '2026-04-02T00:00:00.000Z')])).toBe(1);
    expect(await termsOf(5000)).toEqual({
      regular_price: null,
      campaign_starts_at: null,
      campaign_ends_at: null,
      member_card: null,
      member_price: null,
      multibuy_quantity: null,
      multibuy_price: null,
      average_weight_grams: null,
    });
  });
});
