import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FeedOffer, FeedPrice, FeedProduct, FeedRecord, FeedStore } from '../../feeds/feed-record';
import { fakeTime, MapCache } from '../http/http.testing';
import { PoliteHttp } from '../http/polite-http';
import { type PullContext, type PullPart, type RefreshPriorities, storeInPart } from '../pull-source';
import { InProcessRateLimiter } from '../http/source-rate-limiter';
import { forSource, SourceBlockedError } from '../source-http';
import { K_RUOKA_BLOCKED_REASON, K_RUOKA_RATES, K_RUOKA_URL, KRuokaAdapter, kRuokaRates, parseLine } from './k-ruoka.adapter';
import { kRuokaPrice, normaliseChainName } from './k-ruoka.records';
import { kRuokaStandIn } from './k-ruoka.stand-in';

const FIXTURES = join(__dirname, '../../../fixtures/k-ruoka');
/** The fixtures' discounts run 11–15 February 2026; the clock is mid-campaign. */
const NOW = Date.UTC(2026, 1, 14, 10, 0, 0);

const KIIVI = '6410405078872';
const SUVI = '6418248002382';
const NOT_SOLD = '6410405082657';

type Kind<K extends FeedRecord['kind']> = Extract<FeedRecord, { kind: K }>;
const of = <K extends FeedRecord['kind']>(records: FeedRecord[], kind: K) => records.filter((r): r is Kind<K> => r.kind === kind);

interface Outcome {
  lines: string[];
  records: FeedRecord[];
  logs: string[];
  error: unknown;
  priceRequests: { method: string; path: string; storeId: string | null }[];
  storeListings: number;
}

describe('K-Ruoka against the stand-in through PoliteHttp', () => {
  let server: Server;
  let base: string;
  let standIn: ReturnType<typeof kRuokaStandIn>;

  beforeAll(async () => {
    standIn = kRuokaStandIn({ fixtureDir: FIXTURES, pageSize: 4 });
    server = createServer((req, res) => {
      if (!standIn(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const priorities = (over: Partial<RefreshPriorities> = {}): RefreshPriorities => ({
    stores: [{ externalId: 'k-ruoka:N137', selections: 2 }],
    eans: [
      { ean: KIIVI, carts: 3 },
      { ean: NOT_SOLD, carts: 1 },
    ],
    basketEans: [],
    lastPricedAt: new Map([
      ['k-ruoka:K102', '2026-02-12T05:00:00.000Z'],
      ['k-ruoka:N110', '2026-02-13T05:00:00.000Z'],
      ['k-ruoka:S900', '2026-02-14T05:00:00.000Z'],
    ]),
    ...over,
  });

  async function run(
    options: { budget?: number; priorities?: RefreshPriorities; adapter?: KRuokaAdapter; limiter?: InProcessRateLimiter; part?: PullPart; cache?: MapCache } = {},
  ): Promise<Outcome> {
    const clock = fakeTime(NOW);
    const http = new PoliteHttp({ userAgent: 'Hintakori/test', rates: kRuokaRates(base), sleep: clock.sleep, now: clock.now, random: () => 0, maxRetries: 2, limiter: options.limiter, cache: options.cache });
    const logs: string[] = [];
    const ctx: PullContext = {
      runId: 'run-1',
      http: forSource(http, 'k-ruoka'),
      lastCompletedRunStartedAt: null,
      listedEans: async () => new Set(),
      knownEans: async () => new Set(),
      eansToRefresh: async () => [],
      markProductsChecked: async () => undefined,
      lookupOpenFoodFacts: async () => null,
      log: (message) => logs.push(message),
      requestBudget: options.budget ?? Infinity,
      refreshPriorities: async () => options.priorities ?? priorities(),
      part: options.part,
    };
    const before = standIn.requests().length;
    const adapter = options.adapter ?? new KRuokaAdapter();
    const lines: string[] = [];
    let error: unknown = null;
    try {
      const input = await adapter.openInput(base, ctx);
      for await (const text of input.lines) lines.push(text);
    } catch (e) {
      error = e;
    }
    const parse = adapter.createParser();
    const records = lines.flatMap((text, i) => parse(text, i + 1));
    const priceRequests = standIn
      .requests()
      .slice(before)
      .filter((r) => r.path !== '/kr-api/stores')
      .map((r) => ({ method: r.method, path: r.path, storeId: r.query.get('storeId') ?? ((r.body as { storeId?: string } | null)?.storeId ?? null) }));
    return { lines, records, logs, error, priceRequests, storeListings: standIn.requests().slice(before).filter((r) => r.path === '/kr-api/stores').length };
  }

  describe('a run that reaches the challenged store last', () => {
    let outcome: Outcome;
    beforeAll(async () => {
      outcome = await run();
    });

    it('stops with the bot challenge as the error, after the stores and the prices before it', () => {
      expect(outcome.error).toBeInstanceOf(SourceBlockedError);
      expect((outcome.error as SourceBlockedError).status).toBe(503);
      expect((outcome.error as SourceBlockedError).url).toContain('/kr-api/search-offers/?storeId=S900');
      expect(of(outcome.records, 'store')).toHaveLength(6);
      expect(of(outcome.records, 'price')).toHaveLength(10);
      expect(K_RUOKA_BLOCKED_REASON).toBe('blocked by a bot challenge: K-Ruoka needs an agreement for this use');
    });

    it('asks in the order of the refresh plan: carted EANs in the selected store, then each assortment, oldest-priced store first', () => {
      expect(outcome.priceRequests).toEqual([
        { method: 'POST', path: `/kr-api/v2/product-search/${KIIVI}`, storeId: 'N137' },
        { method: 'POST', path: `/kr-api/v2/product-search/${NOT_SOLD}`, storeId: 'N137' },
        { method: 'GET', path: '/kr-api/search-offers/', storeId: 'N137' },
        { method: 'POST', path: '/kr-api/fetch-offers', storeId: 'N137' },
        { method: 'GET', path: '/kr-api/search-offers/', storeId: 'N137' },
        { method: 'GET', path: '/kr-api/search-offers/', storeId: 'N137' },
        { method: 'GET', path: '/kr-api/search-offers/', storeId: 'K102' },
        { method: 'GET', path: '/kr-api/search-offers/', storeId: 'N110' },
        { method: 'GET', path: '/kr-api/search-offers/', storeId: 'S900' },
      ]);
      const requests = standIn.requests();
      const challenged = requests.filter((r) => r.query.get('storeId') === 'S900');
      expect(challenged).toHaveLength(1); // never retried
      const pages = requests.filter((r) => r.path === '/kr-api/search-offers/' && r.query.get('storeId') === 'N137').map((r) => r.query.get('offset'));
      expect(pages).toEqual(['0', '4', '8']);
      for (const request of requests) expect(request.buildNumber).toBe('30227');
      const fetch = requests.find((r) => r.path === '/kr-api/fetch-offers');
      expect(fetch?.body).toEqual({ storeId: 'N137', offerIds: ['301851P'], pricing: {} });
      const search = requests.find((r) => r.path.startsWith('/kr-api/v2/product-search/'));
      expect(Object.fromEntries(search?.query ?? [])).toEqual({ offset: '0', language: 'fi', storeId: 'N137', limit: '5', discountFilter: 'false', isTosTrOffer: 'false' });
    });

    it('publishes the stores of the four chains with their two days of hours; rejects an unknown chain and a store outside Finland', () => {
      const stores = of(outcome.records, 'store').map((r) => r.value);
      const byId = (id: string) => stores.find((s) => s.externalId === id) as FeedStore;
      expect(stores.map((s) => [s.externalId, s.chain])).toEqual([
        ['k-ruoka:N137', 'kcitymarket'],
        ['k-ruoka:N110', 'ksupermarket'],
        ['k-ruoka:K815', 'kmarket'],
        ['k-ruoka:K102', 'kmarket'],
        ['k-ruoka:K742', 'nokm'],
        ['k-ruoka:S900', 'ksupermarket'],
      ]);
      expect(byId('k-ruoka:N137')).toEqual({
        externalId: 'k-ruoka:N137',
        chain: 'kcitymarket',
        type: 'K',
        name: 'K-Citymarket Helsinki Ruoholahti',
        urlSlug: 'k-citymarket-helsinki-ruoholahti',
        address: '',
        postalCode: '',
        city: 'Helsinki',
        lat: 60.16347,
        long: 24.91458,
        weeklyHours: [],
        exceptions: [
          { date: '2026-02-14', opens: '07:00', closes: '23:00', isOpenAllDay: false, description: null },
          { date: '2026-02-15', opens: '08:00', closes: '22:00', isOpenAllDay: false, description: null },
        ],
      });
      expect(byId('k-ruoka:N110')).toMatchObject({ name: 'K-Supermarket Kamppi', address: 'Urho Kekkosen katu 1', postalCode: '00100', city: 'Helsinki', lat: 60.169, long: 24.934, exceptions: [] });
      expect(byId('k-ruoka:K815').exceptions).toEqual([{ date: '2026-02-14', opens: null, closes: null, isOpenAllDay: false, description: null }]);
      expect(byId('k-ruoka:K742').exceptions.map((e) => e.isOpenAllDay)).toEqual([true, true]);
      const storeRejects = outcome.records.filter((r): r is Kind<'reject'> => r.kind === 'reject' && r.recordKind === 'store').map((r) => r.reason);
      expect(storeRejects).toEqual(['unknown K group chain "K\u2011Rauta"', 'coordinates 0, 0 are outside Finland']);
    });

    it('asks only the web stores that are stores (not K815, K742, or the rejected K999)', () => {
      const asked = new Set(outcome.priceRequests.map((r) => r.storeId));
      expect([...asked].sort()).toEqual(['K102', 'N110', 'N137', 'S900']);
    });

    it('prices a single item now: a current discount with its regular price and end, an upcoming one with its start, the multibuy beside the price', () => {
      const prices = of(outcome.records, 'price').map((r) => r.value);
      const price = (store: string, ean: string) => prices.find((p) => p.externalStoreId === `k-ruoka:${store}` && p.ean === ean) as FeedPrice;
      expect(price('N137', SUVI)).toEqual({
        externalStoreId: 'k-ruoka:N137',
        ean: SUVI,
        price: 299,
        comparisonPrice: 299,
        priceUnit: 'kpl',
        comparisonPriceUnit: 'kg',
        isCampaign: true,
        observedAt: expect.stringMatching(/^2026-02-14T10:00:\d{2}\.000Z$/),
        regularPrice: 576,
        campaignEndsAt: '2026-02-15T21:59:59.000Z',
        deposit: null,
      });
      // Kiivi: 2 for 3 € (batch) beside a normal 1.69: the single item costs 1.69.
      expect(price('N137', KIIVI)).toMatchObject({ price: 169, comparisonPrice: 338, comparisonPriceUnit: 'kg', isCampaign: false, regularPrice: null, campaignEndsAt: null, multibuy: { quantity: 2, price: 300 } });
      // Myrttisen minikurkut: 2 for 6 € (batch) beside 4.99.
      expect(price('N137', '6430025259949')).toMatchObject({ price: 499, comparisonPrice: 2079, isCampaign: false, regularPrice: null, multibuy: { quantity: 2, price: 600 } });
      expect(price('N137', '6418388005168')).toMatchObject({ price: 499, isCampaign: false });
      // A discount that starts next week is the price already, with its start (the till applies it from then).
      expect(price('N137', '5708147010146')).toMatchObject({
        price: 149,
        comparisonPrice: 1242,
        isCampaign: true,
        regularPrice: 218,
        campaignStartsAt: expect.stringMatching(/^2026-02-\d\dT/),
        campaignEndsAt: '2026-02-22T21:59:59.000Z',
      });
      expect(Date.parse(price('N137', '5708147010146').campaignStartsAt ?? '')).toBeGreaterThan(Date.parse('2026-02-14T10:00:00.000Z'));
      expect(price('N137', '6410405085436')).toMatchObject({ price: 199, regularPrice: 318, comparisonPrice: 663, isCampaign: true, campaignEndsAt: '2026-02-15T21:59:59.000Z' });
      expect(price('N110', SUVI)).toMatchObject({ externalStoreId: 'k-ruoka:N110', price: 299, regularPrice: 576 });
    });

    it('prices a weighed product per kg and a piece sold by weight per piece, approximate', () => {
      const prices = of(outcome.records, 'price').map((r) => r.value);
      const price = (ean: string) => prices.find((p) => p.ean === ean) as FeedPrice;
      expect(price('2000530600006')).toMatchObject({ price: 349, priceUnit: 'kg', comparisonPrice: 349, comparisonPriceUnit: 'kg', isCampaign: true, regularPrice: 399 });
      expect(price('2000530600006').isApproximate).toBeUndefined();
      expect(price('2000504400007')).toMatchObject({ price: 17, priceUnit: 'kpl', comparisonPrice: 99, comparisonPriceUnit: 'kg', isCampaign: true, regularPrice: 29, isApproximate: true });
      expect(price('2000602400008')).toMatchObject({ price: 139, regularPrice: 174, comparisonPrice: 99, isApproximate: true });
    });

    it('writes one product per priced EAN with the shop fields, and one price per store and EAN', () => {
      const products = of(outcome.records, 'product').map((r) => r.value);
      expect(products.map((p) => p.ean)).toEqual([KIIVI, SUVI, '2000504400007', '6410405085436', '6430025259949', '6418388005168', '5708147010146', '2000602400008', '2000530600006']);
      const ruusukaali = products.find((p) => p.ean === '6410405085436') as FeedProduct;
      expect(ruusukaali).toEqual({
        ean: '6410405085436',
        name: 'Pirkka suomalainen ruusukaali 300g',
        urlSlug: 'pirkka-ruusukaali-300g-suomi-1lk-6410405085436',
        pictureUrl: 'https://public.keskofiles.com/f/k-ruoka/product/6410405085436',
        brandName: 'Pirkka',
        originCountry: 'Suomi',
        description: null,
        ingredients: null,
        nutritionalContent: [],
        priceUnit: 'kpl',
        comparisonPriceUnit: 'kg',
        category: { externalType: 'k-ruoka', externalId: 'Hedelmät ja vihannekset > Vihannekset > Kaalit', name: 'Kaalit', path: ['Hedelmät ja vihannekset', 'Vihannekset', 'Kaalit'] },
      });
      expect(products.find((p) => p.ean === '2000530600006')).toMatchObject({ priceUnit: 'kg', comparisonPriceUnit: 'kg' });
      const keys = of(outcome.records, 'price').map((r) => `${r.value.externalStoreId}|${r.value.ean}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toHaveLength(10);
    });

    it('writes the offers with their Finnish title, picture and end (the multibuy offer from fetch-offers)', () => {
      const offers = of(outcome.records, 'offer').map((r) => r.value);
      const offer = (store: string, ean: string) => offers.find((o) => o.externalStoreId === `k-ruoka:${store}` && o.ean === ean) as FeedOffer;
      expect(offer('N137', SUVI)).toEqual({
        externalStoreId: 'k-ruoka:N137',
        ean: SUVI,
        name: 'Suvi porkkanasose 1kg Suomi',
        image: 'https://public.keskofiles.com/f/k-ruoka-offers/11596034/c447f498-34ab-4432-9351-433782fbdd61',
        validUntil: '2026-02-15T21:59:59.000Z',
      });
      // The shop's non-breaking space (240\u00a0g) is read as a space.
      expect(offer('N137', '6430025259949')).toMatchObject({ name: 'Myrttisen mini perinteiset suola- ja maustekurkut 240 g', validUntil: '2026-02-15T21:59:59.000Z' });
      expect(offer('N137', '6418388005168')).toMatchObject({ name: 'Myrttisen mini perinteiset suola- ja maustekurkut 240 g' });
      expect(offer('N137', KIIVI)).toMatchObject({ name: 'Pirkka kiivi 500g 1lk', validUntil: '2026-02-15T21:59:59.000Z' });
      expect(offer('N110', SUVI)).toBeDefined();
      expect(offers).toHaveLength(10);
    });

    it('rejects the bad EAN and the truncated answer with their reasons', () => {
      const rejects = outcome.records.filter((r): r is Kind<'reject'> => r.kind === 'reject' && r.recordKind !== 'store').map((r) => [r.recordKind, r.reason]);
      expect(rejects).toEqual([
        ['price', 'EAN 5708147010130 has a wrong check digit'],
        ['line', expect.stringMatching(/^the offers of store K102 from offset 0 unreadable: not valid JSON \(\d+ characters\): /)],
      ]);
    });
  });

  it('stops at the request budget and logs what is left', async () => {
    const outcome = await run({ budget: 4 });
    expect(outcome.error).toBeNull();
    expect(outcome.priceRequests).toHaveLength(4);
    expect(outcome.priceRequests.map((r) => r.path)).toEqual([`/kr-api/v2/product-search/${KIIVI}`, `/kr-api/v2/product-search/${NOT_SOLD}`, '/kr-api/search-offers/', '/kr-api/fetch-offers']);
    expect(outcome.logs).toContainEqual('k-ruoka: the request budget of 4 is spent; 4 tasks (0 EAN look-ups, 4 store assortments) in 4 stores left for the next run');
    expect(outcome.logs).toContainEqual(expect.stringMatching(/^k-ruoka: 4 price requests, \d+ store prices, 1 EANs not found in their store$/));
    expect(of(outcome.records, 'store')).toHaveLength(6);
    expect(of(outcome.records, 'price').map((r) => r.value.ean)).toEqual([KIIVI, SUVI, '2000504400007', '6410405085436', '6430025259949', '6418388005168']);
  });

  it('stops where the hourly budget shared by every worker is spent, and the next run finds none left', async () => {
    const limiter = new InProcessRateLimiter({ rates: {}, budgets: { 'k-ruoka': 4 } });
    const outcome = await run({ limiter });
    expect(outcome.error).toBeNull();
    expect(outcome.priceRequests.map((r) => r.path)).toEqual([`/kr-api/v2/product-search/${KIIVI}`, `/kr-api/v2/product-search/${NOT_SOLD}`, '/kr-api/search-offers/', '/kr-api/fetch-offers']);
    expect(outcome.logs).toContainEqual('k-ruoka: the hourly request budget shared by every worker of k-ruoka is spent; 4 tasks (0 EAN look-ups, 4 store assortments) in 4 stores left for the next run');
    // The request not sent is no unreadable answer.
    expect(outcome.records.filter((r) => r.kind === 'reject' && r.reason.includes('budget'))).toEqual([]);
    expect(outcome.lines.filter((l) => l.includes('budget'))).toEqual([]);
    const next = await run({ limiter });
    expect(next.priceRequests).toEqual([]);
    expect(of(next.records, 'store')).toHaveLength(6);
  });

  it('a basket EAN already priced in the run is not asked again', async () => {
    const outcome = await run({ budget: 3, priorities: priorities({ stores: [{ externalId: 'k-ruoka:N137', selections: 1 }], eans: [{ ean: SUVI, carts: 1 }], basketEans: [SUVI, KIIVI] }) });
    expect(outcome.priceRequests.map((r) => `${r.storeId} ${r.path}`)).toEqual([`N137 /kr-api/v2/product-search/${SUVI}`, `N137 /kr-api/v2/product-search/${KIIVI}`, `K102 /kr-api/v2/product-search/${SUVI}`]);
  });

  it('with the challenge switched on, the store list itself is blocked: no lines, the error propagates', async () => {
    standIn.setChallengeAll(true);
    try {
      const outcome = await run();
      expect(outcome.error).toBeInstanceOf(SourceBlockedError);
      expect(outcome.lines).toEqual([]);
      expect(outcome.priceRequests).toEqual([]);
    } finally {
      standIn.setChallengeAll(false);
    }
  });

  it('the stand-in answers 409 without X-K-Build-Number, as the API does', async () => {
    const response = await fetch(`${base}/kr-api/stores?offset=0&limit=-1`);
    expect(response.status).toBe(409);
  });

  it('split by store: the head lists the stores and asks no price, each part asks its stores only, together every store a whole pull asks', async () => {
    const whole = await run();
    const cache = new MapCache();
    const parts = 3;
    const head = await run({ part: { no: 0, parts }, cache });
    expect(of(head.records, 'store')).toEqual(of(whole.records, 'store'));
    expect(head.priceRequests).toEqual([]);
    const asked: string[] = [];
    for (let no = 1; no < parts; no++) {
      const part = await run({ part: { no, parts }, cache });
      expect(of(part.records, 'store')).toEqual([]);
      // The store list comes from the cache the head filled.
      expect(part.storeListings).toBe(0);
      for (const r of part.priceRequests) expect(storeInPart(`k-ruoka:${r.storeId}`, { no, parts })).toBe(true);
      asked.push(...part.priceRequests.map((r) => r.storeId as string));
    }
    expect([...new Set(asked)].sort()).toEqual([...new Set(whole.priceRequests.map((r) => r.storeId as string))].sort());
  });
});

describe('K-Ruoka records', () => {
  const at = '2026-02-14T10:00:00.000Z';
  const normal = { unit: 'kpl', soldBy: { kind: 'piece' }, price: 2.5, unitPrice: { value: 5, unit: 'kg', contentSize: 0.5 } };

  it('a discount is the price only between its start and end', () => {
    const discount = { ...normal, price: 1.99, unitPrice: { value: 3.98, unit: 'kg' }, startDate: '2026-02-10T00:00:00.000Z', endDate: '2026-02-14T09:59:59.000Z' };
    expect(kRuokaPrice('N1', SUVI, { normal, discount }, at)).toMatchObject({ price: 250, isCampaign: false, regularPrice: null, campaignEndsAt: null });
    expect(kRuokaPrice('N1', SUVI, { normal, discount: { ...discount, endDate: '2026-02-20T00:00:00.000Z' } }, at)).toMatchObject({ price: 199, isCampaign: true, regularPrice: 250, campaignEndsAt: '2026-02-20T00:00:00.000Z' });
    expect(kRuokaPrice('N1', SUVI, { normal, discount: { ...discount, startDate: undefined, endDate: undefined } }, at)).toMatchObject({ price: 199, isCampaign: true, campaignEndsAt: null });
  });

  it('a multibuy alone leaves the single-item price and is the multibuy beside it; a batch of 1 is rejected', () => {
    const batch = { ...normal, price: 4, amount: 2, startDate: '2026-02-10T00:00:00.000Z', endDate: '2026-02-20T00:00:00.000Z' };
    expect(kRuokaPrice('N1', SUVI, { normal, batch }, at)).toMatchObject({ price: 250, isCampaign: false, regularPrice: null, multibuy: { quantity: 2, price: 400 } });
    expect(kRuokaPrice('N1', SUVI, { normal, batch: { ...batch, endDate: '2026-02-13T00:00:00.000Z' } }, at)).not.toHaveProperty('multibuy');
    expect(() => kRuokaPrice('N1', SUVI, { normal, batch: { ...batch, amount: 1 } }, at)).toThrow(/^pricing.batch.amount 1 must be a whole number from 2/);
  });

  it('an upcoming discount is the price with its start; a date-only end is the end of that day in Helsinki; an approximate piece carries its weight', () => {
    const discount = { ...normal, price: 1.99, unitPrice: { value: 3.98, unit: 'kg' }, startDate: '2026-02-16', endDate: '2026-02-22' };
    expect(kRuokaPrice('N1', SUVI, { normal, discount }, at)).toMatchObject({
      price: 199,
      isCampaign: true,
      regularPrice: 250,
      campaignStartsAt: '2026-02-15T22:00:00.000Z',
      campaignEndsAt: '2026-02-22T21:59:59.999Z',
    });
    const piece = { ...normal, soldBy: { kind: 'approximatePiece', averageWeight: 0.175 } };
    expect(kRuokaPrice('N1', SUVI, { normal: piece }, at)).toMatchObject({ averageWeightGrams: 175, isApproximate: true });
    expect(() => kRuokaPrice('N1', SUVI, { normal: { ...piece, soldBy: { kind: 'approximatePiece', averageWeight: 0 } } }, at)).toThrow(/^soldBy.averageWeight 0 must be whole grams/);
  });

  it('a weighed product priced per piece takes its price per kg; without one it is rejected', () => {
    const weighed = { unit: 'kpl', soldBy: { kind: 'kilogram' }, price: 1.2, unitPrice: { value: 4.8, unit: 'kg' } };
    expect(kRuokaPrice('N1', '2000530600006', { normal: weighed }, at)).toMatchObject({ price: 480, priceUnit: 'kg', comparisonPrice: 480 });
    expect(parseLine({ t: 'price', store: 'N1', ean: '2000530600006', at, pricing: { normal: { ...weighed, unitPrice: null } } })).toMatchObject({
      kind: 'reject',
      reason: 'pricing.normal: a weighed product needs its price per kg (unitPrice in kg)',
    });
  });

  it('rejects a product without a price in the store, an unknown line and an unreadable answer', () => {
    expect(parseLine({ t: 'price', store: 'N1', ean: SUVI, at, pricing: null })).toMatchObject({ kind: 'reject', recordKind: 'price', reason: `product ${SUVI} has no price in store N1 (mobilescan.pricing)` });
    expect(parseLine({ t: 'nope' })).toMatchObject({ kind: 'reject', reason: 'unknown line type "nope"' });
    expect(parseLine({ t: 'unreadable', what: 'the store list', reason: 'HTTP status 500' })).toMatchObject({ kind: 'reject', recordKind: 'line', reason: 'the store list unreadable: HTTP status 500' });
    expect(new KRuokaAdapter().createParser()('{"t":', 1)).toMatchObject([{ kind: 'reject', recordKind: 'line' }]);
  });

  it('reads chain names with any dash; exports the site, its rates and the source id', () => {
    expect(normaliseChainName('K\u2011Citymarket')).toBe('k-citymarket');
    expect(normaliseChainName(' Neste  K ')).toBe('neste k');
    expect(new KRuokaAdapter()).toMatchObject({ source: 'k-ruoka', defaultLocation: K_RUOKA_URL });
    expect(K_RUOKA_URL).toBe('https://www.k-ruoka.fi');
    expect(K_RUOKA_RATES['www.k-ruoka.fi'].perMinute).toBeLessThanOrEqual(60);
    expect(kRuokaRates('http://127.0.0.1:8390')).toEqual({ '127.0.0.1:8390': { perMinute: 30 } });
    expect(() => new KRuokaAdapter({ buildNumber: 'abc' })).toThrow('digits');
  });
});
