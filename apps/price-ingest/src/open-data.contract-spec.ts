import { CatalogPatterns, type ItemDto } from '@hintakori/catalog-contracts';
import type { InProcessClient } from '@hintakori/platform-messaging';
import { OPEN_DATA_FIXTURES, startOpenDataStandIn, type FeedRun, type OpenDataStandIn } from '@hintakori/price-ingest-service';
import { STORE_PAGE_SIZE, StoresPatterns, type StoreDto, type StoreMinimalDto } from '@hintakori/stores-contracts';
import { join } from 'node:path';
import type { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { type DistributedPipeline, ID_RANGE, startDistributedPipeline } from './distributed-pipeline.testing';

/**
 * Real open data end to end on the distributed profile: the local stand-ins replay the recorded formats of the
 * Overpass API, Open Food Facts and Open Prices; the runs are queued on BullMQ (Redis) and run by price-ingest's worker,
 * which publishes to Kafka; the real catalog, stores and comparisons projections consume the topics into PostgreSQL
 * and are read back through the services' handlers (on a private in-process bus: the events, not the reads, are
 * what goes through Kafka here). The standalone twin is open-data.int-spec.ts.
 *
 * The broker is shared (distributed-pipeline.testing.ts): registry ids from 200M…699M, apart from
 * chain-sources.contract-spec.ts's 700M…899M and feed-pipeline.contract-spec.ts's 900M… bases.
 */
describe('open data (OSM, Open Food Facts, Open Prices) through Kafka on the distributed profile', () => {
  let pipeline: DistributedPipeline;
  let sql: Client;
  let client: InProcessClient;
  let BASE: number;
  const inRange = (column: string) => pipeline.inRange(column);
  const run = (source: string, location: string): Promise<FeedRun> => pipeline.run(source, location);
  let standIn: OpenDataStandIn;

  const storeId = (externalId: string): Promise<number> => pipeline.storeId(externalId);
  const itemId = (ean: string): Promise<number> => pipeline.itemId(ean);
  const exceptionsOf = (id: number) => pipeline.exceptionsOf(id);
  const store = async (externalId: string) => firstValueFrom(client.send<StoreDto>(StoresPatterns.Get, { id: await storeId(externalId) }));

  beforeAll(async () => {
    standIn = await startOpenDataStandIn();
    const env: Record<string, string> = {
      // The category tree only: stores, items and prices come from the open data.
      SEED_DEMO_DATA: 'true',
      OPEN_FOOD_FACTS_URL: standIn.url,
      // A year of dated exceptions, so Christmas Eve and Independence Day are in the window whatever today is.
      INGEST_OSM_EXCEPTION_DAYS: '370',
    };
    pipeline = await startDistributedPipeline({ name: 'opendata', bases: { from: 200_000_000, millions: 500 }, env });
    ({ sql, client, base: BASE } = pipeline);
  });

  afterAll(async () => {
    await pipeline?.close();
    await standIn?.close();
  });

  it('imports the chains’ stores from OpenStreetMap into the stores projection, skipping and counting the rest', async () => {
    const done = await run('osm', `${standIn.url}/api/interpreter`);
    expect(done).toMatchObject({ status: 'completed', storesPublished: 11, recordsRejected: 4 });
    // Herkku Leipomo (not a chain), Sale Vallila (disused), Lidl Oulu (no coordinates), Prisma Annelinn (Tartu).
    expect(Object.fromEntries(Object.entries(done.rejectedByReason).map(([reason, n]) => [reason.replace(/\).*/, ')'), n]))).toEqual({
      'skipped (closed shop)': 1,
      'skipped (no coordinates)': 1,
      'skipped (not a chain)': 1,
      'skipped (outside Finland)': 1,
    });

    // One store of each chain, none closed: nodes, ways and a relation.
    const { rows: projected } = await sql.query(`SELECT chain_id, external_id, closed_at FROM stores.stores WHERE ${inRange('id')} ORDER BY chain_id`);
    expect(projected.map((r) => [r.chain_id, r.external_id])).toEqual([
      ['abc', 'osm:node/4423101788'],
      ['alepa', 'osm:node/2391284466'],
      ['herkku', 'osm:node/6010234551'],
      ['kcitymarket', 'osm:way/25396145'],
      ['kmarket', 'osm:node/3079928710'],
      ['ksupermarket', 'osm:node/5713359021'],
      ['lidl', 'osm:way/168923554'],
      ['nokm', 'osm:node/1278543309'],
      ['prisma', 'osm:relation/2815602'],
      ['s-market', 'osm:node/1105587364'],
      ['sale', 'osm:way/48612011'],
    ]);
    expect(projected.every((r) => r.closed_at === null)).toBe(true);

    const hakaniemi = await store('osm:node/1105587364');
    expect(hakaniemi).toMatchObject({
      externalId: 'osm:node/1105587364',
      chain: 's-market',
      type: 'S',
      source: 'osm',
      openingHoursKnown: true,
      isClosed: false,
      address: 'Hämeentie 2',
      postalCode: '00530',
      city: 'Helsinki',
    });
    expect(hakaniemi.lat).toBeCloseTo(60.1842103, 6);
    expect(hakaniemi.long).toBeCloseTo(24.9508642, 6);
    const hakaniemiExceptions = await exceptionsOf(hakaniemi.id);
    expect(hakaniemiExceptions.get('12-24')).toEqual({ opens: '07:00:00', closes: '15:00:00' }); // Dec 24 07:00-15:00
    expect(hakaniemiExceptions.get('12-06')).toEqual({ opens: null, closes: null }); // PH off: Independence Day

    // A way and a relation: their centre is the store's place.
    const kamppi = await store('osm:way/48612011');
    expect(kamppi).toMatchObject({ chain: 'sale', address: 'Urho Kekkosen katu 1', postalCode: '00100', city: 'Helsinki', openingHoursKnown: true });
    expect([kamppi.lat, kamppi.long]).toEqual([expect.closeTo(60.1690315, 6), expect.closeTo(24.9313547, 6)]);
    expect(kamppi.openingTimes.length).toBeGreaterThan(0);
    expect(kamppi.openingTimes.every((day) => day.isOpenAllDay)).toBe(true); // 24/7
    const itakeskus = await store('osm:relation/2815602');
    expect(itakeskus).toMatchObject({ chain: 'prisma', type: 'S', address: 'Itäkatu 1-5', postalCode: '00930', city: 'Helsinki', openingHoursKnown: true });
    expect([itakeskus.lat, itakeskus.long]).toEqual([expect.closeTo(60.210981, 6), expect.closeTo(25.081946, 6)]);
    expect((await exceptionsOf(itakeskus.id)).get('12-25')).toEqual({ opens: null, closes: null }); // Dec 25 off

    // `arkisin 7-21, la 8-18` is outside the syntax: imported, but with no hours and saying so.
    expect(await store('osm:node/3079928710')).toMatchObject({ chain: 'kmarket', address: 'Fleminginkatu 12', openingHoursKnown: false, openingTimes: [] });
  });

  it('imports Open Prices into the catalog projection: source open-prices, the newest date current, the older in history, rejects by reason', async () => {
    const done = await run('open-prices', standIn.url);
    expect(done).toMatchObject({ status: 'completed', pricesPublished: 7, recordsRejected: 10 });
    // Each rejected price of the fixtures' pages with its reason (the price in France is dropped before it is a record).
    // (The JSON parser's message after "not valid JSON" is the runtime's own wording.)
    const byReason = Object.fromEntries(
      Object.entries(done.rejectedByReason).map(([reason, n]) => [reason.replace(/^(page N unreadable: not valid JSON).*/, '$1'), n]),
    );
    expect(byReason).toEqual({
      'skipped: category price (en:bananas) without a mapping': 1, // 88103
      'skipped: category price (en:apples) without a mapping': 1, // 88104
      'rejected: currency SEK': 1, // 88105
      'unknown store …': 1, // 88106 at NODE 9990000001
      'skipped: no OpenStreetMap location': 1, // 88107
      'EAN N has a wrong check digit': 1, // 88110
      'absurd price: N cents is not above zero': 1, // 88111
      'skipped: product N has no name in Open Food Facts or Open Prices': 1, // 88113's product…
      'unknown product: no source lists EAN N': 1, // …and so its price
      'page N unreadable: not valid JSON': 1, // page 3, cut short
    });

    const itakeskus = await storeId('osm:relation/2815602');
    const hervanta = await storeId('osm:way/25396145');
    const ratapiha = await storeId('osm:way/168923554');
    // Every projected price came from Open Prices (the source travels in the batch form of prices.observed).
    const { rows: prices } = await sql.query(
      `SELECT item_id, store_id, price, comparison_price, is_campaign, updated_at, source FROM catalog.store_prices WHERE ${inRange('item_id')} ORDER BY store_id, price`,
    );
    expect(prices.map((p) => [p.store_id, p.price, p.is_campaign, p.source])).toEqual([
      [itakeskus, 119, false, 'open-prices'], // Valio milk
      [itakeskus, 299, true, 'open-prices'], // Fazer Sininen, discounted from 3.89: a campaign
      [hervanta, 499, false, 'open-prices'], // Juhla Mokka, the newer of two
      [ratapiha, 135, false, 'open-prices'], // Myllärin oats
      [ratapiha, 219, false, 'open-prices'], // Reissumies
      [ratapiha, 529, false, 'open-prices'], // Presidentti
    ]);
    // The oats' comparison price comes from the package size: 1.35 € / 400 g = 3.38 €/kg.
    expect(prices[3]).toMatchObject({ comparison_price: 338, updated_at: new Date('2026-11-16T10:00:00.000Z') });
    // The comparisons projection took the same prices.
    const { rows: matrix } = await sql.query(
      `SELECT item_id, store_id, price, is_campaign FROM comparisons.price_matrix WHERE ${inRange('item_id')} ORDER BY store_id, price`,
    );
    expect(matrix.map((m) => [m.item_id, m.store_id, m.price, m.is_campaign])).toEqual(prices.map((p) => [p.item_id, p.store_id, p.price, p.is_campaign]));

    // The Valio milk is created from Open Food Facts (the stand-in knows its EAN): its price says where it came from.
    const milk = await itemId('6408430000258');
    const item = await firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: milk, storeIds: [itakeskus] }));
    expect(item.name).toBe('Valio rasvaton maito 1 l');
    expect(item.nutritionalContent.length).toBeGreaterThan(0);
    expect(item.fieldSources).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name', source: 'open-food-facts' })]));
    expect(item.storeItems).toEqual([
      expect.objectContaining({ storeId: itakeskus, price: 119, source: 'open-prices', updatedAt: '2026-11-10T10:00:00.000Z' }),
    ]);

    // Two reports of the Juhla Mokka in one store: the newer date is the price, the older one is history.
    const coffee = await itemId('6410405082657');
    const { rows: history } = await sql.query(
      `SELECT price, valid_from, valid_to IS NULL AS current FROM catalog.price_history WHERE item_id = $1 AND store_id = $2 ORDER BY valid_from`,
      [coffee, hervanta],
    );
    expect(history.map((h) => [h.price, h.current])).toEqual([
      [549, false],
      [499, true],
    ]);
  });

  it('a replayed Open Prices run publishes no price (each store’s newest report of an item is as last published) and changes no current price, history row, comparison row or item', async () => {
    const snapshot = async () =>
      (
        await sql.query(`SELECT
          (SELECT md5(string_agg(concat_ws('|', item_id, store_id, price, comparison_price, is_campaign, updated_at, source), ',' ORDER BY item_id, store_id))
             FROM catalog.store_prices WHERE ${inRange('item_id')}) AS prices,
          (SELECT md5(string_agg(concat_ws('|', item_id, store_id, valid_from, valid_to, price, is_campaign), ',' ORDER BY item_id, store_id, valid_from))
             FROM catalog.price_history WHERE ${inRange('item_id')}) AS history,
          (SELECT md5(string_agg(concat_ws('|', item_id, store_id, price, comparison_price, is_campaign, observed_at), ',' ORDER BY item_id, store_id))
             FROM comparisons.price_matrix WHERE ${inRange('item_id')}) AS matrix,
          (SELECT md5(string_agg(concat_ws('|', id, name, brand_name, picture_url, field_sources), ',' ORDER BY id)) FROM catalog.items WHERE ${inRange('id')}) AS items,
          (SELECT count(*)::int FROM catalog.price_history WHERE ${inRange('item_id')}) AS periods`)
      ).rows[0];
    const before = await snapshot();
    expect(before.periods).toBe(7);
    const replay = await run('open-prices', standIn.url);
    // The stand-in answers the same pages whatever the incremental filter. The run's change detection remembers each
    // store's last published price per item and compares the newest report of each with it (an older report beside
    // it is history already published), so nothing travels…
    expect(replay.status).toBe('completed');
    expect(replay.pricesPublished).toBe(0);
    // …and the projections, having consumed them, are as they were.
    expect(await snapshot()).toEqual(before);
  });

  it('an OpenStreetMap re-import updates a moved store in place and marks a store gone from the map closed', async () => {
    const fleminginkatu = await store('osm:node/3079928710');
    const alepa = await store('osm:node/2391284466');
    expect(alepa).toMatchObject({ chain: 'alepa', isClosed: false });
    standIn.overpass.setFixture(join(OPEN_DATA_FIXTURES, 'osm/overpass-finland-reimport.json'));
    await sql.query(`DELETE FROM ingest.http_cache`); // the first answer would be fresh for a day
    const done = await run('osm', `${standIn.url}/api/interpreter`);
    // Of the 10 stores it lists, only the moved one changed: it alone travels (the closed one is published apart).
    expect(done).toMatchObject({ status: 'completed', storesPublished: 1, recordsRejected: 4 });

    const { rows: registry } = await sql.query(`SELECT external_id FROM ingest.stores WHERE source = 'osm' AND closed_at IS NOT NULL`);
    expect(registry.map((r) => r.external_id)).toEqual(['osm:node/2391284466']);
    const moved = await store('osm:node/3079928710');
    expect(moved).toMatchObject({ id: fleminginkatu.id, address: 'Helsinginkatu 14', postalCode: '00500', city: 'Helsinki', isClosed: false });
    expect([moved.lat, moved.long]).toEqual([expect.closeTo(60.1884511, 6), expect.closeTo(24.9502337, 6)]);
    // Kept (carts and history point at it), marked closed, left out of the lists.
    const { rows: projected } = await sql.query(`SELECT id, closed_at IS NOT NULL AS closed FROM stores.stores WHERE ${inRange('id')} ORDER BY id`);
    expect(projected).toHaveLength(11);
    expect(projected.filter((r) => r.closed).map((r) => r.id)).toEqual([alepa.id]);
    expect(await store('osm:node/2391284466')).toMatchObject({ id: alepa.id, isClosed: true });
    const listed: StoreMinimalDto[] = [];
    for (let skip = 0; ; skip += STORE_PAGE_SIZE) {
      const page = await firstValueFrom(client.send<StoreMinimalDto[]>(StoresPatterns.Minimal, { skip, limit: STORE_PAGE_SIZE }));
      listed.push(...page);
      if (page.length < STORE_PAGE_SIZE) break;
    }
    const ours = listed.filter((s) => s.id > BASE && s.id <= BASE + ID_RANGE).map((s) => s.id);
    expect(ours).toHaveLength(10);
    expect(ours).not.toContain(alepa.id);
    expect(ours).toContain(moved.id);
  });
});
