import { CatalogPatterns, ItemDto } from '@hintakori/catalog-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { CatalogModule } from '../catalog.module';
import { StoreFreshnessProjection } from './store-freshness.projection';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { StorePriceProjection } from './store-price.projection';

const FIRST = '2025-03-01T10:00:00.000Z';
const RUN_2 = '2025-03-20T06:00:00.000Z';
const RUN_3 = '2025-04-10T06:00:00.000Z';

const observation = (itemId: number, storeId: number, overrides: Partial<PriceObservation> = {}): PriceObservation => ({
  itemId,
  storeId,
  price: 199,
  comparisonPrice: null,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kpl',
  isCampaign: false,
  observedAt: FIRST,
  source: 's-group',
  ...overrides,
});

describe('StoreFreshnessProjection (integration): price age from the stores’ feed runs', () => {
  let db: TestDatabase;
  let service: TestService;
  let prices: StorePriceProjection;
  let freshness: StoreFreshnessProjection;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
    prices = service.app.get(StorePriceProjection);
    freshness = service.app.get(StoreFreshnessProjection);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query(`INSERT INTO catalog.items (id, name, url_slug) VALUES (1, 'Maito 1 l', 'maito-1-l'), (2, 'Voi 500 g', 'voi-500-g'), (3, 'Leipä', 'leipa')`);
    await client.end();
    await prices.applyPriceObservations([observation(1, 1), observation(2, 1), observation(3, 1, { source: 'open-prices' }), observation(1, 2)]);
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const ages = async (itemId: number) => {
    const item = await firstValueFrom(service.client.send<ItemDto>(CatalogPatterns.GetItem, { id: itemId, storeIds: [1, 2] }));
    return Object.fromEntries(item.storeItems.map((p) => [p.storeId, p.updatedAt]));
  };

  it('a run that saw a store freshens its source’s prices there; one it no longer had, another source’s and another store’s keep their age', async () => {
    await freshness.applyRun({ runId: '2', source: 's-group', seen: { at: RUN_2, stores: [{ storeId: 1, unlisted: [2] }] } });
    expect(await ages(1)).toEqual({ 1: RUN_2, 2: FIRST });
    expect(await ages(2)).toEqual({ 1: FIRST });
    expect(await ages(3)).toEqual({ 1: FIRST });
  });

  it('a replayed or older run changes nothing', async () => {
    await freshness.applyRun({ runId: '2', source: 's-group', seen: { at: RUN_2, stores: [{ storeId: 1, unlisted: [2] }] } });
    await freshness.applyRun({ runId: '1', source: 's-group', seen: { at: FIRST, stores: [{ storeId: 1, unlisted: [1] }] } });
    expect(await ages(1)).toEqual({ 1: RUN_2, 2: FIRST });
  });

  it('an unlisted price observed again (even at its old time) is freshened by the next run again', async () => {
    await prices.applyPriceObservations([observation(2, 1)]);
    await freshness.applyRun({ runId: '3', source: 's-group', seen: { at: RUN_3, stores: [{ storeId: 1, unlisted: [] }] } });
    expect(await ages(2)).toEqual({ 1: RUN_3 });
    expect(await ages(1)).toEqual({ 1: RUN_3, 2: FIRST });
  });
});
