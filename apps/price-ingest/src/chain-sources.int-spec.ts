import { CatalogPatterns, type ItemDto, type UnmappedCategoryDto } from '@hintakori/catalog-contracts';
import { CatalogModule } from '@hintakori/catalog-service';
import { ComparisonsPatterns, type StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { ComparisonsModule, DemandCounter } from '@hintakori/comparisons-service';
import { InProcessClient, inProcessBus } from '@hintakori/platform-messaging';
import { K_RUOKA_BLOCKED_REASON, startOpenDataStandIn, type FeedRun, type OpenDataStandIn } from '@hintakori/price-ingest-service';
import { StoresPatterns, type StoreDto } from '@hintakori/stores-contracts';
import { StoresModule } from '@hintakori/stores-service';
import { createTestDatabase, type TestDatabase } from '@hintakori/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { fixturesClock } from './fixtures-clock.testing';
import { startStandalonePipeline, type StandalonePipeline } from './standalone-pipeline.testing';

/**
 * The chains' own web shops end to end on the standalone profile (in-process transport, real PostgreSQL, BullMQ on
 * PostgreSQL): the stand-ins replay S-kaupat's GraphQL API, K-Ruoka's kr-api and Lidl's store API and site in their
 * recorded formats (libs/price-ingest/service/fixtures/{s-kaupat,k-ruoka,lidl}, each with the note of its origin), the
 * runs go through price-ingest's worker, and the stores, catalog and comparisons projections are read back.
 */
describe('the chains’ web shops (S-kaupat, K-Ruoka, Lidl) through the standalone pipeline', () => {
  let db: TestDatabase;
  let sql: Client;
  let standIn: OpenDataStandIn;
  let pipeline: StandalonePipeline;
  let dir: string;
  const client = new InProcessClient(inProcessBus);

  const run = (source: string, location: string): Promise<FeedRun> => pipeline.run(source, location);
  const storeIdOf = async (source: string, externalId: string): Promise<number> => {
    const { rows } = await sql.query(`SELECT store_id FROM ingest.stores WHERE source = $1 AND external_id = $2`, [source, externalId]);
    expect(rows).toHaveLength(1);
    return rows[0].store_id as number;
  };
  const store = async (source: string, externalId: string) => firstValueFrom(client.send<StoreDto>(StoresPatterns.Get, { id: await storeIdOf(source, externalId) }));
  const itemIdOf = async (ean: string) => (await sql.query(`SELECT item_id FROM ingest.items WHERE ean = $1`, [ean])).rows[0]?.item_id as number | undefined;
  const item = async (ean: string, storeIds: number[]) => firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: await itemIdOf(ean), storeIds }));
  const priceRows = async () =>
    (await sql.query(`SELECT item_id, store_id, price, is_campaign, regular_price, deposit, source, updated_at FROM catalog.store_prices ORDER BY item_id, store_id`)).rows;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    standIn = await startOpenDataStandIn();
    dir = mkdtempSync(join(tmpdir(), 'chain-sources-'));
    const env = { SEED_DEMO_DATA: 'true', OPEN_FOOD_FACTS_URL: standIn.url, INGEST_OSM_EXCEPTION_DAYS: '370', INGEST_BACKOFF_MS: '200' };
    // The adapters read the recorded answers on the day they were made, whatever today's date is.
    pipeline = await startStandalonePipeline(
      db.url,
      env,
      (config) => [
        CatalogModule.forRoot(config, { seedFromFeed: true }),
        StoresModule.forRoot(config, { seedFromFeed: true }),
        ComparisonsModule.forRoot(config, { seedFromFeed: true }),
      ],
      { now: fixturesClock },
    );
    expect((await run('osm', `${standIn.url}/api/interpreter`)).status).toBe('completed');
  });

  afterAll(async () => {
    await pipeline?.close();
    await standIn?.close();
    await sql?.end();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('S-kaupat: every brand’s stores once, the OpenStreetMap twin one store with the shop’s hours, prices of web-shop stores only, the rest rejected by reason', async () => {
    const done = await run('s-kaupat', standIn.url);
    expect(done.status).toBe('completed');
    expect(done.pricesPublished).toBeGreaterThan(0);
    const reasons = Object.keys(done.rejectedByReason).join('\n');
    expect(reasons).toMatch(/brand/i); // ePrisma
    expect(reasons).toMatch(/outside Finland/); // Prisma Annelinn, Tartu
    expect(reasons).toMatch(/check digit/); // 6414893386489
    expect(reasons).toMatch(/has no price/); // Olvi Cola

    // One store per id across the brand queries (S-market Hakaniemi came under S_MARKET and SALE).
    const { rows: registered } = await sql.query(`SELECT external_id FROM ingest.stores WHERE source = 's-kaupat' ORDER BY external_id`);
    expect(registered.map((r) => r.external_id)).toContain('s-kaupat:700000010');
    expect(new Set(registered.map((r) => r.external_id)).size).toBe(registered.length);

    // S-market Hakaniemi is OpenStreetMap's S-market Hakaniemi (55 m apart): one store, both external ids, the shop's data.
    const twin = await storeIdOf('s-kaupat', 's-kaupat:700000010');
    expect(twin).toBe(await storeIdOf('osm', 'osm:node/1105587364'));
    const hakaniemi = await store('s-kaupat', 's-kaupat:700000010');
    expect(hakaniemi).toMatchObject({ chain: 's-market', type: 'S', source: 's-kaupat' });
    // Independence Day: OpenStreetMap said closed (PH off), the shop's own hours say 12–21.
    const { rows: independence } = await sql.query(
      `SELECT opens::text, closes::text FROM stores.opening_exceptions WHERE store_id = $1 AND date = '2026-12-06'`,
      [twin],
    );
    expect(independence).toEqual([{ opens: '12:00:00', closes: '21:00:00' }]);

    // A campaign price with its end, regular price and the shop's own 30-day low, in Prisma Kaleva.
    const kaleva = await storeIdOf('s-kaupat', 's-kaupat:517609418');
    const mokka = await item('6411300000494', [kaleva]);
    expect(mokka.storeItems).toEqual([
      expect.objectContaining({ storeId: kaleva, price: 599, isCampaign: true, regularPrice: 749, campaignEndsAt: '2026-12-06T21:59:59.000Z', sourceLowest30d: 649, source: 's-kaupat' }),
    ]);
    // The deposit apart from the price.
    const cola = await item('5449000050939', [kaleva]);
    expect(cola.storeItems[0]).toMatchObject({ deposit: 40, source: 's-kaupat' });
    // A product no source had before is created from the shop's own fields, its category waiting in the admin list.
    const oat = await item('6415210007895', [kaleva]);
    expect(oat.name).toMatch(/Pohjolan Meijeri kaurajuoma/);
    const unmapped = await firstValueFrom(client.send<UnmappedCategoryDto[]>(CatalogPatterns.ListUnmappedCategories, {}));
    expect(unmapped.some((c) => c.externalType === 's-kaupat' && c.externalId.includes('Kaurajuomat'))).toBe(true);

    // Prisma Hämeenkatu has no web shop: its store and hours, never a price request.
    const hameenkatu = await storeIdOf('s-kaupat', 's-kaupat:726413330');
    const priced = standIn.sKaupat.requests().filter((r) => r.operationName !== 'RemoteStoreSearch' && r.operationName !== 'RemoteStoreOpeningHours');
    expect(priced.length).toBeGreaterThan(0);
    expect(priced.some((r) => r.variables.storeId === '726413330')).toBe(false);
    expect((await sql.query(`SELECT count(*)::int AS n FROM catalog.store_prices WHERE store_id = $1`, [hameenkatu])).rows[0].n).toBe(0);
  });

  it('a replayed S-kaupat run publishes no price and changes no price row', async () => {
    const before = await priceRows();
    const again = await run('s-kaupat', standIn.url);
    expect(again).toMatchObject({ status: 'completed', pricesPublished: 0 });
    expect(await priceRows()).toEqual(before);
  });

  it('K-Ruoka: the bot challenge stops the run at once with the reason, never retried, and what came before it is kept', async () => {
    const blocked = async () => {
      const error = await run('k-ruoka', standIn.url).catch((e: unknown) => e as Error);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain(K_RUOKA_BLOCKED_REASON);
    };
    // The first run: K-Supermarket Testikylä (S900) answers its offer listing, the last round, with the challenge.
    await blocked();
    const { rows: runs } = await sql.query(`SELECT status, attempts, last_error FROM ingest.feed_runs WHERE source = 'k-ruoka'`);
    expect(runs).toEqual([{ status: 'failed', attempts: 1, last_error: expect.stringContaining(K_RUOKA_BLOCKED_REASON) }]);
    const challenged = () => standIn.kRuoka.requests().filter((r) => r.query.get('storeId') === 'S900' && r.path.startsWith('/kr-api/search-offers')).length;
    expect(challenged()).toBe(1); // asked once, never again in that run
    // The stores and the prices read before the challenge are in: K-Citymarket Ruoholahti's offers came before it.
    const ruoholahti = await store('k-ruoka', 'k-ruoka:N137');
    expect(ruoholahti).toMatchObject({ chain: 'kcitymarket', type: 'K', source: 'k-ruoka' });
    const { rows: kept } = await sql.query(`SELECT count(*)::int AS n FROM catalog.store_prices WHERE store_id = $1 AND source = 'k-ruoka'`, [ruoholahti.id]);
    expect(kept[0].n).toBeGreaterThan(0);

    // A shopper compares carrot purée in K-Citymarket Ruoholahti: the next run spends its budget there first, and the
    // price it reads before the challenge stops it again is kept.
    const puree = (await itemIdOf('6418248002382')) as number;
    await firstValueFrom(client.send<StoreTotalsResult>(ComparisonsPatterns.StoreTotals, { storeIds: [ruoholahti.id], lines: [{ itemId: puree, quantity: 1 }] }));
    await pipeline.services[2].get(DemandCounter).flush();
    await blocked();
    expect(challenged()).toBe(2);
    const searched = standIn.kRuoka.requests().filter((r) => r.path.includes('/product-search/'));
    expect(searched[searched.length - 1]?.path).not.toContain('6418248002382'); // the demanded search came first, not last
    expect(searched.some((r) => r.path.includes('6418248002382') && r.query.get('storeId') === 'N137')).toBe(true);
    const priced = await item('6418248002382', [ruoholahti.id]);
    expect(priced.storeItems[0]).toMatchObject({ storeId: ruoholahti.id, source: 'k-ruoka' });
    expect(priced.storeItems[0].price).toBeGreaterThan(0);
  });

  it('Lidl: its stores with their dated hours and one national price in every Lidl store, saying so by its source', async () => {
    const done = await run('lidl', standIn.url);
    expect(done.status).toBe('completed');
    const reasons = Object.keys(done.rejectedByReason).join('\n');
    expect(reasons).toMatch(/check digit/);
    expect(reasons).toMatch(/outside Finland/);
    const kamppi = await store('lidl', 'lidl:FI00101');
    expect(kamppi).toMatchObject({ chain: 'lidl', type: 'L', source: 'lidl' });
    const { rows: lidlStores } = await sql.query(`SELECT store_id FROM ingest.stores WHERE source = 'lidl' AND external_id LIKE 'lidl:%' ORDER BY store_id`);
    expect(lidlStores.length).toBeGreaterThanOrEqual(3);
    const ids = lidlStores.map((r) => r.store_id as number);
    const { rows: mozzarella } = await sql.query(
      `SELECT p.store_id, p.price, p.regular_price, p.is_campaign, p.source FROM catalog.store_prices p JOIN ingest.items i ON i.item_id = p.item_id
       WHERE i.ean = '6408408001010' AND p.store_id = ANY($1::int[]) AND p.is_campaign ORDER BY p.store_id`,
      [ids],
    );
    // The week's offer (mozzarella 0,99 €, regular 1,49 €) in every Lidl store alike.
    expect(mozzarella.map((r) => r.store_id)).toEqual(ids);
    expect(new Set(mozzarella.map((r) => `${r.price}/${r.regular_price}/${r.source}`))).toEqual(new Set(['99/149/lidl']));
  });

  it('one product whatever source named it: an Open Prices report of a product a chain brought in prices that product', async () => {
    // 88113 in the Open Prices fixture reports 6413800065034 with no product name, and Open Food Facts lacks it: before,
    // the report was rejected as unknown. A chain's feed lists that EAN first.
    const feed = join(dir, 'chain.jsonl');
    writeFileSync(feed, `${JSON.stringify({ kind: 'product', ean: '6413800065034', name: 'Reissumies kaurapala 4 kpl', category: 'Leivät > Ruisleivät' })}\n`);
    expect((await run('jsonl:chain', feed)).status).toBe('completed');
    const done = await run('open-prices', standIn.url);
    expect(done.status).toBe('completed');
    expect(Object.keys(done.rejectedByReason).some((reason) => /unknown product|has no name/.test(reason))).toBe(false);
    const ratapiha = await storeIdOf('osm', 'osm:way/168923554');
    const report = await item('6413800065034', [ratapiha]);
    expect(report.name).toBe('Reissumies kaurapala 4 kpl');
    expect(report.storeItems).toEqual([expect.objectContaining({ storeId: ratapiha, price: 99, source: 'open-prices' })]);
    // One item for the EAN in the registry, listed by the chain's feed only (Open Prices created none).
    const { rows } = await sql.query(`SELECT source FROM ingest.source_items WHERE ean = '6413800065034' ORDER BY source`);
    expect(rows).toEqual([{ source: 'jsonl:chain' }]);
  });

  it('compares a cart across an S, a K and a Lidl store on the chains’ own prices', async () => {
    const kaleva = await storeIdOf('s-kaupat', 's-kaupat:517609418');
    const ruoholahti = await storeIdOf('k-ruoka', 'k-ruoka:N137');
    const kamppi = await storeIdOf('lidl', 'lidl:FI00101');
    const puree = (await itemIdOf('6418248002382')) as number;
    const storeIds = [kaleva, ruoholahti, kamppi];
    const prices = await item('6418248002382', storeIds);
    const s = prices.storeItems.find((p) => p.storeId === kaleva);
    const k = prices.storeItems.find((p) => p.storeId === ruoholahti);
    expect(s).toMatchObject({ price: 549, source: 's-kaupat' });
    expect(k?.source).toBe('k-ruoka');
    const totals = await firstValueFrom(client.send<StoreTotalsResult>(ComparisonsPatterns.StoreTotals, { storeIds, lines: [{ itemId: puree, quantity: 2 }] }));
    expect(totals[kaleva]).toMatchObject({ total: 2 * 549, estimatedCount: 0 });
    expect(totals[ruoholahti]).toMatchObject({ total: 2 * (k?.price as number), estimatedCount: 0 });
    // Lidl does not sell it: its total is estimated from the two that do.
    expect(totals[kamppi].estimatedCount).toBe(1);
    const cheapest = Object.entries(totals).filter(([, t]) => t.cheapest).map(([id]) => Number(id));
    expect(cheapest).toEqual([(k?.price as number) < 549 ? ruoholahti : kaleva]);
  });
});
