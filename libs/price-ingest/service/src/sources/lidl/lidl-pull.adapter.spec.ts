import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FeedPrice, FeedProduct, FeedRecord, FeedStore } from '../../feeds/feed-record';
import { fakeTime, MapCache } from '../http/http.testing';
import { PoliteHttp } from '../http/polite-http';
import type { PullContext, RefreshPriorities } from '../pull-source';
import { InProcessRateLimiter } from '../http/source-rate-limiter';
import { forSource, SourceBlockedError, type SourceHttp } from '../source-http';
import { LIDL_RATES, LIDL_SITE_URL, LIDL_STORE_API_URL, LIDL_STORES_API_KEY, lidlEndpoints, LidlPullAdapter } from './lidl-pull.adapter';
import { lidlHours } from './lidl.records';
import { lidlStandIn } from './lidl.stand-in';

const FIXTURES = join(__dirname, '../../../fixtures/lidl');
const NOW = new Date('2026-12-02T08:00:00Z');

type Of<K extends FeedRecord['kind']> = Extract<FeedRecord, { kind: K }>;
const kind = <K extends FeedRecord['kind']>(records: FeedRecord[], k: K) => records.filter((r): r is Of<K> => r.kind === k);

const priorities: RefreshPriorities = {
  stores: [{ externalId: 'lidl:FI00101', selections: 3 }],
  eans: [{ ean: '6410405082657', carts: 2 }],
  // 6408408001010 is on the offers list (no search needed); 6408408001096 Lidl does not have.
  basketEans: ['6408408001010', '6408408001096'],
  lastPricedAt: new Map(),
};

function context(http: SourceHttp, budget: number, logs: string[]): PullContext {
  return {
    runId: 'run-1',
    http,
    lastCompletedRunStartedAt: null,
    listedEans: async () => new Set(),
    knownEans: async () => new Set(),
    eansToRefresh: async () => [],
    markProductsChecked: async () => undefined,
    lookupOpenFoodFacts: async () => null,
    log: (message) => logs.push(message),
    requestBudget: budget,
    refreshPriorities: async () => priorities,
  };
}

describe('Lidl opening hours by date', () => {
  it('makes the regular week of the regular days and lists the days that differ with their reason', () => {
    const day = (date: string, reason: string, ranges: [string, string][]) => ({
      date,
      reason,
      timeRanges: ranges.map(([a, b]) => ({ from: `${date}T${a}:00`, to: `${date}T${b}:00` })),
    });
    const hours = lidlHours({
      items: [
        day('2026-12-03', 'REGULAR', [['08:00', '22:00']]),
        day('2026-12-04', 'REGULAR', [
          ['08:00', '12:00'],
          ['13:00', '22:00'],
        ]),
        day('2026-12-05', 'SPECIAL_DAY', [['08:00', '18:00']]),
        day('2026-12-06', 'HOLIDAY', []),
        day('2026-12-07', 'REGULAR', [['00:00', '23:59']]),
        day('2026-12-10', 'REGULAR', [['08:00', '22:00']]),
        day('2026-12-13', 'CLOSED', []),
        day('2026-12-17', 'REGULAR', [['09:00', '21:00']]),
      ],
    });
    expect(hours.weeklyHours).toEqual([
      { weekday: 1, opens: null, closes: null, isOpenAllDay: true },
      { weekday: 4, opens: '08:00', closes: '22:00', isOpenAllDay: false },
      { weekday: 5, opens: '08:00', closes: '22:00', isOpenAllDay: false },
      { weekday: 7, opens: null, closes: null, isOpenAllDay: false },
    ]);
    expect(hours.exceptions).toEqual([
      { date: '2026-12-05', opens: '08:00', closes: '18:00', isOpenAllDay: false, description: 'Poikkeava aukioloaika' },
      { date: '2026-12-06', opens: null, closes: null, isOpenAllDay: false, description: 'Pyhäpäivä: Itsenäisyyspäivä' },
      { date: '2026-12-17', opens: '09:00', closes: '21:00', isOpenAllDay: false, description: null },
    ]);
    expect(() => lidlHours({ items: [{ date: '2026-12-03', reason: 'REGULAR', timeRanges: [{ from: '8', to: '22' }] }] })).toThrow('must be a local time');
  });
});

describe('Lidl endpoints', () => {
  it('uses the real store API and site without a location, and one base for both with one', () => {
    expect(lidlEndpoints('')).toEqual({ storeApi: LIDL_STORE_API_URL, site: LIDL_SITE_URL });
    expect(lidlEndpoints(LIDL_SITE_URL)).toEqual({ storeApi: LIDL_STORE_API_URL, site: LIDL_SITE_URL });
    expect(lidlEndpoints('http://127.0.0.1:8390/')).toEqual({ storeApi: 'http://127.0.0.1:8390', site: 'http://127.0.0.1:8390' });
    expect(new LidlPullAdapter()).toMatchObject({ source: 'lidl', defaultLocation: LIDL_SITE_URL });
    expect(LIDL_RATES).toEqual({ 'live.api.schwarz': { perMinute: 30 }, 'www.lidl.fi': { perMinute: 30 } });
    expect(() => new LidlPullAdapter({ pageSize: 1001 })).toThrow('1–1000');
  });
});

describe('Lidl openInput against the stand-in through PoliteHttp', () => {
  let server: Server;
  let base: string;
  let standIn: ReturnType<typeof lidlStandIn>;

  beforeEach(async () => {
    standIn = lidlStandIn({ fixtureDir: FIXTURES });
    server = createServer((req, res) => {
      if (!standIn(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const http = (limiter?: InProcessRateLimiter) => {
    const clock = fakeTime();
    return new PoliteHttp({
      limiter,
      userAgent: 'Hintakori/test',
      rates: LIDL_RATES,
      sleep: clock.sleep,
      now: clock.now,
      random: () => 0,
      cache: new MapCache(),
      maxRetries: 0,
    });
  };

  async function run(options: { budget: number; adapter?: LidlPullAdapter; limiter?: InProcessRateLimiter }) {
    const adapter = options.adapter ?? new LidlPullAdapter({ pageSize: 4, now: () => NOW });
    const logs: string[] = [];
    const input = await adapter.openInput(base, context(forSource(http(options.limiter), 'lidl'), options.budget, logs));
    const lines: string[] = [];
    for await (const line of input.lines) lines.push(line);
    const parse = adapter.createParser();
    const records = lines.flatMap((line, i) => parse(line, i + 1));
    return { lines, records, logs };
  }

  const searches = () =>
    standIn
      .requests()
      .filter((r) => r.path === 'search')
      .map((r) => {
        const at = r.query.get('offset') ?? '-';
        return r.query.get('store') === '1' ? `offers@${at}` : r.query.has('q') ? `q=${r.query.get('q')}` : `assortment@${at}`;
      });

  it('reads the stores of Finland with the public key, page by page, into stores with their week and holidays', async () => {
    const { records } = await run({ budget: Infinity });
    const storeRequests = standIn.requests().filter((r) => r.path === 'stores');
    expect(storeRequests.map((r) => Object.fromEntries(r.query))).toEqual([
      { country_code: 'FI', limit: '250', offset: '0' },
      { country_code: 'FI', limit: '250', offset: '3' },
    ]);
    expect(storeRequests.every((r) => r.apiKey === LIDL_STORES_API_KEY)).toBe(true);
    const stores: FeedStore[] = kind(records, 'store').map((r) => r.value);
    expect(stores.map((s) => [s.externalId, s.name, s.address, s.postalCode, s.city, s.lat, s.long, s.chain, s.type])).toEqual([
      ['lidl:FI00101', 'Lidl Helsinki Kamppi', 'Salomonkatu 17', '00100', 'Helsinki', 60.16877, 24.9312, 'lidl', 'L'],
      ['lidl:FI00214', 'Lidl Tampere Hervanta', 'Insinöörinkatu 40', '33720', 'Tampere', 61.44932, 23.8559, 'lidl', 'L'],
      ['lidl:FI00377', 'Lidl Rovaniemi Rinteenkulma', 'Koskikatu 25', '96100', 'Rovaniemi', 66.50211, 25.72847, 'lidl', 'L'],
      ['lidl:FI00412', 'Lidl Oulu Limingantulli', 'Limingantie 11', '90400', 'Oulu', 65.00122, 25.4606, 'lidl', 'L'],
    ]);
    const [kamppi, hervanta, rovaniemi, oulu] = stores;
    const open = (weekday: number, opens: string, closes: string) => ({ weekday, opens, closes, isOpenAllDay: false });
    expect(kamppi.weeklyHours).toEqual([1, 2, 3, 4, 5, 6].map((d) => open(d, '08:00', '22:00')).concat([open(7, '10:00', '21:00')]));
    expect(kamppi.exceptions).toEqual([
      { date: '2026-12-05', opens: '08:00', closes: '18:00', isOpenAllDay: false, description: 'Poikkeava aukioloaika' },
      { date: '2026-12-06', opens: null, closes: null, isOpenAllDay: false, description: 'Pyhäpäivä: Itsenäisyyspäivä' },
    ]);
    expect(hervanta.weeklyHours[6]).toEqual(open(7, '11:00', '19:00'));
    expect(hervanta.exceptions).toEqual([
      { date: '2026-12-06', opens: '12:00', closes: '18:00', isOpenAllDay: false, description: 'Pyhäpäivä: Itsenäisyyspäivä' },
    ]);
    expect(rovaniemi.weeklyHours[6]).toEqual({ weekday: 7, opens: null, closes: null, isOpenAllDay: false });
    expect(rovaniemi.exceptions).toEqual([]);
    expect(oulu).toMatchObject({ weeklyHours: [], exceptions: [], openingHoursKnown: false });
    expect(
      kind(records, 'reject')
        .filter((r) => r.recordKind === 'store')
        .map((r) => r.reason),
    ).toEqual(['coordinates 57.70874, 11.97095 are outside Finland']);
  });

  it('reads the offers list, then the EANs of the plan not yet seen, then the assortment; national prices in cents', async () => {
    const { records, logs } = await run({ budget: Infinity });
    expect(searches()).toEqual(['offers@-', 'q=6410405082657', 'q=6408408001096', 'assortment@-', 'assortment@4', 'assortment@8', 'assortment@8']);
    const search = standIn.requests().find((r) => r.path === 'search');
    expect(Object.fromEntries(search?.query ?? [])).toEqual({ assortment: 'FI', locale: 'fi_FI', version: '2.1.0', fetchsize: '4', store: '1' });
    const prices: FeedPrice[] = kind(records, 'price').map((r) => r.value);
    expect(prices.map((p) => `${p.ean}=${p.price}`)).toEqual([
      '6408408001010=99',
      '6410405082657=449',
      '6408408001034=89',
      '2000000000015=179',
      '6408408001072=169',
    ]);
    expect(prices.every((p) => p.externalStoreId === null)).toBe(true);
    expect(prices[0]).toEqual({
      externalStoreId: null,
      ean: '6408408001010',
      price: 99,
      comparisonPrice: 792,
      priceUnit: 'kpl',
      comparisonPriceUnit: 'kg',
      isCampaign: true,
      observedAt: null,
      regularPrice: 149,
      deposit: null,
      campaignEndsAt: '2026-12-06T21:59:59.000Z',
    });
    expect(prices[2]).toMatchObject({
      ean: '6408408001034',
      price: 89,
      deposit: 40,
      comparisonPrice: 59,
      comparisonPriceUnit: 'l',
      isCampaign: false,
      regularPrice: null,
      campaignEndsAt: null,
    });
    expect(prices[3]).toMatchObject({ ean: '2000000000015', priceUnit: 'kg', comparisonPrice: 179, comparisonPriceUnit: 'kg' });
    const products: FeedProduct[] = kind(records, 'product').map((r) => r.value);
    expect(products[0]).toEqual({
      ean: '6408408001010',
      name: 'MILBONA Mozzarella',
      urlSlug: 'mozzarella',
      pictureUrl: 'https://imgproxy-retcat.assets.schwarz/fixture/10032843.png',
      brandName: 'MILBONA',
      originCountry: null,
      description: null,
      ingredients: null,
      nutritionalContent: [],
      priceUnit: 'kpl',
      comparisonPriceUnit: 'kg',
      category: {
        externalType: 'lidl',
        externalId: 'Ruoka ja ruoan läheiset tuotteet > Juustot, maitotuotteet ja munat > Juustot',
        name: 'Juustot',
        path: ['Ruoka ja ruoan läheiset tuotteet', 'Juustot, maitotuotteet ja munat', 'Juustot'],
      },
    });
    expect(products.map((p) => p.ean)).toEqual(prices.map((p) => p.ean));
    expect(products[3]).toMatchObject({ name: 'Banaani', pictureUrl: null, brandName: null, priceUnit: 'kg' });
    const rejects = kind(records, 'reject')
      .filter((r) => r.recordKind !== 'store')
      .map((r) => r.reason);
    expect(rejects).toEqual([
      'skipped: the offer of 6408408001027 starts 2026-12-06T22:00:00.000Z',
      "skipped: no EAN in Lidl's answer for product 10033001",
      'EAN 6408408001042 has a wrong check digit',
      'price 0 € of 6408408001058 is not above 0',
      'the product has no category',
      expect.stringMatching(/^the assortment at offset 8 unreadable: not valid JSON \(\d+ characters\): /),
    ]);
    expect(logs.some((l) => l.includes('budget') && l.includes('spent'))).toBe(false);
  });

  it('spends at most the request budget on prices, in the order of the plan, and says what was left', async () => {
    const { records, logs } = await run({ budget: 2 });
    expect(searches()).toEqual(['offers@-', 'q=6410405082657']);
    expect(kind(records, 'store')).toHaveLength(4);
    expect(kind(records, 'price').map((r) => r.value.ean)).toEqual(['6408408001010', '6410405082657']);
    expect(logs).toContain('lidl: request budget of 2 spent; left for the next run: 2 searches or assortment reads');
  });

  it('stops where the hourly budget shared by every worker is spent, as at its own budget', async () => {
    const limiter = new InProcessRateLimiter({ rates: {}, budgets: { lidl: 2 } });
    const { records, logs, lines } = await run({ budget: Infinity, limiter });
    expect(searches()).toEqual(['offers@-', 'q=6410405082657']);
    expect(kind(records, 'store')).toHaveLength(4);
    expect(kind(records, 'price').map((r) => r.value.ean)).toEqual(['6408408001010', '6410405082657']);
    expect(logs).toContain('lidl: the hourly request budget shared by every worker of lidl spent; left for the next run: 2 searches or assortment reads');
    expect(lines.filter((l) => l.includes('budget'))).toEqual([]);
  });

  it('without EAN searches and with one assortment page, asks nothing with q= or offset=', async () => {
    await run({ budget: Infinity, adapter: new LidlPullAdapter({ pageSize: 4, searchEans: false, assortmentPages: 1, now: () => NOW }) });
    expect(searches()).toEqual(['offers@-', 'assortment@-']);
  });

  it('a budget of 0 reads the stores only', async () => {
    const { records } = await run({ budget: 0 });
    expect(searches()).toEqual([]);
    expect(kind(records, 'store')).toHaveLength(4);
    expect(kind(records, 'price')).toHaveLength(0);
  });

  it('a refused store API key becomes one rejected line; the prices are still read', async () => {
    const { records } = await run({ budget: 1, adapter: new LidlPullAdapter({ pageSize: 4, storesApiKey: 'rotated', now: () => NOW }) });
    expect(kind(records, 'store')).toHaveLength(0);
    expect(kind(records, 'reject').map((r) => r.reason)[0]).toBe('store list page 1 unreadable: HTTP status 401 (the store API key may have changed)');
    expect(kind(records, 'price')).toHaveLength(1);
  });

  it('lets a bot challenge stop the run', async () => {
    const blocked: SourceHttp = {
      get: async (url) => {
        throw new SourceBlockedError(url, 403, 'challenge');
      },
      postForm: () => Promise.reject(new Error('not used')),
      postJson: () => Promise.reject(new Error('not used')),
    };
    const input = await new LidlPullAdapter().openInput(base, context(blocked, Infinity, []));
    const read = async () => {
      for await (const line of input.lines) void line;
    };
    await expect(read()).rejects.toBeInstanceOf(SourceBlockedError);
  });

  it('turns a line that is not JSON into one rejected line', () => {
    const parse = new LidlPullAdapter({ now: () => NOW }).createParser();
    expect(parse('{"t":"item","d":{"gridbox"', 1)).toEqual([
      { kind: 'reject', recordKind: 'line', reason: expect.stringMatching(/^not valid JSON/), raw: '{"t":"item","d":{"gridbox"' },
    ]);
    expect(parse('{"t":"what"}', 2)).toEqual([{ kind: 'reject', recordKind: 'line', reason: 'unknown line type "what"', raw: { t: 'what' } }]);
  });
});
