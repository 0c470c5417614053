import { DemoData, generateDemoData } from '@hintakori/demo-data';
import { OfferDto, StoreDto, StoreMinimalDto, STORE_PAGE_SIZE, StoresPatterns } from '@hintakori/stores-contracts';
import { createTestDatabase, startTestService, TestDatabase, testConfig, TestService } from '@hintakori/testing';
import { firstValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { helsinkiDate, isoWeekday, openingWindow } from './opening-window';
import { StoresModule } from './stores.module';
import { StoresSeeder } from './stores.seeder';

const ALL_CHAINS = ['prisma', 's-market', 'alepa', 'sale', 'abc', 'herkku', 'kcitymarket', 'ksupermarket', 'kmarket', 'nokm', 'lidl'];

describe('stores demo data seeding (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let demo: DemoData;
  const send = <T>(pattern: string, data: unknown): Promise<T> => firstValueFrom(service.client.send<T>(pattern, data));

  async function allMinimal(): Promise<StoreMinimalDto[]> {
    const stores: StoreMinimalDto[] = [];
    for (let skip = 0; ; skip += STORE_PAGE_SIZE) {
      const page = await send<StoreMinimalDto[]>(StoresPatterns.Minimal, { skip, limit: STORE_PAGE_SIZE });
      stores.push(...page);
      if (page.length < STORE_PAGE_SIZE) return stores;
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(StoresModule.forRoot(testConfig(db.url, { SEED_DEMO_DATA: 'true' })));
    demo = generateDemoData({ today: helsinkiDate(new Date()) });
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('seeds every demo store of all eleven chains at boot', async () => {
    const stores = await allMinimal();
    expect(stores.length).toBeGreaterThanOrEqual(160);
    expect(stores).toHaveLength(demo.stores.length);
    expect(new Set(stores.map((store) => store.chain))).toEqual(new Set(ALL_CHAINS));
    const lidl = stores.find((store) => store.chain === 'lidl');
    expect(lidl?.type).toBe('L');
  });

  it('serves seeded opening hours, the exceptions of this week and offers', async () => {
    const window = openingWindow(new Date());
    const withException = demo.stores.find((store) => store.exceptions.some((e) => e.date >= window.from && e.date <= window.to));
    expect(withException).toBeDefined();
    const store = await send<StoreDto>(StoresPatterns.Get, { id: withException!.id });
    expect(store.name).toBe(withException!.name);
    expect(store.openingTimes.map((entry) => entry.date)).toEqual(window.days.map((day) => day.date));
    for (const entry of store.openingTimes) {
      const regular = withException!.weeklyHours.find((hours) => hours.weekday === isoWeekday(entry.date))!;
      expect(entry.isOpenAllDay).toBe(regular.isOpenAllDay);
      if (!regular.isOpenAllDay) expect([entry.opens, entry.closes]).toEqual([regular.opens, regular.closes]);
    }
    expect(store.openingTimeExceptions.map((entry) => entry.date)).toEqual(
      withException!.exceptions
        .filter((e) => e.date >= window.from && e.date <= window.to)
        .map((e) => e.date)
        .sort(),
    );

    const offer = demo.offers[0];
    const offers = await send<OfferDto[]>(StoresPatterns.OffersByStore, { storeId: offer.storeId });
    expect(offers).toContainEqual({ id: offer.id, name: offer.name, image: offer.image });
    expect(offers).toHaveLength(demo.offers.filter((o) => o.storeId === offer.storeId).length);
  });

  it('does not seed twice, even when two replicas try at the same moment', async () => {
    const seeder = service.app.get(StoresSeeder);
    const before = (await allMinimal()).length;
    expect((await seeder.seed()).seeded).toBe(false);
    expect(await allMinimal()).toHaveLength(before);

    const fresh = await createTestDatabase();
    const other = await startTestService(StoresModule.forRoot(testConfig(fresh.url)));
    try {
      const otherSeeder = other.app.get(StoresSeeder);
      const results = await Promise.all([otherSeeder.seed(), otherSeeder.seed()]);
      expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
      const seeded = results.find((result) => result.seeded)!;
      expect(seeded.generateMs + seeded.writeMs).toBeLessThan(30_000);
      process.stdout.write(
        `stores seeding: ${seeded.stores} stores and ${seeded.offers} offers; generated in ${seeded.generateMs} ms, written in ${seeded.writeMs} ms\n`,
      );
    } finally {
      await other.close();
      await fresh.drop();
    }
  });

  it('has a schema that matches the entities exactly (nothing for TypeORM to generate)', async () => {
    const sql = await service.app.get(DataSource).driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((query) => query.query)).toEqual([]);
  });
});
