import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FeedPrice, FeedProduct, FeedRecord, FeedStore } from '../../feeds/feed-record';
import { fakeTime, MapCache } from '../http/http.testing';
import { PoliteHttp } from '../http/polite-http';
import { type PullContext, type PullPart, type RefreshPriorities, storeInPart } from '../pull-source';
import { SourceBlockedError } from '../source-http';
import { dayOf, sKaupatHours } from './s-kaupat-hours';
import { graphqlData, S_KAUPAT_RATES, S_KAUPAT_URL, SKaupatAdapter } from './s-kaupat.adapter';
import { sKaupatStandIn } from './s-kaupat.stand-in';

const FIXTURES = join(__dirname, '../../../fixtures/s-kaupat');
const NOW = new Date('2026-12-02T08:00:00Z'); // a Wednesday; the fixtures' hours run 2026-11-30 … 2026-12-20

const KEVYT = '6414893386488';
const COLA = '5449000050939';
const MOKKA = '6411300000494';
const KAURAJUOMA = '6415210007895';
const TOMAATTI = '2000501600004';
const KURKKU = '2000604700007';

const KALEVA = 's-kaupat:517609418';
const HAKANIEMI = 's-kaupat:700000010';
const ABC = 's-kaupat:649107562';

interface Run {
  records: FeedRecord[];
  logs: string[];
  requests: ReturnType<ReturnType<typeof sKaupatStandIn>['requests']>;
  lines: string[];
}

const priorities: RefreshPriorities = {
  stores: [{ externalId: KALEVA, selections: 3 }],
  eans: [{ ean: COLA, carts: 2 }],
  basketEans: [KEVYT, MOKKA],
  lastPricedAt: new Map(),
};

/** The stand-in on a port of its own, until `close`. */
async function serve(fixtureDir = FIXTURES): Promise<{ host: string; standIn: ReturnType<typeof sKaupatStandIn>; close(): Promise<void> }> {
  const standIn = sKaupatStandIn({ fixtureDir });
  const server: Server = createServer((req, res) => {
    if (!standIn(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { host: `127.0.0.1:${(server.address() as AddressInfo).port}`, standIn, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** One pull (or one part of a pull split by store: `part`) against the stand-in, or `at` one already serving. */
async function run(requestBudget: number, fixtureDir = FIXTURES, scope: { part?: PullPart; cache?: MapCache; at?: Awaited<ReturnType<typeof serve>> } = {}): Promise<Run> {
  const at = scope.at ?? (await serve(fixtureDir));
  try {
    const { host, standIn } = at;
    const before = standIn.requests().length;
    const clock = fakeTime();
    const http = new PoliteHttp({ userAgent: 'Hintakori/test', rates: { [host]: { perMinute: 600_000 } }, sleep: clock.sleep, now: clock.now, random: () => 0, cache: scope.cache ?? new MapCache(), maxRetries: 0 });
    const logs: string[] = [];
    const ctx = {
      runId: 'run-1',
      http,
      lastCompletedRunStartedAt: null,
      log: (m: string) => logs.push(m),
      requestBudget,
      refreshPriorities: async () => priorities,
      part: scope.part,
    } as unknown as PullContext;
    const adapter = new SKaupatAdapter({ now: () => NOW, pageSize: 2, hoursPerRequest: 4 });
    const input = await adapter.openInput(`http://${host}/`, ctx);
    const lines: string[] = [];
    for await (const l of input.lines) lines.push(l);
    const parse = adapter.createParser();
    const records = lines.flatMap((l, i) => parse(l, i + 1));
    return { records, logs, requests: standIn.requests().slice(before), lines };
  } finally {
    if (!scope.at) await at.close();
  }
}

const stores = (r: FeedRecord[]) => r.flatMap((x) => (x.kind === 'store' ? [x.value] : []));
const products = (r: FeedRecord[]) => r.flatMap((x) => (x.kind === 'product' ? [x.value] : []));
const prices = (r: FeedRecord[]) => r.flatMap((x) => (x.kind === 'price' ? [x.value] : []));
const rejects = (r: FeedRecord[]) => r.flatMap((x) => (x.kind === 'reject' ? [`${x.recordKind}: ${x.reason}`] : []));
const store = (r: FeedRecord[], id: string) => stores(r).find((s) => s.externalId === id) as FeedStore;
const price = (r: FeedRecord[], storeId: string, ean: string) => prices(r).filter((p) => p.externalStoreId === storeId && p.ean === ean);

describe('S-kaupat against the stand-in, through PoliteHttp', () => {
  let full: Run;
  beforeAll(async () => {
    full = await run(Infinity);
  });

  it('asks every brand with the full query text, follows the cursor, and the hours of the known-brand stores four at a time', () => {
    const search = full.requests.filter((q) => q.operationName === 'RemoteStoreSearch');
    expect(search.map((q) => [q.variables.brand, q.variables.cursor === null ? null : 'cursor'])).toEqual([
      ['PRISMA', null],
      ['PRISMA', 'cursor'],
      ['S_MARKET', null],
      ['SALE', null],
      ['ALEPA', null],
      ['ABC', null],
      ['HERKKU', null],
    ]);
    for (const q of full.requests) expect(q.query.startsWith(`query ${q.operationName}(`)).toBe(true);
    const hours = full.requests.filter((q) => q.operationName === 'RemoteStoreOpeningHours');
    // ePrisma (unknown brand) is not asked; 10 stores in requests of 4.
    expect(hours.map((q) => Object.keys(q.variables).length)).toEqual([4, 4, 2]);
    expect(hours.flatMap((q) => Object.values(q.variables))).not.toContain('700000001');
    expect(hours[0].query).toContain('s3: store(id: $s3)');
  });

  it('one store per id across brand queries, chains from the brand, coordinates from strings; other brands and places rejected', () => {
    expect(stores(full.records).map((s) => `${s.externalId} ${s.chain}`)).toEqual([
      's-kaupat:517609418 prisma',
      's-kaupat:726413330 prisma',
      's-kaupat:685839284 prisma',
      's-kaupat:700000010 s-market',
      's-kaupat:700000011 s-market',
      's-kaupat:700000020 sale',
      's-kaupat:700000030 alepa',
      's-kaupat:649107562 abc',
      's-kaupat:700000040 herkku',
    ]);
    expect(rejects(full.records)).toEqual(
      expect.arrayContaining(['store: unknown S group brand "eprisma" of store 700000001', 'store: coordinates 58.365412, 26.692038 are outside Finland']),
    );
    expect(store(full.records, HAKANIEMI)).toMatchObject({
      type: 'S',
      name: 'S-market Hakaniemi Helsinki',
      urlSlug: 's-market-hakaniemi-helsinki',
      address: 'Hämeentie 3',
      postalCode: '00530',
      city: 'Helsinki',
      lat: 60.18465,
      long: 24.9514,
      openingHoursKnown: true,
    });
  });

  it('the regular week and the dated days that differ from it, with the holiday named; a close at 00:00 or after midnight is 24:00', () => {
    const kaleva = store(full.records, KALEVA);
    expect(kaleva.weeklyHours).toEqual([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: null, closes: null, isOpenAllDay: true })));
    expect(kaleva.exceptions).toEqual([{ date: '2026-12-06', opens: '10:00', closes: '20:00', isOpenAllDay: false, description: 'Itsenäisyyspäivä' }]);
    const hameenkatu = store(full.records, 's-kaupat:726413330');
    expect(hameenkatu.weeklyHours.map((d) => `${d.weekday} ${d.opens}-${d.closes}`)).toEqual([
      '1 06:00-24:00',
      '2 06:00-24:00',
      '3 06:00-24:00',
      '4 06:00-24:00',
      '5 06:00-24:00',
      '6 07:00-24:00',
      '7 09:00-24:00',
    ]);
    expect(hameenkatu.exceptions).toEqual([{ date: '2026-12-06', opens: '10:00', closes: '22:00', isOpenAllDay: false, description: 'Itsenäisyyspäivä' }]);
    const hyhky = store(full.records, 's-kaupat:700000011');
    expect(hyhky.weeklyHours.filter((d) => d.weekday >= 4 && d.weekday <= 6).map((d) => d.closes)).toEqual(['22:00', '24:00', '24:00']);
    expect(hyhky.exceptions).toEqual([]);
    // The store came back as null from store(id): no hours from this source, said so.
    expect(store(full.records, 's-kaupat:700000020')).toMatchObject({ weeklyHours: [], exceptions: [], openingHoursKnown: false });
  });

  it('prices only for stores with a web shop, in planRefresh order: demand, basket, then whole assortments', () => {
    const priced = full.requests.filter((q) => q.operationName !== 'RemoteStoreSearch' && q.operationName !== 'RemoteStoreOpeningHours');
    const shops = new Set(priced.map((q) => String(q.variables.storeId ?? q.variables.id)));
    expect([...shops].sort()).toEqual(['517609418', '649107562', '685839284', '700000010', '700000030']);
    expect(priced.slice(0, 6).map((q) => `${q.operationName} ${q.variables.storeId} ${(q.variables.eans as string[]).join(',')} ${q.variables.limit}`)).toEqual([
      `RemoteProductsByEans 517609418 ${COLA} 1`,
      `RemoteProductsByEans 517609418 ${KEVYT},${MOKKA} 2`,
      `RemoteProductsByEans 649107562 ${KEVYT},${MOKKA} 2`,
      `RemoteProductsByEans 685839284 ${KEVYT},${MOKKA} 2`,
      `RemoteProductsByEans 700000010 ${KEVYT},${MOKKA} 2`,
      `RemoteProductsByEans 700000030 ${KEVYT},${MOKKA} 2`,
    ]);
    // Kaleva's assortment: its categories less the campaign cross-listing, two products a page.
    expect(priced.slice(6, 14).map((q) => (q.operationName === 'RemoteNavigation' ? `nav ${q.variables.id}` : `${q.variables.slug} ${q.variables.from}`))).toEqual([
      'nav 517609418',
      'maito-munat-ja-rasvat 0',
      'maito-munat-ja-rasvat 2',
      'maito-munat-ja-rasvat 4',
      'hedelmat-ja-vihannekset 0',
      'hedelmat-ja-vihannekset 2',
      'juomat 0',
      'juomat 2',
    ]);
    expect(priced).toHaveLength(21);
    expect(full.requests.filter((q) => ['726413330', '700000011', '700000020', '700000040', '700000002', '700000001'].includes(String(q.variables.storeId ?? q.variables.id)))).toEqual([]);
  });

  it('prices in cents: campaign with its end, regular price and 30-day low; deposit apart; weighed and approximate; per-store prices', () => {
    const base = { priceUnit: 'kpl', observedAt: expect.any(String) };
    expect(price(full.records, KALEVA, MOKKA)).toEqual([
      {
        ...base,
        externalStoreId: KALEVA,
        ean: MOKKA,
        price: 599,
        comparisonPrice: 1198,
        comparisonPriceUnit: 'kg',
        isCampaign: true,
        regularPrice: 749,
        deposit: null,
        campaignEndsAt: '2026-12-06T21:59:59.000Z',
        sourceLowest30d: 649,
        isApproximate: false,
      },
    ]);
    expect(price(full.records, KALEVA, COLA)).toEqual([
      { ...base, externalStoreId: KALEVA, ean: COLA, price: 219, comparisonPrice: 146, comparisonPriceUnit: 'l', isCampaign: false, regularPrice: 219, deposit: 40, campaignEndsAt: null, sourceLowest30d: null, isApproximate: false },
    ]);
    expect(price(full.records, KALEVA, TOMAATTI)[0]).toMatchObject({ price: 349, priceUnit: 'kg', comparisonPrice: 349, comparisonPriceUnit: 'kg', isApproximate: false });
    expect(price(full.records, KALEVA, KURKKU)[0]).toMatchObject({ price: 89, priceUnit: 'kpl', comparisonPrice: 254, comparisonPriceUnit: 'kg', isApproximate: true });
    expect(price(full.records, HAKANIEMI, MOKKA)[0]).toMatchObject({ price: 649, isCampaign: true, campaignEndsAt: '2026-12-13T21:59:59.000Z', sourceLowest30d: 699 });
    expect(price(full.records, HAKANIEMI, KEVYT)[0]).toMatchObject({ price: 99, comparisonPriceUnit: 'l' });
    // An EAN met by the basket and again in the store's categories is priced once in that store.
    expect(price(full.records, KALEVA, KEVYT)).toHaveLength(1);
    const observed = price(full.records, KALEVA, KEVYT)[0] as FeedPrice;
    expect(Date.parse(observed.observedAt as string)).not.toBeNaN();
  });

  it("one product line per priced EAN with the shop's fields; the category path top level first", () => {
    const all = products(full.records);
    expect(new Set(all.map((p) => p.ean)).size).toBe(all.length);
    const kaura = all.find((p) => p.ean === KAURAJUOMA) as FeedProduct;
    expect(kaura).toEqual({
      ean: KAURAJUOMA,
      name: 'Pohjolan Meijeri kaurajuoma 1 l',
      urlSlug: 'pohjolan-meijeri-kaurajuoma-1-l',
      pictureUrl: null,
      brandName: 'Pohjolan Meijeri',
      originCountry: null,
      description: null,
      ingredients: null,
      nutritionalContent: [],
      priceUnit: 'kpl',
      comparisonPriceUnit: 'l',
      category: {
        externalType: 's-kaupat',
        externalId: 'Maito, munat ja rasvat > Kasvipohjaiset juomat > Kaurajuomat',
        name: 'Kaurajuomat',
        path: ['Maito, munat ja rasvat', 'Kasvipohjaiset juomat', 'Kaurajuomat'],
      },
    });
    expect(all.find((p) => p.ean === KEVYT)?.pictureUrl).toBe('https://cdn.s-cloud.fi/v1/w_400,h_400,q_75/assets/dam-id/DyJl47EUq3HBX2A-iCv3Px.jpg');
    expect(all.find((p) => p.ean === TOMAATTI)).toMatchObject({ priceUnit: 'kg', comparisonPriceUnit: 'kg' });
    // The product comes before its first price.
    const firstProduct = full.records.findIndex((r) => r.kind === 'product' && r.value.ean === COLA);
    const firstPrice = full.records.findIndex((r) => r.kind === 'price' && r.value.ean === COLA);
    expect(firstProduct).toBeLessThan(firstPrice);
  });

  it('rejects with reasons and goes on: a GraphQL error, a truncated page, a wrong check digit, a missing price', () => {
    const reasons = rejects(full.records);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^line: S-kaupat answer not usable \(2 EAN\(s\) in s-kaupat:649107562 \(basket\)\): GraphQL errors: Store products could not be fetched \(INTERNAL_SERVER_ERROR\)$/),
        expect.stringMatching(/^line: S-kaupat answer not usable \(s-kaupat:517609418 category hedelmat-ja-vihannekset from 2\): not valid JSON/),
        'price: EAN 6414893386489 has a wrong check digit (s-kaupat:517609418)',
        'price: product 6413400002316 has no price (pricing.currentPrice)',
      ]),
    );
    expect(reasons).toHaveLength(6);
    // After the error in ABC's basket, its assortment was still walked.
    expect(price(full.records, ABC, KEVYT)[0]).toMatchObject({ price: 105 });
    expect(price(full.records, KALEVA, '2000701200004')).toEqual([]);
  });

  it('stops at the request budget and logs what is left', async () => {
    const limited = await run(4);
    const priced = limited.requests.filter((q) => q.operationName !== 'RemoteStoreSearch' && q.operationName !== 'RemoteStoreOpeningHours');
    expect(priced).toHaveLength(4);
    expect(stores(limited.records)).toHaveLength(9);
    expect(limited.logs).toContain('s-kaupat: request budget of 4 spent; 7 refresh task(s) left for the next run');
    const mid = await run(9);
    expect(mid.requests.filter((q) => q.operationName !== 'RemoteStoreSearch' && q.operationName !== 'RemoteStoreOpeningHours')).toHaveLength(9);
    expect(mid.logs).toContain('s-kaupat: request budget of 9 spent; 4 refresh task(s) left for the next run (s-kaupat:517609418 stopped in category maito-munat-ja-rasvat at 4)');
  });
});

describe('S-kaupat answers and hours', () => {
  it('reads an answer or says why not', () => {
    expect(graphqlData(200, '{"data":{"store":null}}')).toEqual({ data: { store: null } });
    expect(graphqlData(200, '{"data":')).toEqual({ reason: expect.stringMatching(/^not valid JSON \(8 characters\)/) });
    expect(graphqlData(200, '<html>')).toEqual({ reason: expect.stringMatching(/^not valid JSON/) });
    expect(graphqlData(404, '')).toEqual({ reason: 'HTTP status 404' });
    expect(graphqlData(200, '{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}')).toEqual({
      reason: 'GraphQL errors: PersistedQueryNotFound (PERSISTED_QUERY_NOT_FOUND)',
    });
  });

  it('reads a day: ALL_DAY, ranges, midnight and past it, several ranges, a wrong weekday', () => {
    expect(dayOf({ date: '2026-12-07', day: 'MON', mode: 'ALL_DAY', ranges: null }, 'd').hours).toEqual({ opens: null, closes: null, isOpenAllDay: true });
    expect(dayOf({ date: '2026-12-07', day: 'MON', mode: 'RANGE', ranges: [{ open: '06:00', close: '00:00' }] }, 'd').hours).toEqual({ opens: '06:00', closes: '24:00', isOpenAllDay: false });
    expect(dayOf({ date: '2026-12-07', day: 'MON', mode: 'RANGE', ranges: [{ open: '00:00', close: '00:00' }] }, 'd').hours.isOpenAllDay).toBe(true);
    expect(dayOf({ date: '2026-12-07', day: 'MON', mode: 'RANGE', ranges: [{ open: '08:00', close: '12:00' }, { open: '13:00', close: '18:00' }] }, 'd').hours).toEqual({ opens: '08:00', closes: '18:00', isOpenAllDay: false });
    expect(dayOf({ date: '2026-12-07', day: 'MON', mode: 'RANGE', ranges: [] }, 'd').hours).toEqual({ opens: null, closes: null, isOpenAllDay: false });
    expect(() => dayOf({ date: '2026-12-07', day: 'TUE', mode: 'RANGE', ranges: [] }, 'd')).toThrow('is not a "TUE"');
    expect(() => dayOf({ date: '2026-12-07', day: 'MON', mode: 'OPEN_SOMETIMES' }, 'd')).toThrow('is not RANGE or ALL_DAY');
    expect(() => sKaupatHours([], '2026-12-02')).toThrow('no days');
  });

  it('split by store: the head lists every store and asks no price, the parts together price what a whole pull does', async () => {
    const full = await run(Infinity);
    const at = await serve();
    const cache = new MapCache();
    const parts = 4;
    const head = await run(Infinity, FIXTURES, { part: { no: 0, parts }, cache, at });
    expect(stores(head.records)).toEqual(stores(full.records));
    expect(prices(head.records)).toEqual([]);
    expect(head.requests.filter((q) => !['RemoteStoreSearch', 'RemoteStoreOpeningHours'].includes(q.operationName))).toEqual([]);
    const key = (p: FeedPrice) => `${p.externalStoreId} ${p.ean} ${p.price}`;
    const priced: string[] = [];
    for (let no = 1; no < parts; no++) {
      const part = await run(Infinity, FIXTURES, { part: { no, parts }, cache, at });
      // No store lines (the head's), no store listing or hours asked again: the listing comes from the shared cache.
      expect(stores(part.records)).toEqual([]);
      expect(part.requests.filter((q) => ['RemoteStoreSearch', 'RemoteStoreOpeningHours'].includes(q.operationName))).toEqual([]);
      for (const p of prices(part.records)) expect(storeInPart(p.externalStoreId as string, { no, parts })).toBe(true);
      priced.push(...prices(part.records).map(key));
    }
    await at.close();
    expect(priced.sort()).toEqual(prices(full.records).map(key).sort());
    expect(new Set(priced).size).toBe(priced.length);
  });

  it('exports the endpoint, a polite rate and the stand-in serving only POST /', async () => {
    expect(S_KAUPAT_URL).toBe('https://api.s-kaupat.fi/');
    expect(S_KAUPAT_RATES['api.s-kaupat.fi'].perMinute).toBeLessThanOrEqual(60);
    expect(new SKaupatAdapter()).toMatchObject({ source: 's-kaupat', defaultLocation: S_KAUPAT_URL, eansPerRequest: 100, pageSize: 100 });
    const standIn = sKaupatStandIn({ fixtureDir: FIXTURES });
    const served: boolean[] = [];
    const server = createServer((req, res) => {
      const ok = standIn(req, res);
      served.push(ok);
      if (!ok) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/api/v1/prices`)).status).toBe(404);
      expect((await fetch(`${base}/`)).status).toBe(404);
      const hashOnly = await fetch(`${base}/`, { method: 'POST', body: JSON.stringify({ operationName: 'RemoteStoreSearch', variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }) });
      expect(await hashOnly.json()).toEqual({ errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] });
      expect(served).toEqual([false, false, true]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a bot challenge stops the run (SourceBlockedError is not a rejected line)', async () => {
    const http = { postJson: () => Promise.reject(new SourceBlockedError(S_KAUPAT_URL, 403, 'challenge')) };
    const ctx = { http, log: () => undefined, requestBudget: Infinity, refreshPriorities: async () => priorities } as unknown as PullContext;
    const input = await new SKaupatAdapter({ now: () => NOW }).openInput(S_KAUPAT_URL, ctx);
    const it = input.lines[Symbol.asyncIterator]();
    await expect(it.next()).rejects.toBeInstanceOf(SourceBlockedError);
  });
});
