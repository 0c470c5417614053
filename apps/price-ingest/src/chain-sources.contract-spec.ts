import { CatalogPatterns, type ItemDto } from '@hintakori/catalog-contracts';
import type { InProcessClient } from '@hintakori/platform-messaging';
import { FeedRunsService, startOpenDataStandIn, type FeedRun, type OpenDataStandIn } from '@hintakori/price-ingest-service';
import { StoresPatterns, type StoreDto } from '@hintakori/stores-contracts';
import type { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { type DistributedPipeline, startDistributedPipeline } from './distributed-pipeline.testing';
import { fixturesClock } from './fixtures-clock.testing';

/**
 * The chains' web shops (S-kaupat, K-Ruoka, Lidl) end to end on the distributed profile: the stand-ins replay their
 * recorded formats (fixtures/{s-kaupat,k-ruoka,lidl}); the runs are queued on BullMQ (Redis) and run by price-ingest's
 * worker, which publishes to Kafka; the real catalog, stores and comparisons projections consume the topics into
 * PostgreSQL (distributed-pipeline.testing.ts). The standalone twin is chain-sources.int-spec.ts. Registry ids from
 * 700M…899M: apart from open-data.contract-spec.ts's 200M…699M and feed-pipeline.contract-spec.ts's 900M….
 */
describe('the chains’ web shops through Kafka on the distributed profile', () => {
  let pipeline: DistributedPipeline;
  let sql: Client;
  let client: InProcessClient;
  let BASE: number;
  const inRange = (column: string) => pipeline.inRange(column);
  const run = (source: string, location: string): Promise<FeedRun> => pipeline.run(source, location);
  let standIn: OpenDataStandIn;

  const storeId = (externalId: string, source?: string): Promise<number> => pipeline.storeId(externalId, source);
  const itemId = (ean: string): Promise<number> => pipeline.itemId(ean);
  const exceptionsOf = (id: number) => pipeline.exceptionsOf(id);

  beforeAll(async () => {
    standIn = await startOpenDataStandIn();
    const env: Record<string, string> = {
      // The category tree only: stores, items and prices come from the open data.
      SEED_DEMO_DATA: 'true',
      OPEN_FOOD_FACTS_URL: standIn.url,
      // A year of dated exceptions, so Christmas Eve and Independence Day are in the window whatever today is.
      INGEST_OSM_EXCEPTION_DAYS: '370',
      // The worker asks comparisons and catalog for its refresh priorities over Kafka, where nothing answers here (the
      // projections' handlers are on a private bus): each run goes on without them after this, not after 10 s.
      RPC_TIMEOUT_MS: '1000',
      // Each run read whole, in the refresh plan's one order (the K-Ruoka challenge is met after store N137's prices):
      // a run split by store is feed-shards.contract-spec.ts's.
      INGEST_PULL_PARTS: '0',
    };
    pipeline = await startDistributedPipeline({ name: 'chains', bases: { from: 700_000_000, millions: 200 }, env, now: fixturesClock });
    ({ sql, client, base: BASE } = pipeline);
  });

  afterAll(async () => {
    await pipeline?.close();
    await standIn?.close();
  });

  it('imports S-kaupat through Kafka: the OpenStreetMap twin is one store with the shop’s name and hours, its campaign prices in the catalog', async () => {
    expect((await run('osm', `${standIn.url}/api/interpreter`)).status).toBe('completed');
    const done = await run('s-kaupat', standIn.url);
    expect(done.status).toBe('completed');
    expect(done.pricesPublished).toBeGreaterThan(0);
    const twin = await storeId('s-kaupat:700000010', 's-kaupat');
    expect(twin).toBe(await storeId('osm:node/1105587364'));
    expect(twin).toBeGreaterThan(BASE);
    const hakaniemi = await firstValueFrom(client.send<StoreDto>(StoresPatterns.Get, { id: twin }));
    expect(hakaniemi).toMatchObject({ chain: 's-market', source: 's-kaupat' });
    expect((await exceptionsOf(twin)).get('12-06')).toEqual({ opens: '12:00:00', closes: '21:00:00' });
    const kaleva = await storeId('s-kaupat:517609418', 's-kaupat');
    const mokka = await firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: await itemId('6411300000494'), storeIds: [kaleva] }));
    expect(mokka.storeItems).toEqual([
      expect.objectContaining({ price: 599, isCampaign: true, regularPrice: 749, campaignEndsAt: '2026-12-06T21:59:59.000Z', sourceLowest30d: 649, source: 's-kaupat' }),
    ]);
    // The comparisons projection has the same price from the same topic.
    const { rows } = await sql.query(`SELECT price, is_campaign FROM comparisons.price_matrix WHERE store_id = $1 AND item_id = $2`, [kaleva, await itemId('6411300000494')]);
    expect(rows).toEqual([{ price: 599, is_campaign: true }]);
  });

  it('a replayed S-kaupat run publishes nothing and changes no catalog price', async () => {
    const prices = async () => (await sql.query(`SELECT item_id, store_id, price, updated_at FROM catalog.store_prices WHERE ${inRange('store_id')} ORDER BY 1, 2`)).rows;
    const before = await prices();
    expect(before.length).toBeGreaterThan(0);
    expect(await run('s-kaupat', standIn.url)).toMatchObject({ status: 'completed', pricesPublished: 0, storesPublished: 0, itemsPublished: 0 });
    expect(await prices()).toEqual(before);
  });

  it('Lidl’s national price reaches every Lidl store, and K-Ruoka’s bot challenge fails its run for good keeping what came before', async () => {
    expect((await run('lidl', standIn.url)).status).toBe('completed');
    const { rows: lidl } = await sql.query(
      `SELECT count(DISTINCT p.store_id)::int AS priced, (SELECT count(*)::int FROM ingest.stores WHERE source = 'lidl') AS stores
       FROM catalog.store_prices p WHERE p.source = 'lidl' AND ${inRange('p.store_id')}`,
    );
    expect(lidl[0].priced).toBe(lidl[0].stores);
    const feeds = pipeline.ingest.get(FeedRunsService);
    const queued = await feeds.enqueue('k-ruoka', standIn.url);
    await expect(feeds.waitFor([queued.id], undefined, 200)).rejects.toThrow(/blocked by a bot challenge: K-Ruoka needs an agreement for this use/);
    await pipeline.caughtUp();
    const ruoholahti = await storeId('k-ruoka:N137', 'k-ruoka');
    const { rows: kPrices } = await sql.query(`SELECT count(*)::int AS n FROM catalog.store_prices WHERE store_id = $1 AND source = 'k-ruoka'`, [ruoholahti]);
    expect(kPrices[0].n).toBeGreaterThan(0);
    expect((await feeds.feedRuns.get(queued.id))?.attempts).toBe(1);
  });
});
