import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FeedPrice, FeedProduct, FeedRecord } from '../../feeds/feed-record';
import type { PullContext } from '../pull-source';
import type { HttpGetOptions, SourceHttp } from '../source-http';
import { OPEN_PRICES_URL, OpenPricesAdapter, parseLine } from './open-prices.adapter';
import { helsinkiDay, helsinkiNoon, parseCategoryEans, regularPriceCents } from './open-prices.records';
import { openPricesStandIn } from './open-prices.stand-in';

const FIXTURES = join(__dirname, '../../../fixtures/open-prices');
const BANANAS = '2000000000015';
const categoryEans = { 'en:bananas': BANANAS };

type Item = Record<string, unknown>;
const page = (n: number): Item[] => JSON.parse(readFileSync(join(FIXTURES, `prices-page-${n}.json`), 'utf8')).items;
const items = [...page(1), ...page(2)];
const byId = (id: number): Item => items.find((item) => item.id === id) as Item;
const parsePrice = (id: number, mapping: Record<string, string> = categoryEans): FeedRecord[] => parseLine({ t: 'price', page: 1, p: byId(id) }, mapping);
const priceOf = (records: FeedRecord[]): FeedPrice => {
  expect(records).toHaveLength(1);
  expect(records[0].kind).toBe('price');
  return (records[0] as Extract<FeedRecord, { kind: 'price' }>).value;
};
const reasonOf = (records: FeedRecord[]): string => (records[0] as Extract<FeedRecord, { kind: 'reject' }>).reason;

describe('Open Prices records', () => {
  it('a plain product price: store osm:<type>/<id>, cents, noon in Helsinki of its day, comparison price from the package', () => {
    expect(priceOf(parsePrice(88101))).toEqual({
      externalStoreId: 'osm:relation/2815602',
      ean: '6408430000258',
      price: 119,
      comparisonPrice: 119,
      priceUnit: null,
      comparisonPriceUnit: 'l',
      isCampaign: false,
      observedAt: '2026-11-10T10:00:00.000Z',
      regularPrice: null,
    });
    expect(priceOf(parsePrice(88116))).toMatchObject({ externalStoreId: 'osm:way/168923554', ean: '6410400400012', price: 135, comparisonPrice: 338, comparisonPriceUnit: 'kg' });
  });

  it('a discounted price is a campaign price with its regular price (price_without_discount)', () => {
    expect(priceOf(parsePrice(88102))).toEqual({
      externalStoreId: 'osm:relation/2815602',
      ean: '6411401015090',
      price: 299,
      comparisonPrice: 1495,
      priceUnit: null,
      comparisonPriceUnit: 'kg',
      isCampaign: true,
      observedAt: '2026-11-10T10:00:00.000Z',
      regularPrice: 389,
    });
    expect(regularPriceCents(byId(88102))).toBe(389);
    expect(regularPriceCents(byId(88101))).toBeNull();
  });

  it('a mapped CATEGORY price per kilogram is the mapped EAN weighed, the price also its comparison price', () => {
    expect(priceOf(parsePrice(88103))).toEqual({
      externalStoreId: 'osm:relation/2815602',
      ean: BANANAS,
      price: 169,
      comparisonPrice: 169,
      priceUnit: 'kg',
      comparisonPriceUnit: 'kg',
      isCampaign: false,
      observedAt: '2026-11-10T10:00:00.000Z',
      regularPrice: null,
    });
  });

  it('rejects an unmapped CATEGORY price, another currency, a missing location and a wrong check digit, with the reason', () => {
    expect(parsePrice(88104)).toEqual([{ kind: 'reject', recordKind: 'price', reason: 'skipped: category price (en:apples) without a mapping', raw: byId(88104) }]);
    expect(reasonOf(parsePrice(88103, {}))).toBe('skipped: category price (en:bananas) without a mapping');
    expect(reasonOf(parsePrice(88105))).toBe('rejected: currency SEK');
    expect(reasonOf(parsePrice(88107))).toBe('skipped: no OpenStreetMap location');
    expect(reasonOf(parsePrice(88110))).toBe('EAN 6410500030514 has a wrong check digit');
    expect(reasonOf(parseLine({ t: 'price', page: 1, p: { ...byId(88101), price: null } }, categoryEans))).toBe('price must be a price in euros');
    expect(reasonOf(parseLine({ t: 'price', page: 1, p: { ...byId(88101), date: '2026-02-30' } }, categoryEans))).toBe('date 2026-02-30 is not a calendar day');
  });

  it('passes a price at an unknown store and a price of 0 on: the run rejects them (unknown store, absurd price)', () => {
    expect(priceOf(parsePrice(88106))).toMatchObject({ externalStoreId: 'osm:node/9990000001', ean: '6412000095124', price: 235 });
    expect(priceOf(parsePrice(88111))).toMatchObject({ externalStoreId: 'osm:way/25396145', ean: '6414250012302', price: 0 });
  });

  it('keeps both prices of one product in one store; the newer date has the later observedAt whatever the order', () => {
    const older = priceOf(parsePrice(88108));
    const newer = priceOf(parsePrice(88109));
    expect([older.externalStoreId, older.ean, older.price, older.observedAt]).toEqual(['osm:way/25396145', '6410405082657', 549, '2026-11-02T10:00:00.000Z']);
    expect([newer.externalStoreId, newer.ean, newer.price, newer.observedAt]).toEqual(['osm:way/25396145', '6410405082657', 499, '2026-11-14T10:00:00.000Z']);
    expect(Date.parse(newer.observedAt ?? '') > Date.parse(older.observedAt ?? '')).toBe(true);
  });

  it('noon in Helsinki is 10:00Z in winter and 09:00Z in summer; the day before a run start is a Helsinki day', () => {
    expect(helsinkiNoon('2026-01-15')).toBe('2026-01-15T10:00:00.000Z');
    expect(helsinkiNoon('2026-07-15')).toBe('2026-07-15T09:00:00.000Z');
    expect(helsinkiDay('2026-11-12T22:30:00.000Z', 1)).toBe('2026-11-12');
    expect(helsinkiDay('2026-03-01T10:00:00.000Z', 1)).toBe('2026-02-28');
  });

  it("builds a product from the price's embedded product: name, first brand, image, package unit, OFF category", () => {
    expect(parseLine({ t: 'product', ean: '6410405082657', op: byId(88108).product, categoryTag: null }, categoryEans)).toEqual([
      {
        kind: 'product',
        value: {
          ean: '6410405082657',
          name: 'Juhla Mokka kahvi hienojauhettu',
          urlSlug: 'juhla-mokka-kahvi-hienojauhettu',
          pictureUrl: 'https://images.openfoodfacts.org/images/products/641/040/508/2657/front_fi.3.400.jpg',
          brandName: 'Juhla Mokka',
          originCountry: null,
          description: '500 g',
          ingredients: null,
          nutritionalContent: [],
          priceUnit: 'kpl',
          comparisonPriceUnit: 'kg',
          category: { externalType: 'open-food-facts', externalId: 'en:ground-coffees', name: 'en:ground-coffees', path: ['en:beverages', 'en:coffees', 'en:ground-coffees'] },
          source: 'open-prices',
        },
      },
    ]);
    const [cucumber] = parseLine({ t: 'product', ean: '6414250012302', op: byId(88111).product, categoryTag: null }, categoryEans);
    expect(cucumber).toMatchObject({ kind: 'product', value: { name: 'Kurkku', brandName: null, pictureUrl: null, category: { externalId: 'en:unknown', path: ['en:unknown'] } } });
    expect(parseLine({ t: 'product', ean: '6413800065034', op: byId(88113).product, categoryTag: null }, categoryEans)).toEqual([
      { kind: 'reject', recordKind: 'product', reason: 'skipped: product 6413800065034 has no name in Open Food Facts or Open Prices', raw: expect.anything() },
    ]);
  });

  it('reads OPEN_PRICES_CATEGORY_EANS and refuses a bad entry', () => {
    expect(parseCategoryEans(' en:bananas=2000000000015; en:apples = 2000000000022 ;')).toEqual({ 'en:bananas': BANANAS, 'en:apples': '2000000000022' });
    expect(parseCategoryEans(undefined)).toEqual({});
    expect(() => parseCategoryEans('en:bananas=2000000000016')).toThrow('OPEN_PRICES_CATEGORY_EANS: en:bananas: EAN 2000000000016 has a wrong check digit');
    expect(() => parseCategoryEans('bananas=2000000000015')).toThrow('must be <category tag>=<EAN>');
  });

  it('refuses a page size above 100', () => {
    expect(() => new OpenPricesAdapter({ pageSize: 101 })).toThrow('1–100');
    expect(new OpenPricesAdapter()).toMatchObject({ source: 'open-prices', storeSource: 'osm', defaultLocation: OPEN_PRICES_URL });
  });
});

describe('Open Prices openInput against the stand-in', () => {
  let server: Server;
  let base: string;
  const standIn = openPricesStandIn({ fixtureDir: FIXTURES });
  const gets: { url: string; options: HttpGetOptions | undefined }[] = [];
  const http: SourceHttp = {
    async get(url, options) {
      gets.push({ url, options });
      const response = await fetch(url);
      return { status: response.status, text: await response.text(), fromCache: false, fetchedAt: new Date().toISOString() };
    },
    postForm: () => Promise.reject(new Error('not used')),
    postJson: () => Promise.reject(new Error('not used')),
  };
  const offProduct: FeedProduct = {
    ean: '6411200106029',
    name: 'Oululainen Reissumies tumma 4 kpl 260 g',
    urlSlug: 'oululainen-reissumies-tumma',
    pictureUrl: null,
    brandName: 'Oululainen',
    originCountry: null,
    description: null,
    ingredients: null,
    nutritionalContent: [],
    priceUnit: 'kpl',
    comparisonPriceUnit: 'kg',
    category: { externalType: 'open-food-facts', externalId: 'en:breads', name: 'en:breads', path: ['en:breads'] },
    source: 'open-food-facts',
  };
  const asked: { listed: string[][]; lookedUp: string[] } = { listed: [], lookedUp: [] };
  const ctx: PullContext = {
    runId: 'run-1',
    http,
    lastCompletedRunStartedAt: '2026-11-12T22:30:00.000Z',
    listedEans: async () => {
      throw new Error('an Open Prices run asks whether any source knows an EAN, not only Open Prices');
    },
    // 6410405120014 is known (from a chain's shop, say): its price prices that product, nothing is looked up.
    knownEans: async (eans) => {
      asked.listed.push([...eans]);
      return new Set(eans.filter((ean) => ean === '6410405120014'));
    },
    eansToRefresh: async () => [],
    markProductsChecked: async () => undefined,
    lookupOpenFoodFacts: async (ean) => {
      asked.lookedUp.push(ean);
      return ean === offProduct.ean ? offProduct : null;
    },
    log: () => undefined,
    requestBudget: Infinity,
    refreshPriorities: async () => ({ stores: [], eans: [], basketEans: [], lastPricedAt: new Map() }),
  };
  let lines: string[];
  let progress: { done: number; total: number | null };

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!standIn(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const adapter = new OpenPricesAdapter({ categoryEans, pageSize: 8, now: () => new Date('2026-11-27T08:00:00Z') });
    const input = await adapter.openInput(base, ctx);
    lines = [];
    for await (const line of input.lines) lines.push(line);
    progress = { done: input.bytesRead(), total: input.totalBytes };
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const shapes = () =>
    lines.map((text) => {
      const line = JSON.parse(text);
      if (line.t === 'price') return `price ${line.p.id}`;
      if (line.t === 'product') return `product ${line.ean} ${line.off ? 'off' : line.reason ? 'skip' : 'op'}`;
      if (line.t === 'listed') return `listed ${line.ean}`;
      return `unreadable ${line.page}`;
    });

  it("asks for euro prices at OSM locations dated from the day before the last run's start, oldest created first", () => {
    const queries = standIn.queries();
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '2', '3', '3']);
    for (const query of queries) {
      expect(Object.fromEntries(query)).toEqual({ currency: 'EUR', location__type: 'OSM', date__gte: '2026-11-12', order_by: 'created,id', page: query.get('page'), size: '8' });
    }
    expect(gets.map((g) => g.options)).toEqual([
      { rateClass: 'prices', freshForMs: 300_000, signal: undefined },
      { rateClass: 'prices', freshForMs: 300_000, signal: undefined },
      { rateClass: 'prices', freshForMs: 300_000, signal: undefined },
      { rateClass: 'prices', freshForMs: 0, signal: undefined },
    ]);
  });

  it('puts one line per new EAN before the prices of its page, drops prices outside Finland, and turns the truncated page into one line', () => {
    expect(shapes()).toEqual([
      'product 6408430000258 op',
      'product 6411401015090 op',
      `product ${BANANAS} skip`,
      'product 6412000095124 op',
      'product 6410405082657 op',
      ...[88101, 88102, 88103, 88104, 88105, 88106, 88107, 88108].map((id) => `price ${id}`),
      'product 6414250012302 op',
      'product 6413800065034 op',
      'listed 6410405120014',
      'product 6411200106029 off',
      'product 6410400400012 op',
      ...[88109, 88110, 88111, 88113, 88114, 88115, 88116].map((id) => `price ${id}`),
      'unreadable 3',
    ]);
    expect(asked.listed).toEqual([
      ['6408430000258', '6411401015090', BANANAS, '6412000095124', '6410405082657'],
      ['6414250012302', '6413800065034', '6410405120014', '6411200106029', '6410400400012'],
    ]);
    expect(asked.lookedUp).not.toContain('6410405120014');
    expect(progress).toEqual({ done: 3, total: 3 });
  });

  it('parses into products, prices and rejects; nothing of the unreadable page is applied', () => {
    const parse = new OpenPricesAdapter({ categoryEans }).createParser();
    const records = lines.flatMap((line, i) => parse(line, i + 1));
    const products = records.filter((r) => r.kind === 'product').map((r) => (r as Extract<FeedRecord, { kind: 'product' }>).value);
    expect(products.map((p) => [p.ean, p.source])).toEqual([
      ['6408430000258', 'open-prices'],
      ['6411401015090', 'open-prices'],
      ['6412000095124', 'open-prices'],
      ['6410405082657', 'open-prices'],
      ['6414250012302', 'open-prices'],
      ['6411200106029', 'open-food-facts'],
      ['6410400400012', 'open-prices'],
    ]);
    const rejects = records.filter((r) => r.kind === 'reject').map((r) => (r as Extract<FeedRecord, { kind: 'reject' }>).reason);
    expect(rejects).toEqual([
      `skipped: EAN ${BANANAS} of category en:bananas is not in Open Food Facts`,
      'skipped: category price (en:apples) without a mapping',
      'rejected: currency SEK',
      'skipped: no OpenStreetMap location',
      'skipped: product 6413800065034 has no name in Open Food Facts or Open Prices',
      'EAN 6410500030514 has a wrong check digit',
      expect.stringMatching(/^page 3 unreadable: not valid JSON \(5\d{3} characters\): /),
    ]);
    const prices = records.filter((r) => r.kind === 'price').map((r) => (r as Extract<FeedRecord, { kind: 'price' }>).value);
    expect(prices.map((p) => `${p.ean}@${p.externalStoreId}=${p.price}`)).toEqual([
      '6408430000258@osm:relation/2815602=119',
      '6411401015090@osm:relation/2815602=299',
      `${BANANAS}@osm:relation/2815602=169`,
      '6412000095124@osm:node/9990000001=235',
      '6410405082657@osm:way/25396145=549',
      '6410405082657@osm:way/25396145=499',
      '6414250012302@osm:way/25396145=0',
      '6413800065034@osm:way/168923554=99',
      '6410405120014@osm:way/168923554=529',
      '6411200106029@osm:way/168923554=219',
      '6410400400012@osm:way/168923554=135',
    ]);
  });

  it('asks for every price on the first run (no date__gte)', async () => {
    const before = standIn.queries().length;
    const adapter = new OpenPricesAdapter({ pageSize: 8 });
    const input = await adapter.openInput(base, { ...ctx, lastCompletedRunStartedAt: null });
    for await (const line of input.lines) void line;
    const first = standIn.queries()[before];
    expect(first.has('date__gte')).toBe(false);
    expect(first.get('currency')).toBe('EUR');
  });
});

describe('Open Prices paging past page 500', () => {
  it('reads on in a new query from the last creation time reached, without repeating a price', async () => {
    const created = (n: number) => `2026-01-01T00:${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}.000000Z`;
    const all = Array.from({ length: 502 }, (_, i) => ({ id: i + 1, created: created(i + 1) }));
    const urls: URLSearchParams[] = [];
    const http: SourceHttp = {
      async get(url) {
        const query = new URL(url).searchParams;
        urls.push(query);
        const from = query.get('created__gte');
        const matching = from ? all.filter((item) => item.created >= from) : all;
        const n = Number(query.get('page'));
        if (n > 500) return { status: 400, text: '{"detail":"Maximum page reached."}', fromCache: false, fetchedAt: '' };
        return { status: 200, text: JSON.stringify({ items: matching.slice(n - 1, n), page: n, pages: matching.length, size: 1, total: matching.length }), fromCache: false, fetchedAt: '' };
      },
      postForm: () => Promise.reject(new Error('not used')),
      postJson: () => Promise.reject(new Error('not used')),
    };
    const ctx = { http, lastCompletedRunStartedAt: null, knownEans: async () => new Set<string>(), log: () => undefined } as unknown as PullContext;
    const input = await new OpenPricesAdapter({ pageSize: 1 }).openInput('http://open-prices.test', ctx);
    const ids: number[] = [];
    for await (const line of input.lines) ids.push(JSON.parse(line).p.id);
    expect(ids).toEqual(all.map((item) => item.id));
    expect(urls).toHaveLength(503);
    expect(urls[500].get('created__gte')).toBe(created(500));
    expect(urls[500].get('page')).toBe('1');
  });
});
