import { OfferDto, STORE_LIMITS, StoreDto, StoreMinimalDto, StoresPatterns } from '@hintakori/stores-contracts';
import { createTestDatabase, startTestService, TestDatabase, testConfig, TestService } from '@hintakori/testing';
import { DataSource } from 'typeorm';
import { firstValueFrom } from 'rxjs';
import { addDays, helsinkiDate, isoWeekday } from './opening-window';
import { StoreImportRepository, StoreInput } from './store-import.repository';
import { StoresModule } from './stores.module';

const HELSINKI = { city: 'Helsinki' };
const FIXTURE_STORES: StoreInput[] = [
  {
    id: 1,
    name: 'Prisma Kamppi',
    urlSlug: 'prisma-kamppi',
    chain: 'prisma',
    externalId: 'S1',
    address: 'Urho Kekkosen katu 1',
    postalCode: '00100',
    ...HELSINKI,
    lat: 60.17,
    long: 24.93,
  },
  {
    id: 2,
    name: 'Alepa Kamppi',
    urlSlug: 'alepa-kamppi',
    chain: 'alepa',
    externalId: 'S2',
    address: 'Fredrikinkatu 48',
    postalCode: '00100',
    ...HELSINKI,
    lat: 60.1675,
    long: 24.9318,
  },
  {
    id: 3,
    name: 'K-Market Kallio',
    urlSlug: 'k-market-kallio',
    chain: 'kmarket',
    externalId: 'K3',
    address: 'Helsinginkatu 20',
    postalCode: '00500',
    ...HELSINKI,
    lat: 60.18,
    long: 24.94,
  },
  {
    id: 4,
    name: 'K-Supermarket Töölö',
    urlSlug: 'k-supermarket-toolo',
    chain: 'ksupermarket',
    externalId: 'K4',
    address: 'Runeberginkatu 40',
    postalCode: '00260',
    ...HELSINKI,
    lat: 60.1795,
    long: 24.9245,
  },
  {
    id: 5,
    name: 'Lidl Leppävaara',
    urlSlug: 'lidl-leppavaara',
    chain: 'lidl',
    externalId: 'L5',
    address: 'Leppävaarankatu 3',
    postalCode: '02600',
    city: 'Espoo',
    lat: 60.219,
    long: 24.813,
  },
  {
    id: 6,
    name: 'Duo Hervanta',
    urlSlug: 'duo-hervanta',
    chain: 'sale',
    externalId: 'S6',
    address: 'Insinöörinkatu 23',
    postalCode: '33720',
    city: 'Tampere',
    lat: 61.45,
    long: 23.851,
  },
  {
    id: 7,
    name: 'Neste Sörnäinen',
    urlSlug: 'neste-sornainen',
    chain: 'nokm',
    externalId: 'K7',
    address: 'Sörnäisten rantatie 1',
    postalCode: '00530',
    ...HELSINKI,
    lat: 60.186,
    long: 24.964,
  },
  {
    id: 8,
    name: 'S-Market Kallio',
    urlSlug: 's-market-kallio',
    chain: 's-market',
    externalId: 'S8',
    address: 'Fleminginkatu 4',
    postalCode: '00530',
    ...HELSINKI,
    lat: 60.185,
    long: 24.95,
  },
  {
    id: 9,
    name: 'K-Citymarket Ruoholahti',
    urlSlug: 'k-citymarket-ruoholahti',
    chain: 'kcitymarket',
    externalId: 'K9',
    address: 'Itämerenkatu 21',
    postalCode: '00180',
    ...HELSINKI,
    lat: 60.163,
    long: 24.911,
  },
  {
    id: 10,
    name: 'Herkku Stockmann',
    urlSlug: 'herkku-stockmann',
    chain: 'herkku',
    externalId: 'S10',
    address: 'Aleksanterinkatu 52',
    postalCode: '00100',
    ...HELSINKI,
    lat: 60.1686,
    long: 24.9418,
  },
  {
    id: 11,
    name: 'S-Market Oulunkylä',
    urlSlug: 's-market-oulunkyla',
    chain: 's-market',
    externalId: 'S11',
    address: 'Kylänvanhimmantie 29',
    postalCode: '00640',
    ...HELSINKI,
    lat: 60.2286,
    long: 24.9665,
  },
];
/** 240 stores in Oulu, in pairs with the same name, so paging has to break ties by id. */
const FILLER_STORES: StoreInput[] = Array.from({ length: 240 }, (_, k) => ({
  id: 340 - k,
  name: `Testikauppa ${String(Math.floor(k / 2)).padStart(3, '0')}`,
  urlSlug: `testikauppa-${k}`,
  chain: 'kmarket',
  externalId: `F${k}`,
  address: `Kauppatori ${k}`,
  postalCode: '90100',
  city: 'Oulu',
  lat: 65.01,
  long: 25.47 + k * 0.0001,
}));
const ALL_STORE_COUNT = FIXTURE_STORES.length + FILLER_STORES.length;

/** Helsinki centre, with a point in it the distances are measured from. */
const CENTRE_BOX = { minLat: 60.16, minLong: 24.9, maxLat: 60.19, maxLong: 24.97 };
const POINT = { lat: 60.17, long: 24.94 };

describe('stores service (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  const today = helsinkiDate(new Date());
  const send = <T>(pattern: string, data: unknown): Promise<T> => firstValueFrom(service.client.send<T>(pattern, data));
  const sendError = (pattern: string, data: unknown): Promise<{ statusCode: number; message: string }> =>
    send(pattern, data).then(
      () => Promise.reject(new Error(`${pattern} should have failed`)),
      (error: { statusCode: number; message: string }) => error,
    );
  const search = (text: string, limit = 20) => send<StoreDto[]>(StoresPatterns.Search, { search: text, limit });

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(StoresModule.forRoot(testConfig(db.url)));
    const importer = service.app.get(StoreImportRepository);
    await service.app.get(DataSource).transaction(async (manager) => {
      await importer.upsertStores(manager, [...FIXTURE_STORES, ...FILLER_STORES]);
      // Prisma Kamppi: 7-22 on weekdays and Saturday, 10-22 on Sunday. Alepa Kamppi: open round the clock.
      await importer.upsertWeeklyHours(manager, [
        ...[1, 2, 3, 4, 5, 6].map((weekday) => ({ storeId: 1, weekday, opens: '07:00', closes: '22:00', isOpenAllDay: false })),
        { storeId: 1, weekday: 7, opens: '10:00', closes: '22:00', isOpenAllDay: false },
        ...[1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ storeId: 2, weekday, opens: null, closes: null, isOpenAllDay: true })),
      ]);
      await importer.upsertExceptions(manager, [
        { storeId: 1, date: addDays(today, -2), opens: null, closes: null, isOpenAllDay: false, description: 'before the window' },
        { storeId: 1, date: addDays(today, -1), opens: '12:00', closes: '18:00', isOpenAllDay: false, description: 'yesterday' },
        { storeId: 1, date: addDays(today, 6), opens: null, closes: null, isOpenAllDay: false, description: 'closed in six days' },
        { storeId: 1, date: addDays(today, 7), opens: '09:00', closes: '15:00', isOpenAllDay: false, description: 'after the window' },
      ]);
      await importer.upsertOffers(manager, [
        { id: 501, storeId: 1, itemId: 11, name: 'Banaani', image: 'https://images.example/banaani.jpg' },
        { id: 502, storeId: 1, itemId: 12, name: 'Maito 1 l', image: 'https://images.example/maito.jpg' },
        { id: 503, storeId: 3, itemId: 11, name: 'Banaani', image: 'https://images.example/banaani-k.jpg' },
      ]);
    });
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  describe('search', () => {
    it('finds stores by a district in the name, case-insensitively', async () => {
      const names = (await search('KAMPPI')).map((store) => store.name);
      expect(names.slice(0, 2).sort()).toEqual(['Alepa Kamppi', 'Prisma Kamppi']);
    });

    it('finds stores by chain display name even when the name does not say it', async () => {
      expect((await search('sale')).map((store) => store.id)).toEqual([6]);
      expect((await search('Neste K')).map((store) => store.id)[0]).toBe(7);
      expect((await search('prisma'))[0].name).toBe('Prisma Kamppi');
    });

    it('finds stores by city and by street address', async () => {
      expect((await search('espoo')).map((store) => store.id)).toEqual([5]);
      expect((await search('tampere')).map((store) => store.id)).toEqual([6]);
      expect((await search('runeberginkatu')).map((store) => store.id)).toEqual([4]);
    });

    it('ignores accents and hyphens: töölö, toolo, kmarket and k-market', async () => {
      expect((await search('töölö'))[0].id).toBe(4);
      expect((await search('toolo'))[0].id).toBe(4);
      expect((await search('kmarket kallio'))[0].name).toBe('K-Market Kallio');
      expect((await search('K-Market Kallio'))[0].name).toBe('K-Market Kallio');
    });

    it('reads a store slug as words', async () => {
      expect((await search('k-market-kallio'))[0].id).toBe(3);
      expect((await search('k-supermarket-toolo'))[0].id).toBe(4);
    });

    it('ranks a whole-word city match above a name that merely starts with the word', async () => {
      const oulu = await search('oulu', STORE_LIMITS.search.max);
      expect(oulu).toHaveLength(STORE_LIMITS.search.max);
      expect(oulu.every((store) => store.city === 'Oulu')).toBe(true);
      expect((await search('oulunkylä')).map((store) => store.id)).toEqual([11]);
    });

    it('needs every word to match, so the chain plus district narrows the result', async () => {
      const results = await search('kmarket kallio');
      expect(results.map((store) => store.id)).not.toContain(101);
      expect(results.every((store) => store.name.includes('Kallio'))).toBe(true);
    });

    it('falls back to the stores matching the most words when none matches them all', async () => {
      expect((await search('prisma kamppi tampere'))[0].id).toBe(1);
      const some = await search('kmarket kamppi', 5);
      expect(
        some
          .slice(0, 3)
          .map((store) => store.id)
          .sort(),
      ).toEqual([1, 2, 3]);
      expect(some).toHaveLength(5);
    });

    it('tolerates typos', async () => {
      expect((await search('kampi')).map((store) => store.id).sort()).toEqual([1, 2]);
      expect((await search('prismaa'))[0].id).toBe(1);
      expect((await search('leppävara')).map((store) => store.id)).toEqual([5]);
      expect((await search('kmarket kalio'))[0].name).toBe('K-Market Kallio');
    });

    it('finds nothing for text that matches no store', async () => {
      expect(await search('xyzzyqwv')).toEqual([]);
    });

    it('returns at most limit stores, and the first stores by name for an empty search', async () => {
      expect(await search('helsinki', 3)).toHaveLength(3);
      const first = await search('', 3);
      expect(first.map((store) => store.name)).toEqual(['Alepa Kamppi', 'Duo Hervanta', 'Herkku Stockmann']);
    });

    it('returns full stores with dated opening times', async () => {
      const [store] = await search('prisma kamppi');
      expect(store).toMatchObject({
        id: 1,
        name: 'Prisma Kamppi',
        urlSlug: 'prisma-kamppi',
        chain: 'prisma',
        type: 'S',
        externalId: 'S1',
        address: 'Urho Kekkosen katu 1',
        postalCode: '00100',
        city: 'Helsinki',
        lat: 60.17,
        long: 24.93,
      });
      expect(store.openingTimes).toHaveLength(8);
      expect(store).not.toHaveProperty('distance');
    });

    it('rejects a search that is not text and a limit out of range', async () => {
      expect(await sendError(StoresPatterns.Search, { search: 42, limit: 20 })).toMatchObject({ statusCode: 400, message: 'search must be text, got 42' });
      expect(await sendError(StoresPatterns.Search, { search: 'a', limit: 0 })).toMatchObject({ statusCode: 400 });
    });
  });

  describe('in box', () => {
    it('returns only the stores inside the box, by name without a point', async () => {
      const stores = await send<StoreDto[]>(StoresPatterns.InBox, { ...CENTRE_BOX, limit: 1000 });
      expect(stores.map((store) => store.id)).toEqual([2, 10, 9, 3, 4, 7, 1, 8]);
      expect(stores.some((store) => 'distance' in store)).toBe(false);
    });

    it('sorts nearest first with whole metres (haversine, 6378 km) when a point is given', async () => {
      const stores = await send<StoreDto[]>(StoresPatterns.InBox, { ...CENTRE_BOX, ...POINT, limit: 1000 });
      expect(stores.map((store) => [store.id, store.distance])).toEqual([
        [10, 185],
        [2, 533],
        [1, 554],
        [3, 1113],
        [4, 1362],
        [8, 1759],
        [9, 1785],
        [7, 2222],
      ]);
    });

    it('measures from a point too small for float8 arithmetic (5e-324, found by the contract gate) as from 0', async () => {
      const tiny = await send<StoreDto[]>(StoresPatterns.InBox, { ...CENTRE_BOX, lat: 5e-324, long: POINT.long, limit: 1000 });
      const zero = await send<StoreDto[]>(StoresPatterns.InBox, { ...CENTRE_BOX, lat: 0, long: POINT.long, limit: 1000 });
      expect(tiny.map((store) => [store.id, store.distance])).toEqual(zero.map((store) => [store.id, store.distance]));
      expect(tiny).toHaveLength(8);
    });

    it('keeps the nearest when limited; a store on the edge is inside, one just beyond it is not', async () => {
      const nearest = await send<StoreDto[]>(StoresPatterns.InBox, { ...CENTRE_BOX, ...POINT, limit: 2 });
      expect(nearest.map((store) => store.id)).toEqual([10, 2]);
      const narrow = await send<StoreDto[]>(StoresPatterns.InBox, { minLat: 60.168, minLong: 24.93, maxLat: 60.1799, maxLong: 24.95, limit: 1000 });
      expect(narrow.map((store) => store.id).sort((a, b) => a - b)).toEqual([1, 10]);
    });

    it('finds nothing in an empty box, rejects an inverted box and ignores a lone latitude', async () => {
      expect(await send(StoresPatterns.InBox, { minLat: 0, minLong: 0, maxLat: 1, maxLong: 1, limit: 10 })).toEqual([]);
      expect(await sendError(StoresPatterns.InBox, { ...CENTRE_BOX, minLat: 61, limit: 10 })).toMatchObject({
        statusCode: 400,
        message: 'minLat (61) must not be greater than maxLat (60.19)',
      });
      expect(await send(StoresPatterns.InBox, { ...CENTRE_BOX, lat: 60.17, limit: 10 })).toEqual(await send(StoresPatterns.InBox, { ...CENTRE_BOX, limit: 10 }));
      expect(await sendError(StoresPatterns.InBox, { ...CENTRE_BOX, minLat: 'north', limit: 10 })).toMatchObject({ statusCode: 400 });
    });
  });

  describe('minimal list', () => {
    it('pages by 200 in a stable name, id order with no store twice or missing', async () => {
      const first = await send<StoreMinimalDto[]>(StoresPatterns.Minimal, { skip: 0, limit: 200 });
      const second = await send<StoreMinimalDto[]>(StoresPatterns.Minimal, { skip: 200, limit: 200 });
      const third = await send<StoreMinimalDto[]>(StoresPatterns.Minimal, { skip: 400, limit: 200 });
      expect(first).toHaveLength(200);
      expect(second).toHaveLength(ALL_STORE_COUNT - 200);
      expect(third).toEqual([]);
      const ids = [...first, ...second].map((store) => store.id);
      expect(new Set(ids).size).toBe(ALL_STORE_COUNT);
      expect(await send(StoresPatterns.Minimal, { skip: 0, limit: 200 })).toEqual(first);

      expect(first[0]).toEqual({ id: 2, name: 'Alepa Kamppi', urlSlug: 'alepa-kamppi', chain: 'alepa', type: 'S' });
      // Same-named stores come by id, also across the page boundary.
      const fillers = [...first, ...second].filter((store) => store.name.startsWith('Testikauppa'));
      for (let i = 1; i < fillers.length; i++) {
        const [previous, current] = [fillers[i - 1], fillers[i]];
        expect(previous.name < current.name || (previous.name === current.name && previous.id < current.id)).toBe(true);
      }
    });

    it('defaults to the first page of 200 and rejects a negative skip', async () => {
      expect(await send<StoreMinimalDto[]>(StoresPatterns.Minimal, {})).toHaveLength(200);
      expect(await sendError(StoresPatterns.Minimal, { skip: -1, limit: 200 })).toMatchObject({ statusCode: 400 });
    });
  });

  describe('get and get many', () => {
    it('returns one store and 404s an unknown id', async () => {
      expect((await send<StoreDto>(StoresPatterns.Get, { id: 3 })).name).toBe('K-Market Kallio');
      expect(await sendError(StoresPatterns.Get, { id: 999999 })).toMatchObject({ statusCode: 404, message: 'Store 999999 not found' });
      expect(await sendError(StoresPatterns.Get, { id: 'abc' })).toMatchObject({ statusCode: 400 });
    });

    it('returns the known stores of many ids in the order asked, skipping unknown ones', async () => {
      const stores = await send<StoreDto[]>(StoresPatterns.GetMany, { ids: [9, 1, 999999, 4] });
      expect(stores.map((store) => store.id)).toEqual([9, 1, 4]);
      expect(stores[0].type).toBe('K');
      expect(await send(StoresPatterns.GetMany, { ids: [] })).toEqual([]);
    });
  });

  describe('opening times', () => {
    it('dates eight regular days, yesterday to six days ahead, and the exceptions in that window', async () => {
      const store = await send<StoreDto>(StoresPatterns.Get, { id: 1 });
      const dates = Array.from({ length: 8 }, (_, i) => addDays(today, i - 1));
      expect(store.openingTimes.map((entry) => entry.date)).toEqual(dates);
      for (const entry of store.openingTimes) {
        const sunday = isoWeekday(entry.date) === 7;
        expect(entry).toEqual({ date: entry.date, opens: sunday ? '10:00' : '07:00', closes: '22:00', isOpenAllDay: false, description: null });
      }
      expect(store.openingTimeExceptions).toEqual([
        { date: addDays(today, -1), opens: '12:00', closes: '18:00', isOpenAllDay: false, description: 'yesterday' },
        { date: addDays(today, 6), opens: null, closes: null, isOpenAllDay: false, description: 'closed in six days' },
      ]);
    });

    it('shows round-the-clock stores as open all day without times, and no entries for a store without hours', async () => {
      const [allDay, noHours] = await send<StoreDto[]>(StoresPatterns.GetMany, { ids: [2, 3] });
      expect(allDay.openingTimes).toHaveLength(8);
      expect(allDay.openingTimes.every((entry) => entry.isOpenAllDay && entry.opens === null && entry.closes === null)).toBe(true);
      expect(noHours.openingTimes).toEqual([]);
      expect(noHours.openingTimeExceptions).toEqual([]);
    });
  });

  describe('offers', () => {
    it("lists a store's offers, none for a store without, and 404s an unknown store", async () => {
      expect(await send<OfferDto[]>(StoresPatterns.OffersByStore, { storeId: 1 })).toEqual([
        { id: 501, name: 'Banaani', image: 'https://images.example/banaani.jpg' },
        { id: 502, name: 'Maito 1 l', image: 'https://images.example/maito.jpg' },
      ]);
      expect(await send(StoresPatterns.OffersByStore, { storeId: 2 })).toEqual([]);
      expect(await sendError(StoresPatterns.OffersByStore, { storeId: 424242 })).toMatchObject({ statusCode: 404, message: 'Store 424242 not found' });
    });
  });
});
