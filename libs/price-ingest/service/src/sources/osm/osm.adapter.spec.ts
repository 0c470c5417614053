import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FeedRecord, FeedStore } from '../../feeds/feed-record';
import type { PullContext } from '../pull-source';
import { type HttpAnswer, type HttpGetOptions, type SourceHttp, SourceTooLargeError } from '../source-http';
import { chainOf, OSM_CHAINS } from './osm-chains';
import { storeHours } from './osm-hours';
import { OSM_SKIP_KINDS, OsmAdapter, osmSkipKind, OVERPASS_ANSWER_ERROR, OVERPASS_INTERPRETER_URL, OVERPASS_MAX_BYTES, overpassAnswerLines, overpassQuery } from './osm.adapter';
import { overpassStandIn } from './overpass.stand-in';

const FIXTURES = join(__dirname, '../../../fixtures/osm');
const FIRST = join(FIXTURES, 'overpass-finland.json');
const REIMPORT = join(FIXTURES, 'overpass-finland-reimport.json');
/** Sunday 6 December 2026, 08:00 in Helsinki: Independence Day, and the 21 days reach Christmas and Boxing Day. */
const NOW = new Date('2026-12-06T06:00:00Z');

function parseAll(file: string, adapter = new OsmAdapter({ now: () => NOW })): FeedRecord[] {
  const parse = adapter.createParser();
  return overpassAnswerLines(readFileSync(file, 'utf8')).flatMap((line) => parse(line));
}

function stores(records: FeedRecord[]): Map<string, FeedStore> {
  return new Map(records.flatMap((r) => (r.kind === 'store' ? [[r.value.externalId, r.value] as const] : [])));
}

function rejects(records: FeedRecord[]): Map<string, string> {
  return new Map(
    records.flatMap((r) => {
      if (r.kind !== 'reject') return [];
      const raw = r.raw as { type: string; id: number };
      return [[`${raw.type}/${raw.id}`, r.reason] as const];
    }),
  );
}

function element(tags: Record<string, string>, extra: Record<string, unknown> = { lat: 60.17, lon: 24.94 }): string {
  return JSON.stringify({ type: 'node', id: 42, ...extra, tags });
}

describe('OsmAdapter parser over the Overpass fixture', () => {
  const records = parseAll(FIRST);
  const byId = stores(records);
  const skipped = rejects(records);

  it('imports one store of each of the 11 chains and skips the other 4 elements', () => {
    expect(records).toHaveLength(15);
    expect(byId.size).toBe(11);
    expect(skipped.size).toBe(4);
    expect([...byId.values()].map((s) => s.chain).sort()).toEqual(OSM_CHAINS.map((c) => c.id).sort());
  });

  it.each([
    ['osm:relation/2815602', 'prisma', 'S', 'Prisma Itäkeskus'],
    ['osm:node/1105587364', 's-market', 'S', 'S-market Hakaniemi'],
    ['osm:node/2391284466', 'alepa', 'S', 'Alepa Sturenkatu 8'],
    ['osm:way/48612011', 'sale', 'S', 'Sale Kamppi'],
    ['osm:node/4423101788', 'abc', 'S', 'ABC Tammisto'],
    ['osm:node/6010234551', 'herkku', 'S', 'Herkku Sokos Helsinki'],
    ['osm:way/25396145', 'kcitymarket', 'K', 'K-Citymarket Tampere Hervanta'],
    ['osm:node/5713359021', 'ksupermarket', 'K', 'K-Supermarket Redi'],
    ['osm:node/3079928710', 'kmarket', 'K', 'K-Market Fleminginkatu'],
    ['osm:node/1278543309', 'nokm', 'K', 'Neste K Kannelmäki'],
    ['osm:way/168923554', 'lidl', 'L', 'Lidl Turku Ratapiha'],
  ])('%s is %s (%s) named %s', (externalId, chain, type, name) => {
    const store = byId.get(externalId);
    expect(store).toMatchObject({ chain, type, name });
  });

  it('takes a node its lat/lon and a way or relation its center', () => {
    expect(byId.get('osm:node/1105587364')).toMatchObject({ lat: 60.1842103, long: 24.9508642 });
    expect(byId.get('osm:way/25396145')).toMatchObject({ lat: 61.4583311, long: 23.854402 });
    expect(byId.get('osm:relation/2815602')).toMatchObject({ lat: 60.210981, long: 25.081946 });
  });

  it('reads the address, and leaves postcode and city empty when OSM has none', () => {
    expect(byId.get('osm:way/25396145')).toMatchObject({ address: 'Lindforsinkatu 2', postalCode: '33720', city: 'Tampere', urlSlug: 'k-citymarket-tampere-hervanta-tampere-w25396145' });
    expect(byId.get('osm:node/2391284466')).toMatchObject({ address: 'Sturenkatu 8', postalCode: '', city: '', urlSlug: 'alepa-sturenkatu-8-n2391284466' });
  });

  it('skips the non-chain, disused, coordinate-less and foreign elements with countable reasons', () => {
    expect(skipped.get('node/7712003145')).toBe('skipped (not a chain): node/7712003145 has brand null, name "Herkku Leipomo", brand:wikidata null');
    expect(skipped.get('way/93215870')).toBe('skipped (closed shop): way/93215870 (brand null, name "Sale Vallila") has shop=vacant');
    expect(skipped.get('relation/12905517')).toBe('skipped (no coordinates): relation/12905517 has neither lat/lon nor a center');
    expect(skipped.get('node/2219804321')).toBe('skipped (outside Finland): node/2219804321: coordinates 58.365412, 26.692038 are outside Finland');
    expect([...skipped.values()].map(osmSkipKind)).toEqual([OSM_SKIP_KINDS.notAChain, OSM_SKIP_KINDS.closed, OSM_SKIP_KINDS.noCoordinates, OSM_SKIP_KINDS.outsideFinland]);
    expect(records.filter((r) => r.kind === 'reject').every((r) => r.kind === 'reject' && r.recordKind === 'store')).toBe(true);
  });

  it('gives the regular week and the holidays of the next 21 days (PH off, Dec 24 rule)', () => {
    const store = byId.get('osm:node/1105587364') as FeedStore;
    expect(store.openingHoursKnown).toBe(true);
    expect(store.weeklyHours).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '07:00', closes: '22:00', isOpenAllDay: false })),
      { weekday: 7, opens: '10:00', closes: '22:00', isOpenAllDay: false },
    ]);
    expect(store.exceptions).toEqual([
      { date: '2026-12-06', opens: null, closes: null, isOpenAllDay: false, description: 'Itsenäisyyspäivä' },
      { date: '2026-12-24', opens: '07:00', closes: '15:00', isOpenAllDay: false, description: 'Jouluaatto' },
      { date: '2026-12-25', opens: null, closes: null, isOpenAllDay: false, description: 'Joulupäivä' },
      { date: '2026-12-26', opens: null, closes: null, isOpenAllDay: false, description: 'Toinen joulupäivä' },
    ]);
  });

  it('gives a holiday its own hours (PH 12:00-18:00) and leaves a holiday without a PH rule alone', () => {
    expect((byId.get('osm:node/6010234551') as FeedStore).exceptions).toEqual([
      { date: '2026-12-06', opens: '12:00', closes: '18:00', isOpenAllDay: false, description: 'Itsenäisyyspäivä' },
      { date: '2026-12-25', opens: '12:00', closes: '18:00', isOpenAllDay: false, description: 'Joulupäivä' },
      { date: '2026-12-26', opens: '12:00', closes: '18:00', isOpenAllDay: false, description: 'Toinen joulupäivä' },
    ]);
    // Prisma has no PH rule: Independence Day is an ordinary Sunday for it; only its dated rules are exceptions.
    expect((byId.get('osm:relation/2815602') as FeedStore).exceptions).toEqual([
      { date: '2026-12-24', opens: '07:00', closes: '15:00', isOpenAllDay: false, description: 'Jouluaatto' },
      { date: '2026-12-25', opens: null, closes: null, isOpenAllDay: false, description: 'Joulupäivä' },
    ]);
  });

  it('reads 24/7 as open all day every day', () => {
    const store = byId.get('osm:way/48612011') as FeedStore;
    expect(store.weeklyHours).toEqual([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: null, closes: null, isOpenAllDay: true })));
    expect(store.exceptions).toEqual([]);
    expect(store.openingHoursKnown).toBe(true);
  });

  it('imports a store whose hours are outside the syntax, with the hours not known', () => {
    const store = byId.get('osm:node/3079928710') as FeedStore;
    expect(store).toMatchObject({ weeklyHours: [], exceptions: [], openingHoursKnown: false });
  });

  it('the re-import fixture has the K-Market moved and the Alepa gone', () => {
    const again = stores(parseAll(REIMPORT));
    expect(again.size).toBe(10);
    expect(again.has('osm:node/2391284466')).toBe(false);
    expect(again.get('osm:node/3079928710')).toMatchObject({ address: 'Helsinginkatu 14', postalCode: '00500', city: 'Helsinki' });
    expect(again.get('osm:way/48612011')).toEqual(byId.get('osm:way/48612011'));
  });

  it('gives the same hours whatever the time zone of the process', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'America/New_York';
      const far = stores(parseAll(FIRST));
      expect(far.get('osm:node/1105587364')).toEqual(byId.get('osm:node/1105587364'));
      expect(far.get('osm:node/6010234551')).toEqual(byId.get('osm:node/6010234551'));
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('OsmAdapter parser, element by element', () => {
  const parse = new OsmAdapter({ now: () => NOW }).createParser();
  const one = (line: string) => {
    const records = parse(line);
    expect(records).toHaveLength(1);
    return records[0];
  };
  const reason = (line: string) => {
    const record = one(line);
    return record.kind === 'reject' ? record.reason : `imported as ${record.kind}`;
  };

  it.each([
    [{ 'brand:wikidata': 'Q11868562', name: 'Kauppa' }, 'kmarket'],
    [{ brand: 'K-market', name: 'Lähikauppa' }, 'kmarket'],
    [{ brand: 'K - Supermarket' }, 'ksupermarket'],
    [{ name: 'K-citymarket Kuopio', shop: 'department_store' }, 'kcitymarket'],
    [{ name: 'Neste K Ikaalinen', amenity: 'fuel', brand: 'Neste' }, 'nokm'],
    [{ name: 'Sokos Herkku', shop: 'supermarket' }, 'herkku'],
    [{ name: 'Sale Tikkurila', shop: 'convenience' }, 'sale'],
    [{ brand: 'Sale', shop: 'clothes' }, 'sale'],
    [{ name: 'Sale Outlet', shop: 'clothes' }, null],
    [{ name: 'Neste Kilo', amenity: 'fuel' }, null],
    [{ name: 'Salero', shop: 'supermarket' }, null],
    [{ brand: 'Tokmanni', name: 'Tokmanni' }, null],
  ])('chainOf(%j) is %s', (tags, chain) => {
    expect(chainOf(tags as Record<string, string>)?.id ?? null).toBe(chain);
  });

  it('names a bare chain name after its city when there is no branch', () => {
    const record = one(element({ shop: 'convenience', name: 'Alepa', 'addr:city': 'Espoo', 'addr:street': 'Tapiontori', 'addr:housenumber': '3' }));
    expect(record).toMatchObject({ kind: 'store', value: { name: 'Alepa Espoo', externalId: 'osm:node/42', address: 'Tapiontori 3' } });
    const unnamed = one(element({ shop: 'supermarket', brand: 'Lidl', 'addr:city': 'Oulu' }));
    expect(unnamed).toMatchObject({ kind: 'store', value: { name: 'Lidl Oulu' } });
  });

  it.each([
    [{ shop: 'supermarket', name: 'S-market Kallio', 'disused:shop': 'supermarket' }, null],
    [{ name: 'S-market Kallio', 'disused:shop': 'supermarket' }, 'disused:shop=supermarket'],
    [{ name: 'S-market Kallio', 'was:shop': 'supermarket' }, 'was:shop=supermarket'],
    [{ shop: 'supermarket', name: 'S-market Kallio', opening_hours: 'closed' }, 'opening_hours=closed'],
    [{ shop: 'supermarket', name: 'S-market Kallio', disused: 'yes' }, 'disused=yes'],
    [{ shop: 'supermarket', name: 'S-market Kallio', end_date: '2025-06' }, 'end_date=2025-06'],
  ])('a shop tagged %j: closed because of %s (null: trading)', (tags, because) => {
    const text = reason(element(tags));
    if (because === null) expect(text).toBe('imported as store');
    else expect(text).toBe(`skipped (closed shop): node/42 (brand null, name "S-market Kallio") has ${because}`);
  });

  it('skips elements it cannot read', () => {
    expect(reason('{"type":"area","id":3600054224,"tags":{}}')).toBe('skipped (unreadable element): type "area" is not node, way or relation');
    expect(reason('{"type":"node","id":-5,"tags":{}}')).toBe('skipped (unreadable element): node id -5 is not a positive integer');
    expect(reason(element({ shop: 'supermarket', brand: 'Lidl' }, { lat: 'north', lon: 25 }))).toBe('skipped (unreadable element): node/42: latitude "north" is out of range');
    expect(reason('{"type":"node",')).toMatch(/^skipped \(unreadable element\): not valid JSON/);
    expect(osmSkipKind(reason('[1,2]'))).toBe(OSM_SKIP_KINDS.unreadable);
    expect(parse('')).toEqual([]);
  });

  it('uses the coordinates of the element over its center and checks both', () => {
    expect(one(element({ shop: 'supermarket', brand: 'Lidl' }, { center: { lat: 65.01, lon: 25.47 } }))).toMatchObject({ value: { lat: 65.01, long: 25.47 } });
    expect(reason(element({ shop: 'supermarket', brand: 'Lidl' }, { center: { lat: 59.33, lon: 18.06 } }))).toMatch(/^skipped \(outside Finland\)/);
  });

  it('says the hours are not known when there is no opening_hours tag', () => {
    expect(one(element({ shop: 'supermarket', brand: 'Lidl' }))).toMatchObject({ value: { weeklyHours: [], exceptions: [], openingHoursKnown: false } });
  });

  it('rejects the error line of an unusable answer as a line, not as a skip', () => {
    const record = one('{"error":"not valid JSON (Unexpected end of JSON input; 120 characters)"}');
    expect(record).toEqual({ kind: 'reject', recordKind: 'line', reason: `${OVERPASS_ANSWER_ERROR}: not valid JSON (Unexpected end of JSON input; 120 characters)`, raw: expect.anything() });
    expect(osmSkipKind((record as { reason: string }).reason)).toBeNull();
  });
});

describe('storeHours', () => {
  const at = { now: NOW, lat: 60.17, lon: 24.94 };

  it('takes the first opening to the last closing of a day with several intervals', () => {
    const hours = storeHours('Mo-Fr 08:00-11:00,12:00-17:00; Sa 10:00-14:00', at);
    expect(hours.weeklyHours[0]).toEqual({ weekday: 1, opens: '08:00', closes: '17:00', isOpenAllDay: false });
    expect(hours.weeklyHours[6]).toEqual({ weekday: 7, opens: null, closes: null, isOpenAllDay: false });
    // Without a PH rule the holidays keep the weekday's hours: no exceptions.
    expect(hours.exceptions).toEqual([]);
  });

  it('ends a day that runs past midnight at 24:00 and does not open the next day at midnight', () => {
    const hours = storeHours('Mo-Sa 07:00-02:00', at);
    expect(hours.weeklyHours[1]).toEqual({ weekday: 2, opens: '07:00', closes: '24:00', isOpenAllDay: false });
    expect(hours.weeklyHours[6]).toEqual({ weekday: 7, opens: null, closes: null, isOpenAllDay: false });
  });

  it('lists the holidays of 24/7 stores closed on them', () => {
    const hours = storeHours('24/7; PH off', at);
    expect(hours.weeklyHours.every((d) => d.isOpenAllDay)).toBe(true);
    expect(hours.exceptions.map((e) => [e.date, e.isOpenAllDay, e.description])).toEqual([
      ['2026-12-06', false, 'Itsenäisyyspäivä'],
      ['2026-12-25', false, 'Joulupäivä'],
      ['2026-12-26', false, 'Toinen joulupäivä'],
    ]);
  });

  it('knows the Finnish holidays that move: Midsummer Day and All Saints’ Day are Saturdays', () => {
    const midsummer = storeHours('Mo-Su 08:00-20:00; PH off', { ...at, now: new Date('2027-06-20T09:00:00Z') });
    expect(midsummer.exceptions).toEqual([{ date: '2027-06-26', opens: null, closes: null, isOpenAllDay: false, description: 'Juhannuspäivä' }]);
    const allSaints = storeHours('Mo-Su 08:00-20:00; PH off', { ...at, now: new Date('2026-10-25T09:00:00Z') });
    expect(allSaints.exceptions).toEqual([{ date: '2026-10-31', opens: null, closes: null, isOpenAllDay: false, description: 'Pyhäinpäivä' }]);
  });

  it('counts the days in Helsinki: late on 5 December UTC is already the 6th there', () => {
    const hours = storeHours('Mo-Su 08:00-20:00; PH off', { ...at, now: new Date('2026-12-05T22:30:00Z'), exceptionDays: 1 });
    expect(hours.exceptions).toEqual([{ date: '2026-12-06', opens: null, closes: null, isOpenAllDay: false, description: 'Itsenäisyyspäivä' }]);
    const earlier = storeHours('Mo-Su 08:00-20:00; PH off', { ...at, now: new Date('2026-12-05T21:30:00Z'), exceptionDays: 1 });
    expect(earlier.exceptions).toEqual([]);
  });

  it('says hours outside the syntax are not known', () => {
    expect(storeHours('arkisin 7-21, la 8-18', at)).toEqual({ weeklyHours: [], exceptions: [], openingHoursKnown: false });
    expect(storeHours(undefined, at)).toEqual({ weeklyHours: [], exceptions: [], openingHoursKnown: false });
  });
});

class FixtureHttp implements SourceHttp {
  readonly posts: { url: string; form: Record<string, string>; options?: HttpGetOptions }[] = [];
  constructor(private readonly text: string) {}
  get(): Promise<HttpAnswer> {
    throw new Error('the OSM source only POSTs');
  }
  postJson(): Promise<HttpAnswer> {
    throw new Error('the OSM source only POSTs forms');
  }
  async postForm(url: string, form: Record<string, string>, options?: HttpGetOptions): Promise<HttpAnswer> {
    this.posts.push({ url, form, options });
    return { status: 200, text: this.text, fromCache: false, fetchedAt: '2026-12-06T06:00:00.000Z' };
  }
}

function context(http: SourceHttp): PullContext {
  const unused = () => {
    throw new Error('not used by the OSM source');
  };
  return {
    runId: 'run-1',
    http,
    lastCompletedRunStartedAt: null,
    listedEans: unused,
    knownEans: unused,
    eansToRefresh: unused,
    markProductsChecked: unused,
    lookupOpenFoodFacts: unused,
    log: () => undefined,
    requestBudget: Infinity,
    refreshPriorities: async () => ({ stores: [], eans: [], basketEans: [], lastPricedAt: new Map() }),
  };
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('OsmAdapter.openInput', () => {
  it('POSTs the bounded query for Finland and yields one line per element, counting progress in elements', async () => {
    const adapter = new OsmAdapter({ now: () => NOW, queryTimeoutSeconds: 240 });
    expect(adapter).toMatchObject({ source: 'osm', defaultLocation: OVERPASS_INTERPRETER_URL, closesUnseenStores: true });
    const http = new FixtureHttp(readFileSync(FIRST, 'utf8'));
    const input = await adapter.openInput(adapter.defaultLocation, context(http));
    expect(http.posts).toHaveLength(1);
    const [post] = http.posts;
    expect(post.url).toBe(OVERPASS_INTERPRETER_URL);
    expect(post.options).toMatchObject({ freshForMs: 86_400_000, accept: 'application/json' });
    expect(post.form.data).toBe(overpassQuery(240));
    expect(post.form.data).toContain('[out:json][timeout:240];');
    expect(post.form.data).toContain('area["ISO3166-1"="FI"][admin_level=2]->.fi;');
    expect(post.form.data).toContain('Q11868561|Q5408668|Q11868562');
    expect(post.form.data.trim().endsWith('out center tags;')).toBe(true);

    expect(input.totalBytes).toBe(15);
    expect(input.bytesRead()).toBe(0);
    const lines = await collect(input.lines);
    expect(lines).toHaveLength(15);
    expect(input.bytesRead()).toBe(15);
    expect(JSON.parse(lines[0])).toMatchObject({ type: 'relation', id: 2815602 });
    const parse = adapter.createParser();
    expect(lines.flatMap((line) => parse(line)).filter((r) => r.kind === 'store')).toHaveLength(11);
  });

  it.each([
    ['truncated JSON', (text: string) => text.slice(0, 2000), /^Overpass answer not usable: not valid JSON/],
    ['no elements', () => '{"version":0.6,"generator":"Overpass API"}', /^Overpass answer not usable: no elements array$/],
    [
      'a timed-out query',
      () => '{"version":0.6,"elements":[{"type":"node","id":1,"lat":60.1,"lon":24.9,"tags":{"brand":"Lidl","shop":"supermarket"}}],"remark":"runtime error: Query timed out in \\"query\\" at line 4 after 181 seconds."}',
      /^Overpass answer not usable: the query failed: runtime error: Query timed out/,
    ],
  ])('turns an answer with %s into one rejected line', async (_label, answer, expected) => {
    const adapter = new OsmAdapter({ now: () => NOW });
    const input = await adapter.openInput(adapter.defaultLocation, context(new FixtureHttp(answer(readFileSync(FIRST, 'utf8')))));
    const lines = await collect(input.lines);
    expect(lines).toHaveLength(1);
    expect(input.totalBytes).toBe(1);
    const records = adapter.createParser()(lines[0]);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ kind: 'reject', recordKind: 'line', reason: expect.stringMatching(expected) });
  });

  it('asks for the whole country with room beyond the client’s cap, and turns an answer past it into one rejected line', async () => {
    const adapter = new OsmAdapter({ now: () => NOW });
    const fixture = new FixtureHttp(readFileSync(FIRST, 'utf8'));
    await adapter.openInput(adapter.defaultLocation, context(fixture));
    expect(fixture.posts[0].options?.maxBytes).toBe(OVERPASS_MAX_BYTES);
    const tooLarge = new (class extends FixtureHttp {
      override async postForm(url: string): Promise<HttpAnswer> {
        throw new SourceTooLargeError(url, 200, OVERPASS_MAX_BYTES, `overpass-api.de answered 200 with more than ${OVERPASS_MAX_BYTES} bytes: POST ${url}`);
      }
    })('');
    const input = await adapter.openInput(adapter.defaultLocation, context(tooLarge));
    const lines = await collect(input.lines);
    expect(lines).toHaveLength(1);
    expect(adapter.createParser()(lines[0])).toEqual([expect.objectContaining({ kind: 'reject', recordKind: 'line', reason: expect.stringMatching(/^Overpass answer not usable: .*more than 268435456 bytes/) })]);
  });
});

describe('overpassStandIn', () => {
  let server: Server;
  let base: string;
  const standIn = overpassStandIn({ fixtureFile: FIRST });

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!standIn(req, res)) {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers POST and GET /api/interpreter with the fixture, switchable at run time, and nothing else', async () => {
    const posted = await fetch(`${base}/api/interpreter`, { method: 'POST', body: new URLSearchParams({ data: '[out:json];' }) });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-type')).toBe('application/json');
    expect(((await posted.json()) as { elements: unknown[] }).elements).toHaveLength(15);
    expect(standIn.requests).toEqual(['data=%5Bout%3Ajson%5D%3B']);

    standIn.setFixture(REIMPORT);
    const got = await fetch(`${base}/api/interpreter?data=x`);
    expect(((await got.json()) as { elements: unknown[] }).elements).toHaveLength(14);

    expect((await fetch(`${base}/api/status`)).status).toBe(404);
  });
});
