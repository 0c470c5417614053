import { CatalogPatterns, type ItemDto, type StoreItemDto } from '@hintakori/catalog-contracts';
import type { DemoPrice } from '@hintakori/demo-data';
import { encodePriceObservedBatch, IngestTopics, parsePriceObservedEvents, type PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, startTestService, testConfig, type TestDatabase, type TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { CatalogModule } from '../catalog.module';
import { demoObservation } from '@hintakori/demo-data';
import { StorePriceProjection } from './store-price.projection';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
/** `days` days ago (fractional allowed), as canonical ISO. */
const ago = (days: number) => new Date(now - days * DAY).toISOString();
/** Midnight in Helsinki starting a day `days` days from now, as a chain's shop would give it. */
const startsIn = (days: number) => `${new Date(now + days * DAY).toISOString().slice(0, 10)}T00:00:00+02:00`;
const utc = (text: string) => new Date(text).toISOString();
const TERMS = ['memberPrice', 'multibuy', 'campaignStartsAt', 'averageWeightGrams'] as const;

/**
 * The till terms of a price (issue 36: a member price, a multibuy, a campaign's start, a weighed good's average
 * weight), from `prices.observed` delivered in-process (and from a demo price) to the catalog's `storeItems[]`: kept
 * with the price, each absent where the source gave none, replaced by each newer observation, and a replay of the
 * same observations changes nothing. The price history keeps the observed price only.
 */
describe('till terms on store prices (integration)', () => {
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
    source: 'k-group',
    ...extra,
  });
  const emit = (message: unknown) => lastValueFrom(service.client.emit(IngestTopics.PricesObserved, message), { defaultValue: undefined });
  const storeItems = async (storeIds: number[], id = 1): Promise<StoreItemDto[]> =>
    (await firstValueFrom(service.client.send<ItemDto>(CatalogPatterns.GetItem, { id, storeIds }))).storeItems;
  const tables = async () => ({
    prices: (await sql.query('SELECT * FROM catalog.store_prices ORDER BY item_id, store_id')).rows,
    history: (await sql.query('SELECT * FROM catalog.price_history ORDER BY item_id, store_id, valid_from')).rows,
  });

  const ends = `${new Date(now + 6 * DAY).toISOString().slice(0, 10)}T23:59:59+02:00`;
  const starts = startsIn(-1);
  const observations = (): PriceObservedEvent[] => [
    event(1, 449, ago(1), { isCampaign: true, regularPrice: 599, campaignStartsAt: starts, campaignEndsAt: ends, memberPrice: { card: 'k-plussa', price: 399 } }),
    event(2, 250, ago(1), { multibuy: { quantity: 3, price: 600 } }),
    event(3, 1290, ago(1), { priceUnit: 'kg', comparisonPriceUnit: 'kg', averageWeightGrams: 180 }),
    event(4, 589, ago(1)),
  ];

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url), { seedFromFeed: false }));
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`INSERT INTO catalog.items (id, name, url_slug) VALUES (1, 'Kahvi 500 g', 'kahvi-500-g'), (2, 'Banaani', 'banaani')`);
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  it('answers each term on the price of the store whose source gave it, and none elsewhere', async () => {
    // The batch form the Kafka producer sends.
    await emit(encodePriceObservedBatch(observations()));
    const [member, multibuy, weighed, plain] = await storeItems([1, 2, 3, 4]);
    expect(member).toMatchObject({
      storeId: 1,
      price: 449,
      isCampaign: true,
      regularPrice: 599,
      memberPrice: { card: 'k-plussa', price: 399 },
      campaignStartsAt: utc(starts),
      campaignEndsAt: utc(ends),
    });
    expect(member).not.toHaveProperty('multibuy');
    expect(member).not.toHaveProperty('averageWeightGrams');
    expect(multibuy).toMatchObject({ storeId: 2, price: 250, multibuy: { quantity: 3, price: 600 } });
    expect(weighed).toMatchObject({ storeId: 3, price: 1290, priceUnit: 'kg', averageWeightGrams: 180 });
    for (const field of TERMS) expect(plain).not.toHaveProperty(field);
    for (const field of ['memberPrice', 'campaignStartsAt']) {
      expect(multibuy).not.toHaveProperty(field);
      expect(weighed).not.toHaveProperty(field);
    }
    // The history keeps the observed price.
    const { rows } = await sql.query('SELECT store_id AS "storeId", price FROM catalog.price_history WHERE item_id = 1 ORDER BY store_id');
    expect(rows).toEqual([
      { storeId: 1, price: 449 },
      { storeId: 2, price: 250 },
      { storeId: 3, price: 1290 },
      { storeId: 4, price: 589 },
    ]);
  });

  it('changes nothing on a replay of the same observations, as one event each or as a batch', async () => {
    const before = await tables();
    await emit(observations());
    await emit(encodePriceObservedBatch(observations()));
    expect(await service.app.get(StorePriceProjection).applyPriceObservations(parsePriceObservedEvents(observations()).observations)).toBe(0);
    expect(await tables()).toEqual(before);
  });

  it('keeps the terms against an older observation arriving late, and replaces or clears them with a newer one', async () => {
    await emit([event(1, 449, ago(2), { isCampaign: true, regularPrice: 599, memberPrice: { card: 'lidl-plus', price: 1 } })]);
    expect((await storeItems([1]))[0]).toMatchObject({ memberPrice: { card: 'k-plussa', price: 399 } });
    // The same price, newer: its terms replace the stored ones; one period still.
    await emit([
      event(1, 449, ago(0.5), { isCampaign: true, regularPrice: 599, campaignEndsAt: ends, memberPrice: { card: 'k-plussa', price: 379 }, multibuy: { quantity: 2, price: 800 } }),
      event(2, 250, ago(0.5)),
    ]);
    const [first, second] = await storeItems([1, 2]);
    expect(first).toMatchObject({ price: 449, memberPrice: { card: 'k-plussa', price: 379 }, multibuy: { quantity: 2, price: 800 } });
    expect(first).not.toHaveProperty('campaignStartsAt');
    for (const field of TERMS) expect(second).not.toHaveProperty(field);
    const { rows } = await sql.query('SELECT count(*)::int AS n FROM catalog.price_history WHERE item_id = 1 AND store_id IN (1, 2)');
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('takes a demo price’s terms as a feed’s (demoObservation)', async () => {
    const demo: DemoPrice = {
      itemId: 2,
      storeId: 1,
      price: 219,
      comparisonPrice: 219,
      priceUnit: 'kg',
      comparisonPriceUnit: 'kg',
      isCampaign: true,
      updatedAt: ago(1),
      regularPrice: 299,
      campaignStartsAt: starts,
      campaignEndsAt: ends,
      memberPrice: { card: 'k-plussa', price: 199 },
      multibuy: { quantity: 2, price: 400 },
      averageWeightGrams: 170,
    };
    const plain: DemoPrice = { itemId: 2, storeId: 2, price: 229, comparisonPrice: 229, priceUnit: 'kg', comparisonPriceUnit: 'kg', isCampaign: false, updatedAt: ago(1) };
    await service.app.get(StorePriceProjection).applyPriceObservations([demoObservation(demo), demoObservation(plain)]);
    const [withTerms, without] = await storeItems([1, 2], 2);
    expect(withTerms).toMatchObject({
      price: 219,
      regularPrice: 299,
      campaignStartsAt: utc(starts),
      campaignEndsAt: utc(ends),
      memberPrice: { card: 'k-plussa', price: 199 },
      multibuy: { quantity: 2, price: 400 },
      averageWeightGrams: 170,
    });
    for (const field of [...TERMS, 'regularPrice', 'campaignEndsAt']) expect(without).not.toHaveProperty(field);
  });
});
