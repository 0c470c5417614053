import { CatalogPatterns, type ItemDto } from '@hintakori/catalog-contracts';
import { CatalogModule } from '@hintakori/catalog-service';
import { InProcessClient, inProcessBus } from '@hintakori/platform-messaging';
import { startOpenDataStandIn, type FeedRun, type OpenDataStandIn } from '@hintakori/price-ingest-service';
import { StoresPatterns, type StoreDto } from '@hintakori/stores-contracts';
import { StoresModule } from '@hintakori/stores-service';
import { createTestDatabase, type TestDatabase } from '@hintakori/testing';
import { join } from 'node:path';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { startStandalonePipeline, type StandalonePipeline } from './standalone-pipeline.testing';

/**
 * Real open data end to end on the standalone profile (in-process transport, real PostgreSQL, BullMQ on PostgreSQL):
 * local stand-ins replay the recorded formats of the Overpass API, Open Food Facts and Open Prices, `npm run ingest`'s
 * runs go through price-ingest's worker, and the stores and catalog projections are read back through the services.
 */
describe('open data (OSM, Open Food Facts, Open Prices) through the standalone pipeline', () => {
  let db: TestDatabase;
  let sql: Client;
  let standIn: OpenDataStandIn;
  let pipeline: StandalonePipeline;
  const client = new InProcessClient(inProcessBus);

  const run = (source: string, location: string, options?: { refresh?: boolean }): Promise<FeedRun> => pipeline.run(source, location, options);
  const store = async (externalId: string) => {
    const { rows } = await sql.query(`SELECT store_id FROM ingest.stores WHERE source = 'osm' AND external_id = $1`, [externalId]);
    expect(rows).toHaveLength(1);
    return firstValueFrom(client.send<StoreDto>(StoresPatterns.Get, { id: rows[0].store_id as number }));
  };
  const itemId = async (ean: string) => (await sql.query(`SELECT item_id FROM ingest.items WHERE ean = $1`, [ean])).rows[0]?.item_id as number | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    standIn = await startOpenDataStandIn();
    // A year of dated exceptions, so Christmas Eve and Independence Day are in the window whatever today is.
    const env = { SEED_DEMO_DATA: 'true', OPEN_FOOD_FACTS_URL: standIn.url, INGEST_OSM_EXCEPTION_DAYS: '370', INGEST_BACKOFF_MS: '200' };
    pipeline = await startStandalonePipeline(db.url, env, (config) => [CatalogModule.forRoot(config, { seedFromFeed: true }), StoresModule.forRoot(config, { seedFromFeed: true })]);
  });

  afterAll(async () => {
    await pipeline?.close();
    await standIn?.close();
    await sql?.end();
    await db?.drop();
  });

  it('imports the chains’ stores from OpenStreetMap with their opening hours and Finnish holidays, skipping and counting the rest', async () => {
    const done = await run('osm', `${standIn.url}/api/interpreter`);
    expect(done.status).toBe('completed');
    expect(done.storesPublished).toBe(11);
    // Herkku Leipomo (not a chain), Sale Vallila (disused), Lidl Oulu (no coordinates), Prisma Annelinn (Tallinn).
    expect(done.recordsRejected).toBe(4);
    expect(Object.keys(done.rejectedByReason).sort().map((reason) => reason.replace(/\).*/, ')'))).toEqual(
      ['skipped (closed shop)', 'skipped (no coordinates)', 'skipped (not a chain)', 'skipped (outside Finland)'],
    );
    const chains = (await sql.query(`SELECT chain_id FROM stores.stores ORDER BY chain_id`)).rows.map((r) => r.chain_id);
    expect(chains).toEqual(['abc', 'alepa', 'herkku', 'kcitymarket', 'kmarket', 'ksupermarket', 'lidl', 'nokm', 'prisma', 's-market', 'sale']);

    const hakaniemi = await store('osm:node/1105587364');
    expect(hakaniemi).toMatchObject({ chain: 's-market', type: 'S', source: 'osm', openingHoursKnown: true, isClosed: false, address: expect.stringContaining('Hämeentie') });
    const { rows: exceptions } = await sql.query(
      `SELECT to_char(date, 'MM-DD') AS day, opens::text, closes::text FROM stores.opening_exceptions WHERE store_id = $1 ORDER BY date`,
      [hakaniemi.id],
    );
    const byDay = new Map(exceptions.map((e) => [e.day as string, e]));
    expect(byDay.get('12-24')).toMatchObject({ opens: '07:00:00', closes: '15:00:00' }); // Dec 24 07:00-15:00
    expect(byDay.get('12-06')).toMatchObject({ opens: null, closes: null }); // PH off: Independence Day
    expect(byDay.get('12-25')).toMatchObject({ opens: null, closes: null }); // PH off: Christmas Day

    // `arkisin 7-21, la 8-18` is outside the syntax: imported, but with no hours and saying so.
    expect(await store('osm:node/3079928710')).toMatchObject({ chain: 'kmarket', openingHoursKnown: false, openingTimes: [] });
    expect((await store('osm:way/48612011')).openingTimes.every((day) => day.isOpenAllDay)).toBe(true); // 24/7
  });

  it('imports Open Prices: products from Open Food Facts or the price, the newest date current, the rest rejected with reasons', async () => {
    const done = await run('open-prices', standIn.url);
    expect(done.status).toBe('completed');
    const reasons = Object.keys(done.rejectedByReason).join('\n');
    for (const expected of ['currency', 'category price', 'unknown store', 'check digit', 'absurd price', 'unreadable']) expect(reasons).toContain(expected);

    // The Valio milk is created from Open Food Facts (the stand-in knows its EAN): its price says where it came from.
    const milk = (await itemId('6408430000258')) as number;
    const itakeskus = await store('osm:relation/2815602');
    const item = await firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: milk, storeIds: [itakeskus.id] }));
    expect(item.name).toBe('Valio rasvaton maito 1 l');
    expect(item.nutritionalContent.length).toBeGreaterThan(0);
    expect(item.fieldSources).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name', source: 'open-food-facts' })]));
    expect(item.storeItems).toEqual([expect.objectContaining({ storeId: itakeskus.id, price: 119, source: 'open-prices', updatedAt: '2026-11-10T10:00:00.000Z' })]);

    // A discounted price is a campaign price with the regular price the shopper reported beside it.
    const chocolate = (await itemId('6411401015090')) as number;
    const bar = await firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: chocolate, storeIds: [itakeskus.id] }));
    expect(bar.storeItems).toEqual([expect.objectContaining({ price: 299, isCampaign: true, regularPrice: 389, source: 'open-prices' })]);

    // Two reports of the Juhla Mokka in one store: the newer date is the price, the older one is history.
    const coffee = (await itemId('6410405082657')) as number;
    const hervanta = await store('osm:way/25396145');
    const { rows: history } = await sql.query(`SELECT price, valid_to IS NULL AS current FROM catalog.price_history WHERE item_id = $1 AND store_id = $2 ORDER BY valid_from`, [
      coffee,
      hervanta.id,
    ]);
    expect(history).toEqual([
      { price: 549, current: false },
      { price: 499, current: true },
    ]);
  });

  it('a replayed Open Prices run changes no price, history row or product', async () => {
    const snapshot = async () =>
      (
        await sql.query(`SELECT
          (SELECT md5(string_agg(concat_ws('|', item_id, store_id, price, updated_at, source), ',' ORDER BY item_id, store_id)) FROM catalog.store_prices) AS prices,
          (SELECT md5(string_agg(concat_ws('|', item_id, store_id, valid_from, valid_to, price), ',' ORDER BY item_id, store_id, valid_from)) FROM catalog.price_history) AS history,
          (SELECT md5(string_agg(concat_ws('|', id, name, brand_name, picture_url, field_sources), ',' ORDER BY id)) FROM catalog.items) AS items`)
      ).rows[0];
    const before = await snapshot();
    expect((await run('open-prices', standIn.url)).status).toBe('completed');
    expect(await snapshot()).toEqual(before);
  });

  it('a re-import updates a changed store in place and marks a store gone from OpenStreetMap closed, without deleting it', async () => {
    const fleminginkatu = await store('osm:node/3079928710');
    const alepa = await store('osm:node/2391284466');
    standIn.overpass.setFixture(join(__dirname, '../../../libs/price-ingest/service/fixtures/osm/overpass-finland-reimport.json'));
    // An ordinary (scheduled) run within a day keeps Overpass's first answer: nothing is asked, nothing changes.
    const asked = standIn.overpass.requests.length;
    expect((await run('osm', `${standIn.url}/api/interpreter`)).status).toBe('completed');
    expect(standIn.overpass.requests.length).toBe(asked);
    expect((await store('osm:node/3079928710')).address).toBe(fleminginkatu.address);
    // `npm run ingest -- --source osm --refresh`: asks again, and sees the changed address and the store gone.
    const done = await run('osm', `${standIn.url}/api/interpreter`, { refresh: true });
    expect(done.status).toBe('completed');
    expect(standIn.overpass.requests.length).toBe(asked + 1);
    const { rows: registry } = await sql.query(`SELECT external_id, last_seen_run, closed_at IS NOT NULL AS closed, last_event IS NOT NULL AS has_event FROM ingest.stores`);
    expect(registry.filter((r) => r.closed).map((r) => r.external_id)).toEqual(['osm:node/2391284466']);
    const moved = await store('osm:node/3079928710');
    expect(moved.id).toBe(fleminginkatu.id);
    expect(moved.address).not.toBe(fleminginkatu.address);
    expect((await sql.query(`SELECT count(*)::int AS n FROM stores.stores`)).rows[0].n).toBe(11);
    expect(await store('osm:node/2391284466')).toMatchObject({ id: alepa.id, isClosed: true });
    const listed = await firstValueFrom(client.send<{ id: number }[]>(StoresPatterns.Minimal, { skip: 0, limit: 200 }));
    expect(listed.map((s) => s.id)).not.toContain(alepa.id);
    expect(listed).toHaveLength(10);
  });
});
