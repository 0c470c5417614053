import { IngestTopics, OfferUpsertedEvent, StoreUpsertedEvent } from '@hintakori/price-ingest-contracts';
import { callService } from '@hintakori/platform-messaging';
import { OfferDto, StoreDto, StoresPatterns } from '@hintakori/stores-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { lastValueFrom } from 'rxjs';
import { addDays, helsinkiDate } from '../opening-window';
import { StoresModule } from '../stores.module';
import { parseOfferUpsertedEvent, parseStoreUpsertedEvent } from './store-events.parsing';
import { StoreEventsProjection } from './store-events.projection';

const today = helsinkiDate(new Date());
const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY).toISOString();

function storeEvent(storeId: number, observedAt: string, overrides: Partial<StoreUpsertedEvent> = {}): StoreUpsertedEvent {
  return {
    storeId,
    externalId: `S${storeId}`,
    chain: 'prisma',
    type: 'S',
    name: `Prisma Testi ${storeId}`,
    urlSlug: `prisma-testi-${storeId}`,
    address: 'Testikatu 1',
    postalCode: '00100',
    city: 'Helsinki',
    lat: 60.17,
    long: 24.93,
    weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '21:00', isOpenAllDay: false })),
    exceptions: [{ date: addDays(today, 1), opens: '10:00', closes: '18:00', isOpenAllDay: false, description: 'Pyhäpäivä' }],
    observedAt,
    source: 's-group',
    ...overrides,
  };
}

function offerEvent(offerId: number, storeId: number, observedAt: string, overrides: Partial<OfferUpsertedEvent> = {}): OfferUpsertedEvent {
  return { offerId, storeId, itemId: 100 + offerId, name: `Tarjous ${offerId}`, image: null, validUntil: null, observedAt, source: 's-group', ...overrides };
}

const store = (event: StoreUpsertedEvent) => {
  const parsed = parseStoreUpsertedEvent(event);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.event;
};
const offer = (event: OfferUpsertedEvent) => {
  const parsed = parseOfferUpsertedEvent(event);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.event;
};

describe('stores.upserted and offers.upserted projections (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let projection: StoreEventsProjection;
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(StoresModule.forRoot(testConfig(db.url), { seedFromFeed: false }));
    projection = service.app.get(StoreEventsProjection);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  const snapshot = async () => ({
    stores: (await sql.query('SELECT * FROM stores.stores ORDER BY id')).rows,
    hours: (await sql.query('SELECT * FROM stores.opening_hours ORDER BY store_id, weekday')).rows,
    exceptions: (await sql.query('SELECT * FROM stores.opening_exceptions ORDER BY store_id, date')).rows,
    chains: (await sql.query('SELECT * FROM stores.chains ORDER BY id')).rows,
    offers: (await sql.query('SELECT * FROM stores.offers ORDER BY id')).rows,
  });
  const get = (id: number) => callService<StoreDto>(service.client, StoresPatterns.Get, { id });

  it('projects a store with its week and exceptions, searchable at once', async () => {
    expect(await projection.applyStoreUpserts([store(storeEvent(1, ago(2)))])).toBe(1);
    const dto = await get(1);
    expect(dto).toMatchObject({ id: 1, name: 'Prisma Testi 1', chain: 'prisma', type: 'S', externalId: 'S1', lat: 60.17, long: 24.93 });
    expect(dto.openingTimes.find((e) => e.date === today)).toMatchObject({ opens: '08:00', closes: '21:00' });
    expect(dto.openingTimeExceptions).toEqual([{ date: addDays(today, 1), opens: '10:00', closes: '18:00', isOpenAllDay: false, description: 'Pyhäpäivä' }]);
    const found = await callService<StoreDto[]>(service.client, StoresPatterns.Search, { search: 'testi 1' });
    expect(found.map((s) => s.id)).toContain(1);
  });

  it('changes nothing on a replay or an older event; a newer one replaces the week and the exceptions', async () => {
    const before = await snapshot();
    expect(await projection.applyStoreUpserts([store(storeEvent(1, ago(2)))])).toBe(0);
    expect(await projection.applyStoreUpserts([store(storeEvent(1, ago(3), { name: 'Vanha nimi', weeklyHours: [] }))])).toBe(0);
    expect(await snapshot()).toEqual(before);

    const newer = storeEvent(1, ago(1), {
      name: 'Prisma Uusi',
      weeklyHours: [{ weekday: 1, opens: null, closes: null, isOpenAllDay: true }],
      exceptions: [],
    });
    expect(await projection.applyStoreUpserts([store(newer)])).toBe(1);
    const after = await snapshot();
    expect(after.stores[0]).toMatchObject({ name: 'Prisma Uusi' });
    expect(after.hours).toEqual([{ store_id: 1, weekday: 1, opens: null, closes: null, is_open_all_day: true }]);
    expect(after.exceptions).toEqual([]);
  });

  it('keeps the newest of duplicates in a batch and adds a chain it does not know', async () => {
    const changed = await projection.applyStoreUpserts([
      store(storeEvent(2, ago(1), { name: 'Uusin', chain: 'lahikauppa', type: 'L' })),
      store(storeEvent(2, ago(3), { name: 'Vanhin' })),
      store(storeEvent(2, ago(2), { name: 'Keskimmäinen' })),
    ]);
    expect(changed).toBe(1);
    expect(await get(2)).toMatchObject({ name: 'Uusin', chain: 'lahikauppa', type: 'L' });
  });

  it('lists offers that have not ended, newer events winning, replays changing nothing, whatever arrives first', async () => {
    const batch = [
      offer(offerEvent(1, 1, ago(2))),
      offer(offerEvent(2, 1, ago(2), { validUntil: ago(1) })), // already ended
      offer(offerEvent(3, 1, ago(2), { validUntil: ago(-5), image: 'https://example.invalid/3.jpg' })),
      offer(offerEvent(4, 99, ago(2))), // its store has not arrived yet
      offer(offerEvent(1, 1, ago(3), { name: 'Vanha' })),
    ];
    expect(await projection.applyOfferUpserts(batch)).toBe(4);
    const listed = () => callService<OfferDto[]>(service.client, StoresPatterns.OffersByStore, { storeId: 1 });
    expect(await listed()).toEqual([
      { id: 1, name: 'Tarjous 1', image: '' },
      { id: 3, name: 'Tarjous 3', image: 'https://example.invalid/3.jpg' },
    ]);
    const before = await snapshot();
    expect(await projection.applyOfferUpserts(batch)).toBe(0);
    expect(await projection.applyOfferUpserts([offer(offerEvent(3, 1, ago(4), { validUntil: null }))])).toBe(0);
    expect(await snapshot()).toEqual(before);
    // The offer ends early: a newer event says so.
    expect(await projection.applyOfferUpserts([offer(offerEvent(3, 1, ago(0.5), { validUntil: ago(0.1) }))])).toBe(1);
    expect((await listed()).map((o) => o.id)).toEqual([1]);
    // Store 99 arrives after its offer.
    await projection.applyStoreUpserts([store(storeEvent(99, ago(1)))]);
    expect(await callService<OfferDto[]>(service.client, StoresPatterns.OffersByStore, { storeId: 99 })).toEqual([{ id: 4, name: 'Tarjous 4', image: '' }]);
  });

  it('rejects malformed events with a reason', () => {
    const bad: [unknown, string][] = [
      [{ ...storeEvent(5, ago(1)), type: 'X' }, 'type must be S, K or L, got "X"'],
      [{ ...storeEvent(5, ago(1)), lat: 91 }, 'lat must be a number from -90 to 90, got 91'],
      [
        { ...storeEvent(5, ago(1)), weeklyHours: [{ weekday: 8, opens: null, closes: null, isOpenAllDay: true }] },
        'weeklyHours[0].weekday must be a whole number from 1 to 7, got 8',
      ],
      [
        { ...storeEvent(5, ago(1)), weeklyHours: [{ weekday: 1, opens: '25:00', closes: null, isOpenAllDay: false }] },
        'weeklyHours[0].opens must be HH:MM or null, got "25:00"',
      ],
      [
        { ...storeEvent(5, ago(1)), weeklyHours: [1, 1].map((weekday) => ({ weekday, opens: null, closes: null, isOpenAllDay: true })) },
        'weeklyHours[1].weekday repeats weekday 1',
      ],
      [
        { ...storeEvent(5, ago(1)), exceptions: [0, 0].map(() => ({ date: '2026-01-01', opens: null, closes: null, isOpenAllDay: true, description: null })) },
        'exceptions[1].date repeats 2026-01-01',
      ],
      [{ ...storeEvent(5, ago(1)), observedAt: ago(-2) }, 'observedAt is more than a day in the future'],
      [{ ...storeEvent(5, ago(1)), chain: 'Prisma!' }, 'chain must be a lower-case id (a-z, 0-9, -) of at most 40 characters, got "Prisma!"'],
      [null, 'the event must be an object'],
    ];
    for (const [event, reason] of bad) expect(parseStoreUpsertedEvent(event)).toEqual({ ok: false, reason });
    expect(parseOfferUpsertedEvent({ ...offerEvent(1, 1, ago(1)), itemId: 0 })).toEqual({ ok: false, reason: 'itemId must be a positive integer, got 0' });
    expect(parseOfferUpsertedEvent({ ...offerEvent(1, 1, ago(1)), validUntil: 'soon' })).toEqual({ ok: false, reason: 'validUntil must be an ISO timestamp or null, got "soon"' });
  });

  it('consumes both topics in-process, skipping malformed events', async () => {
    await lastValueFrom(service.client.emit(IngestTopics.StoresUpserted, [storeEvent(6, ago(1)), { ...storeEvent(7, ago(1)), type: 'X' }]), {
      defaultValue: undefined,
    });
    await lastValueFrom(service.client.emit(IngestTopics.OffersUpserted, [offerEvent(60, 6, ago(1)), { nonsense: true }]), { defaultValue: undefined });
    expect((await get(6)).name).toBe('Prisma Testi 6');
    expect(await callService<OfferDto[]>(service.client, StoresPatterns.OffersByStore, { storeId: 6 })).toEqual([{ id: 60, name: 'Tarjous 60', image: '' }]);
    const missing = await callService(service.client, StoresPatterns.Get, { id: 7 }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404 });
  });

  it('keeps a chain shop’s name and hours when OpenStreetMap later sends its twin, and takes the chain’s over an OSM store', async () => {
    const osmHours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '07:00', closes: '22:00', isOpenAllDay: false }));
    await projection.applyStoreUpserts([store(storeEvent(901, ago(3), { source: 'osm', name: 'Prisma (OSM)', weeklyHours: osmHours, exceptions: [] }))]);
    expect((await get(901)).name).toBe('Prisma (OSM)');
    // The shop's own store replaces OpenStreetMap's, hours and all…
    expect(await projection.applyStoreUpserts([store(storeEvent(901, ago(2), { source: 's-kaupat', name: 'Prisma Itäkeskus' }))])).toBe(1);
    // …and a newer OSM event of the twin changes nothing.
    expect(await projection.applyStoreUpserts([store(storeEvent(901, ago(1), { source: 'osm', name: 'Prisma (OSM)', weeklyHours: osmHours, exceptions: [] }))])).toBe(0);
    const kept = await get(901);
    expect(kept).toMatchObject({ name: 'Prisma Itäkeskus', source: 's-kaupat' });
    const { rows } = await sql.query(`SELECT opens::text FROM stores.opening_hours WHERE store_id = 901 AND weekday = 1`);
    expect(rows).toEqual([{ opens: '08:00:00' }]);
  });

  it('a chain source that gives no regular week or address (K-Ruoka) keeps its twin’s, and replaces only the dates it gives', async () => {
    await projection.applyStoreUpserts([store(storeEvent(902, ago(3), { source: 'osm', chain: 'kmarket', type: 'K', address: 'Osmankatu 2', postalCode: '00510', city: 'Helsinki' }))]);
    const tomorrow = addDays(today, 1);
    const later = addDays(today, 2);
    const kRuoka = storeEvent(902, ago(2), {
      source: 'k-ruoka',
      chain: 'kmarket',
      type: 'K',
      name: 'K-Market Osmankatu',
      address: '',
      postalCode: '',
      city: '',
      weeklyHours: [],
      exceptions: [{ date: later, opens: '09:00', closes: '20:00', isOpenAllDay: false, description: null }],
    });
    expect(await projection.applyStoreUpserts([store(kRuoka)])).toBe(1);
    expect(await get(902)).toMatchObject({ name: 'K-Market Osmankatu', address: 'Osmankatu 2', postalCode: '00510', city: 'Helsinki', openingHoursKnown: true });
    const week = await sql.query(`SELECT count(*)::int AS n FROM stores.opening_hours WHERE store_id = 902`);
    expect(week.rows[0].n).toBe(7);
    const days = await sql.query(`SELECT to_char(date, 'YYYY-MM-DD') AS date, opens::text FROM stores.opening_exceptions WHERE store_id = 902 ORDER BY date`);
    expect(days.rows).toEqual([
      { date: tomorrow, opens: '10:00:00' },
      { date: later, opens: '09:00:00' },
    ]);
  });
});
