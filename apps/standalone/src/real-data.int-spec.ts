import { startOpenDataStandIn, type OpenDataStandIn } from '@hintakori/price-ingest-service';
import { createTestDatabase, testConfig, type TestDatabase } from '@hintakori/testing';
import { createServer } from 'node:net';
import { STANDALONE_CONFIG_SECTIONS, startStandalone, type StandaloneHost } from './host';

/**
 * HINTAKORI_DATA=real (`npm start -- --real`) on the standalone host: an empty database is filled only from the open
 * sources (here the local stand-ins replaying their recorded formats), after the site is up, and a source it cannot
 * reach is named while the site keeps answering with what it has.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the standalone site on real data (HINTAKORI_DATA=real)', () => {
  let standIn: OpenDataStandIn;
  const databases: TestDatabase[] = [];
  const hosts: StandaloneHost[] = [];

  const boot = async (env: Record<string, string>) => {
    const db = await createTestDatabase();
    databases.push(db);
    const port = await freePort();
    const configEnv = { HINTAKORI_DATA: 'real', SEED_DEMO_DATA: 'true', PORT: String(port), INGEST_BACKOFF_MS: '60000', LOG_LEVEL: 'error', ...env };
    const config = testConfig(db.url, configEnv, STANDALONE_CONFIG_SECTIONS);
    const host = await startStandalone(config);
    hosts.push(host);
    const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
      const response = await fetch(`http://127.0.0.1:${port}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };
    return { host, api };
  };

  beforeAll(async () => {
    standIn = await startOpenDataStandIn();
  });

  // One standalone per process at a time (its services answer on the process' in-process bus).
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.close().catch(() => undefined);
  });

  afterAll(async () => {
    await standIn?.close();
    for (const db of databases) await db.drop().catch(() => undefined);
  });

  it('fills an empty database from OpenStreetMap and Open Prices: the stores, their products and prices compare, each price with its source', async () => {
    const { host, api } = await boot({ OPEN_DATA_URL: standIn.url });
    const steps = await host.openDataFill;
    expect(steps?.map((s) => [s.source, s.outcome])).toEqual([
      ['osm', 'imported'],
      ['open-prices', 'imported'],
    ]);
    expect(steps?.[0].run?.storesPublished).toBe(11);

    // Only real data: the stores are OpenStreetMap's (no demo store), with their real hours.
    const prismas = await api<{ id: number; name: string; source: string; externalId: string; openingHoursKnown: boolean }[]>('/stores?search=Prisma');
    expect(prismas.map((s) => s.name)).toContain('Prisma Itäkeskus');
    expect(prismas.every((s) => s.source === 'osm' && s.externalId.startsWith('osm:'))).toBe(true);
    const itakeskus = prismas.find((s) => s.name === 'Prisma Itäkeskus')!;
    const hervanta = (await api<{ id: number; name: string }[]>('/stores?search=Hervanta')).find((s) => s.name.includes('Citymarket'))!;
    expect(hervanta).toBeDefined();

    // A product Open Prices reported, created from Open Food Facts, found by search in the stores that have prices.
    const storeIds = `${itakeskus.id},${hervanta.id}`;
    const found = await api<{ id: number; ean: string; name: string }[]>(`/items?search=maito&storeIds=${storeIds}`);
    const milk = found.find((item) => item.ean === '6408430000258')!;
    expect(milk.name).toBe('Valio rasvaton maito 1 l');
    const detail = await api<{ storeItems: { storeId: number; price: number | null; source: string | null }[] }>(`/items/${milk.id}?storeIds=${itakeskus.id}`);
    expect(detail.storeItems).toEqual([expect.objectContaining({ storeId: itakeskus.id, price: 119, source: 'open-prices' })]);

    // A cart of real products compares across the real stores (a store without a price gets the spec's estimate).
    const coffee = (await api<{ id: number; ean: string }[]>(`/items?search=mokka&storeIds=${storeIds}`)).find((item) => item.ean === '6410405082657')!;
    const totals = await api<Record<string, { total: number; estimatedCount: number; cheapest: boolean }>>('/shoppingCartComparisons/storeTotals', {
      method: 'POST',
      body: JSON.stringify({ storeIds: [itakeskus.id, hervanta.id], type: 'default', items: [{ itemId: milk.id, quantity: 2 }, { itemId: coffee.id, quantity: 1 }] }),
    });
    expect(Object.keys(totals).sort()).toEqual([String(itakeskus.id), String(hervanta.id)].sort());
    expect(Object.values(totals).filter((t) => t.cheapest)).toHaveLength(1);
    expect(Object.values(totals).every((t) => t.total > 0)).toBe(true);
  });

  it('names the source it cannot reach and keeps the site answering with what it has', async () => {
    const closed = await freePort(); // nothing listens there
    const { host, api } = await boot({ OPEN_DATA_URL: `http://127.0.0.1:${closed}` });
    const steps = (await host.openDataFill)!;
    expect(steps[0]).toMatchObject({ source: 'osm', outcome: 'unreachable' });
    expect(steps[0].reason).toContain(`127.0.0.1:${closed}`);
    expect(steps[1]).toMatchObject({ source: 'open-prices', outcome: 'skipped' });
    expect(await api<unknown[]>('/stores?search=Prisma')).toEqual([]);
    expect((await api<{ id: number }[]>('/categories')).length).toBeGreaterThan(0); // the category tree is there for real products
  });
});
