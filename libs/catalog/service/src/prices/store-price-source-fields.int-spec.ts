import { CatalogPatterns, type ItemDto, type StoreItemDto } from '@hintakori/catalog-contracts';
import { encodePriceObservedBatch, IngestTopics, type PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, startTestService, testConfig, type TestDatabase, type TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { CatalogModule } from '../catalog.module';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
/** `days` days ago (fractional allowed), as canonical ISO. */
const ago = (days: number) => new Date(now - days * DAY).toISOString();
/** Midnight in Helsinki at the end of a day `days` days from now, as a chain's shop would give it (with its offset). */
const endsIn = (days: number) => `${new Date(now + days * DAY).toISOString().slice(0, 10)}T23:59:59+02:00`;
const utc = (text: string) => new Date(text).toISOString();

/**
 * What a chain's own shop says beside a price (when a campaign ends, its own lowest price of the 30 days before), from
 * `prices.observed` delivered in-process to the catalog's `storeItems[]`: kept with the price, beside catalog's own
 * computed 30-day low, replaced by each newer observation (cleared by one without them), never by an older one.
 */
describe('a campaign end and the shop’s own 30-day low on store prices (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let sql: Client;

  const event = (storeId: number, price: number, observedAt: string, extra: Partial<PriceObservedEvent> = {}): PriceObservedEvent => ({
    itemId: 1,
    storeId,
    price,
    comparisonPrice: price * 2,
    priceUnit: 'kpl',
    comparisonPriceUnit: 'kg',
    isCampaign: false,
    observedAt,
    source: 's-kaupat',
    ...extra,
  });
  const emit = (message: unknown) => lastValueFrom(service.client.emit(IngestTopics.PricesObserved, message), { defaultValue: undefined });
  const storeItems = async (storeIds: number[]): Promise<StoreItemDto[]> =>
    (await firstValueFrom(service.client.send<ItemDto>(CatalogPatterns.GetItem, { id: 1, storeIds }))).storeItems;
  const columns = async (storeId: number) =>
    (
      await sql.query(
        `SELECT to_char(campaign_ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "endsAt", source_lowest_30d AS "sourceLowest"
         FROM catalog.store_prices WHERE item_id = 1 AND store_id = $1`,
        [storeId],
      )
    ).rows[0];

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url), { seedFromFeed: false }));
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`INSERT INTO catalog.items (id, name, url_slug) VALUES (1, 'Kahvi 500 g', 'kahvi-500-g')`);
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  it('answers both on the price of the store whose shop gave them, beside catalog’s own 30-day low, and neither elsewhere', async () => {
    // A regular price first, so that catalog has its own 30-day low when the campaign starts.
    await emit([event(1, 599, ago(10)), event(2, 589, ago(10))]);
    const ends = endsIn(5);
    // The batch form the Kafka producer sends: the shared campaign end once, the shop's lows as a column.
    await emit(
      encodePriceObservedBatch([
        event(1, 449, ago(1), { isCampaign: true, regularPrice: 599, campaignEndsAt: ends, sourceLowest30d: 549 }),
        event(2, 589, ago(1)),
        event(3, 479, ago(1), { isCampaign: true, campaignEndsAt: ends }),
      ]),
    );
    const [first, second, third] = await storeItems([1, 2, 3]);
    expect(first).toMatchObject({ storeId: 1, price: 449, isCampaign: true, regularPrice: 599, lowestPrice30d: 599, campaignEndsAt: utc(ends), sourceLowest30d: 549, source: 's-kaupat' });
    expect(second).toMatchObject({ storeId: 2, price: 589, isCampaign: false });
    expect(second).not.toHaveProperty('campaignEndsAt');
    expect(second).not.toHaveProperty('sourceLowest30d');
    expect(third).toMatchObject({ storeId: 3, price: 479, isCampaign: true, lowestPrice30d: null, campaignEndsAt: utc(ends) });
    expect(third).not.toHaveProperty('sourceLowest30d');
    expect(await columns(1)).toEqual({ endsAt: utc(ends).replace('.000Z', 'Z'), sourceLowest: 549 });
  });

  it('takes a newer change of only the campaign end or the shop’s low, and leaves the price history to the prices', async () => {
    const later = endsIn(12);
    await emit([event(1, 449, ago(0.5), { isCampaign: true, regularPrice: 599, campaignEndsAt: later, sourceLowest30d: 529 })]);
    const [price] = await storeItems([1]);
    expect(price).toMatchObject({ price: 449, campaignEndsAt: utc(later), sourceLowest30d: 529, lowestPrice30d: 599 });
    // The same price and campaign: still one period since the campaign started.
    const { rows } = await sql.query('SELECT price FROM catalog.price_history WHERE item_id = 1 AND store_id = 1 ORDER BY valid_from', []);
    expect(rows).toEqual([{ price: 599 }, { price: 449 }]);
  });

  it('keeps them against an older observation arriving late, and skips an event whose campaign end is no time', async () => {
    await emit([event(1, 449, ago(0.75), { isCampaign: true, campaignEndsAt: endsIn(2), sourceLowest30d: 1 })]);
    await emit([event(1, 449, ago(0.25), { isCampaign: true, campaignEndsAt: 'ensi viikkoon asti', sourceLowest30d: 2 })]);
    expect((await storeItems([1]))[0]).toMatchObject({ campaignEndsAt: utc(endsIn(12)), sourceLowest30d: 529 });
  });

  it('clears both when a later observation of the price comes without them', async () => {
    await emit(encodePriceObservedBatch([event(1, 599, ago(0.1)), event(3, 479, ago(0.1), { isCampaign: true, campaignEndsAt: null, sourceLowest30d: null })]));
    const [first, third] = await storeItems([1, 3]);
    expect(first).toMatchObject({ price: 599, isCampaign: false });
    for (const price of [first, third]) {
      expect(price).not.toHaveProperty('campaignEndsAt');
      expect(price).not.toHaveProperty('sourceLowest30d');
    }
    expect(await columns(1)).toEqual({ endsAt: null, sourceLowest: null });
    expect(await columns(3)).toEqual({ endsAt: null, sourceLowest: null });
  });
});
