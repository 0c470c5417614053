import { StoresPatterns } from '@hintakori/stores-contracts';
import { createTestDatabase, startTestService, TestDatabase, testConfig, TestService } from '@hintakori/testing';
import { firstValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { StoreImportRepository } from './store-import.repository';
import { StoresModule } from './stores.module';
import { StoresRepository } from './stores.repository';

const CHAINS = ['prisma', 's-market', 'alepa', 'sale', 'abc', 'herkku', 'kcitymarket', 'ksupermarket', 'kmarket', 'nokm', 'lidl'] as const;
const CITIES = ['Helsinki', 'Espoo', 'Vantaa', 'Tampere', 'Turku', 'Oulu', 'Jyväskylä', 'Lahti', 'Kuopio', 'Pori'];
const DISTRICTS = ['Kamppi', 'Kallio', 'Töölö', 'Hervanta', 'Keskusta', 'Leppävaara', 'Tikkurila', 'Itäkeskus', 'Malmi', 'Lauttasaari', 'Herttoniemi', 'Pasila'];

describe('perf scratch', () => {
  let db: TestDatabase;
  let service: TestService;
  const send = <T>(pattern: string, data: unknown): Promise<T> => firstValueFrom(service.client.send<T>(pattern, data));
  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(StoresModule.forRoot(testConfig(db.url)));
    const importer = service.app.get(StoreImportRepository);
    const N = 5000;
    const stores = Array.from({ length: N }, (_, i) => ({
      id: i + 1, name: `${CHAINS[i % 11]} ${DISTRICTS[(i * 7) % DISTRICTS.length]} ${i}`, urlSlug: `s-${i}`, chain: CHAINS[i % 11], externalId: `e${i}`,
      address: `Katu ${i % 97}`, postalCode: String(10000 + i).padStart(5, '0'), city: CITIES[i % CITIES.length], lat: 60 + ((i * 37) % 800) / 100, long: 21 + ((i * 53) % 900) / 100,
    }));
    await service.app.get(DataSource).transaction(async (m) => {
      await importer.upsertStores(m, stores);
      await importer.upsertWeeklyHours(m, stores.flatMap((s) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ storeId: s.id, weekday, opens: '07:00', closes: '21:00', isOpenAllDay: false }))));
      await importer.upsertOffers(m, Array.from({ length: 50000 }, (_, i) => ({ id: i + 1, storeId: (i % N) + 1, itemId: i, name: `o${i}`, image: 'x' })));
    });
    await service.app.get(DataSource).query('ANALYZE');
  });
  afterAll(async () => { await service?.close(); await db?.drop(); });

  it.skip('plans', async () => {
    const repo = service.app.get(StoresRepository) as unknown as { dataSource: DataSource };
    const original = repo.dataSource.query.bind(repo.dataSource);
    const explained: string[] = [];
    (repo.dataSource as unknown as { query: unknown }).query = async (sql: string, params: unknown[]) => {
      const rows = await original(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
      explained.push(rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n'));
      return [];
    };
    for (const [pattern, data] of [
      [StoresPatterns.Search, { search: 'kamppi', limit: 20 }],
      [StoresPatterns.InBox, { minLat: 59, maxLat: 70, minLong: 20, maxLong: 32, lat: 60.2, long: 24.95, limit: 1000 }],
      [StoresPatterns.GetMany, { ids: Array.from({ length: 100 }, (_, i) => i * 40 + 1) }],
    ] as const) {
      await send(pattern, data).catch(() => undefined);
    }
    (repo.dataSource as unknown as { query: unknown }).query = original;
    process.stdout.write(explained.join('\n\n=====\n') + '\n');
  });

  it('measures', async () => {
    const cases: [string, string, unknown][] = [
      ['search kamppi', StoresPatterns.Search, { search: 'kamppi', limit: 20 }],
      ['search helsinki', StoresPatterns.Search, { search: 'helsinki', limit: 20 }],
      ['search kmarket kallio', StoresPatterns.Search, { search: 'kmarket kallio', limit: 20 }],
      ['search kampi typo', StoresPatterns.Search, { search: 'kampi', limit: 20 }],
      ['search k', StoresPatterns.Search, { search: 'k', limit: 20 }],
      ['search empty', StoresPatterns.Search, { search: '', limit: 20 }],
      ['box 5km + point', StoresPatterns.InBox, { minLat: 60.15, maxLat: 60.25, minLong: 24.85, maxLong: 25.05, lat: 60.2, long: 24.95, limit: 1000 }],
      ['box all finland', StoresPatterns.InBox, { minLat: 59, maxLat: 70, minLong: 20, maxLong: 32, lat: 60.2, long: 24.95, limit: 1000 }],
      ['minimal skip 4800', StoresPatterns.Minimal, { skip: 4800, limit: 200 }],
      ['get', StoresPatterns.Get, { id: 1234 }],
      ['getMany 100', StoresPatterns.GetMany, { ids: Array.from({ length: 100 }, (_, i) => i * 40 + 1) }],
      ['offers', StoresPatterns.OffersByStore, { storeId: 77 }],
    ];
    for (const [label, pattern, data] of cases) {
      const times: number[] = [];
      let n = 0;
      for (let i = 0; i < 60; i++) {
        const t = performance.now();
        const r = await send<unknown[]>(pattern, data);
        times.push(performance.now() - t);
        n = Array.isArray(r) ? r.length : 1;
      }
      times.sort((a, b) => a - b);
      process.stdout.write(`${label.padEnd(24)} rows=${String(n).padEnd(5)} p50=${times[30].toFixed(2)}ms p95=${times[57].toFixed(2)}ms\n`);
    }
    const repo = service.app.get(StoresRepository);
    const { openingWindow } = await import('./opening-window');
    const { StoresService } = await import('./stores.service');
    const svc = service.app.get(StoresService);
    const box = { minLat: 59, maxLat: 70, minLong: 20, maxLong: 32 };
    for (const [label, fn] of [
      ['repo inBox 1000', () => repo.inBox(box, { lat: 60.2, long: 24.95 }, 1000, openingWindow(new Date()))],
      ['service inBox 1000', () => svc.inBox({ ...box, lat: 60.2, long: 24.95, limit: 1000 })],
      ['raw query ids only', () => service.app.get(DataSource).query('SELECT id FROM stores.stores s WHERE point(s.long, s.lat) <@ box(point(20,59), point(32,70)) LIMIT 1000')],
    ] as [string, () => Promise<unknown>][]) {
      const times: number[] = [];
      for (let i = 0; i < 30; i++) { const t = performance.now(); await fn(); times.push(performance.now() - t); }
      times.sort((a, b) => a - b);
      process.stdout.write(`${label.padEnd(24)} p50=${times[15].toFixed(2)}ms\n`);
    }
    const payload = JSON.stringify(await svc.inBox({ ...box, lat: 60.2, long: 24.95, limit: 1000 }));
    process.stdout.write(`payload ${payload.length} bytes\n`);
    const ds = service.app.get(DataSource);
    const plan = async (sql: string, params: unknown[]) => process.stdout.write((await ds.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params)).map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n') + '\n\n');
    await plan(`SELECT s.id FROM stores.stores s WHERE point(s.long, s.lat) <@ box(point($1, $2), point($3, $4))`, [24.85, 60.15, 25.05, 60.25]);
    await plan(`SELECT s.id, s.name FROM stores.stores s JOIN stores.chains c ON c.id = s.chain_id ORDER BY s.name, s.id OFFSET $1 LIMIT $2`, [4800, 200]);
  });
});
