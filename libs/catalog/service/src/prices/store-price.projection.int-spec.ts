import { CatalogPatterns, ItemDto, StoreItemDto } from '@hintakori/catalog-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { CatalogModule } from '../catalog.module';
import { IngestTopics, MAX_UNIT_LENGTH, type PriceObservation } from '@hintakori/price-ingest-contracts';
import { StorePriceProjection } from './store-price.projection';

function observation(overrides: Partial<PriceObservation>): PriceObservation {
  return {
    itemId: 1,
    storeId: 1,
    price: 199,
    comparisonPrice: 199,
    priceUnit: 'kpl',
    comparisonPriceUnit: 'l',
    isCampaign: false,
    observedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('StorePriceProjection (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let projection: StorePriceProjection;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
    projection = service.app.get(StorePriceProjection);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query(`INSERT INTO catalog.items (id, name, url_slug) VALUES (1, 'Maito 1 l', 'maito-1-l'), (2, 'Voi 500 g', 'voi-500-g')`);
    await client.end();
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  async function pricesOf(itemId: number, storeIds: number[]): Promise<StoreItemDto[]> {
    const item = await firstValueFrom(service.client.send<ItemDto>(CatalogPatterns.GetItem, { id: itemId, storeIds }));
    return item.storeItems;
  }

  it('stores new observations and shows them as the current price', async () => {
    const changed = await projection.applyPriceObservations([
      observation({ storeId: 1, price: 199 }),
      observation({ storeId: 2, price: 209, comparisonPrice: null, isCampaign: true }),
    ]);
    expect(changed).toBe(2);
    expect(await pricesOf(1, [1, 2])).toEqual([
      { storeId: 1, price: 199, comparisonPrice: 199, priceUnit: 'kpl', comparisonPriceUnit: 'l', isEstimated: false, updatedAt: '2025-03-01T10:00:00.000Z', isCampaign: false, lowestPrice30d: null, source: null, deposit: null },
      { storeId: 2, price: 209, comparisonPrice: null, priceUnit: 'kpl', comparisonPriceUnit: 'l', isEstimated: false, updatedAt: '2025-03-01T10:00:00.000Z', isCampaign: true, lowestPrice30d: null, source: null, deposit: null },
    ]);
  });

  it('replaces a price only with a newer observation; an older one arriving late changes nothing', async () => {
    expect(await projection.applyPriceObservations([observation({ storeId: 1, price: 149, observedAt: '2025-02-28T10:00:00.000Z' })])).toBe(0);
    expect((await pricesOf(1, [1]))[0]).toMatchObject({ price: 199, updatedAt: '2025-03-01T10:00:00.000Z' });

    expect(await projection.applyPriceObservations([observation({ storeId: 1, price: 179, observedAt: '2025-03-02T06:30:00.000Z' })])).toBe(1);
    expect((await pricesOf(1, [1]))[0]).toMatchObject({ price: 179, updatedAt: '2025-03-02T06:30:00.000Z' });
  });

  it('changes nothing when a batch is replayed', async () => {
    const batch = [
      observation({ itemId: 2, storeId: 1, price: 389, observedAt: '2025-03-03T08:00:00.000Z' }),
      observation({ itemId: 2, storeId: 3, price: 399, observedAt: '2025-03-03T08:00:00.000Z' }),
    ];
    expect(await projection.applyPriceObservations(batch)).toBe(2);
    const before = await pricesOf(2, [1, 3]);
    expect(await projection.applyPriceObservations(batch)).toBe(0);
    expect(await pricesOf(2, [1, 3])).toEqual(before);
    // Same time, different price (a replay carrying another value) does not win either: only newer does.
    expect(await projection.applyPriceObservations([observation({ itemId: 2, storeId: 1, price: 1, observedAt: '2025-03-03T08:00:00.000Z' })])).toBe(0);
    expect((await pricesOf(2, [1]))[0].price).toBe(389);
  });

  it('keeps the newest of several observations of the same price in one batch, whatever their order', async () => {
    const changed = await projection.applyPriceObservations([
      observation({ itemId: 2, storeId: 4, price: 420, observedAt: '2025-03-04T12:00:00.000Z' }),
      observation({ itemId: 2, storeId: 4, price: 450, observedAt: '2025-03-04T15:00:00.000Z' }),
      observation({ itemId: 2, storeId: 4, price: 410, observedAt: '2025-03-04T09:00:00.000Z' }),
    ]);
    expect(changed).toBe(1);
    expect((await pricesOf(2, [4]))[0]).toMatchObject({ price: 450, updatedAt: '2025-03-04T15:00:00.000Z' });
  });

  it('skips malformed observations of a prices.observed delivery (checked once, by the contract) and applies the rest', async () => {
    const events = [
      observation({ itemId: 2, storeId: 5, price: 1.5 }),
      observation({ itemId: 2, storeId: 6, observedAt: 'yesterday' }),
      observation({ itemId: 2, storeId: 8, priceUnit: 'x'.repeat(MAX_UNIT_LENGTH + 1) }),
      observation({ itemId: 2, storeId: 7, price: 333 }),
    ];
    await lastValueFrom(service.client.emit(IngestTopics.PricesObserved, events), { defaultValue: undefined });
    expect((await pricesOf(2, [5, 6, 7, 8])).map((p) => p.storeId)).toEqual([7]);
  });

  it('applies batches larger than one chunk', async () => {
    const rows = Array.from({ length: 12_001 }, (_, i) => observation({ itemId: 1, storeId: 1000 + i, price: 100 + (i % 50) }));
    expect(await projection.applyPriceObservations(rows)).toBe(12_001);
    expect((await pricesOf(1, [13_000]))[0].price).toBe(100 + (12_000 % 50));
  });
});
