import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_FEED_LIMITS } from '../../feeds/feed-input';
import type { FeedRecord } from '../../feeds/feed-record';
import type { HttpCacheStore } from '../http/http-cache';
import { PoliteHttp } from '../http/polite-http';
import type { PullContext } from '../pull-source';
import { SourceUnreachableError, type SourceHttp } from '../source-http';
import { lookupOffProduct, offProductUrl } from './off-product';
import { NOT_IN_OPEN_FOOD_FACTS, OPEN_FOOD_FACTS_RATES, OpenFoodFactsAdapter, openFoodFactsRates } from './open-food-facts.adapter';
import { offStandIn, type OffStandIn } from './open-food-facts.stand-in';
import { fakeTime, MapCache } from '../http/http.testing';

const FIXTURES = join(__dirname, '../../../fixtures/open-food-facts');
const START = Date.UTC(2026, 0, 19, 6, 0, 0);

async function listen(standIn: OffStandIn): Promise<{ base: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (!standIn(req, res)) {
      res.statusCode = 400;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A PullContext whose registry is a list of EANs to refresh and a set of known EANs. */
function pullContext(http: SourceHttp, base: string, registry: { toRefresh?: string[]; known?: string[] } = {}) {
  const checked = new Map<string, string>();
  const refreshAsks: { olderThan: string; limit: number }[] = [];
  const knownAsks: string[][] = [];
  const logs: string[] = [];
  const ctx: PullContext = {
    runId: 'run-1',
    http,
    lastCompletedRunStartedAt: null,
    listedEans: async () => new Set(),
    knownEans: async (eans) => {
      knownAsks.push([...eans]);
      return new Set(eans.filter((e) => registry.known?.includes(e)));
    },
    eansToRefresh: async (olderThan, limit) => {
      refreshAsks.push({ olderThan, limit });
      return (registry.toRefresh ?? []).filter((e) => !checked.has(e)).slice(0, limit);
    },
    markProductsChecked: async (eans, at) => {
      for (const ean of eans) checked.set(ean, at);
    },
    lookupOpenFoodFacts: (ean) => lookupOffProduct(http, base, ean),
    log: (message) => logs.push(message),
    requestBudget: Infinity,
    refreshPriorities: async () => ({ stores: [], eans: [], basketEans: [], lastPricedAt: new Map() }),
  };
  return { ctx, checked, refreshAsks, knownAsks, logs };
}

async function run(adapter: OpenFoodFactsAdapter, location: string, ctx: PullContext): Promise<FeedRecord[]> {
  const input = await adapter.openInput(location, ctx);
  const parse = adapter.createParser();
  const records: FeedRecord[] = [];
  for await (const line of input.lines) records.push(...parse(line));
  input.close();
  return records;
}

const summary = (records: FeedRecord[]) => records.map((r) => (r.kind === 'product' ? `product ${r.value.ean} ${r.value.name}` : r.kind === 'reject' ? `reject ${r.reason}` : r.kind));

describe('OpenFoodFactsAdapter, API mode against the stand-in', () => {
  let server: { base: string; close(): Promise<void> } | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function http(base: string, clock: ReturnType<typeof fakeTime>, cache?: HttpCacheStore, maxRetries = 5) {
    return new PoliteHttp({ userAgent: 'Hintakori/test', rates: openFoodFactsRates(base), sleep: clock.sleep, now: clock.now, random: () => 0, cache, maxRetries });
  }

  it('yields found products and rejects unknown EANs, waiting as a 429 asks and at 15 product reads a minute', async () => {
    const standIn = offStandIn({ fixtureDir: FIXTURES, rateLimitedEans: ['5000000001231'] });
    server = await listen(standIn);
    const clock = fakeTime();
    const cache = new MapCache();
    const registry = { toRefresh: ['6408430000012', '6430000009996', '5000000001231'] };
    const { ctx, checked, refreshAsks, logs } = pullContext(http(server.base, clock, cache), server.base, registry);
    const adapter = new OpenFoodFactsAdapter({ batchSize: 2, now: clock.now });

    const records = await run(adapter, server.base, ctx);

    expect(summary(records)).toEqual(['product 6408430000012 Valio Luomu kevytmaito 1 l', `reject ${NOT_IN_OPEN_FOOD_FACTS}`, 'product 5000000001231 English Breakfast Tea']);
    expect(records[0]).toMatchObject({ kind: 'product', value: { source: 'open-food-facts', category: { externalId: 'en:semi-skimmed-milks' } } });
    // 4 s apart (15 a minute); the 429 asked for 1 s, and the retry then waited for the rest of its 4 s slot.
    expect(clock.time.waits).toEqual([4000, 4000, 1000, 3000]);
    expect(standIn.requests()).toBe(4);
    expect([...checked.keys()]).toEqual(registry.toRefresh);
    expect(refreshAsks[0]).toEqual({ olderThan: new Date(START - 30 * 24 * 3600 * 1000).toISOString(), limit: 2 });
    expect(logs).toEqual(['open-food-facts: asked about 3 EANs: 2 found, 1 not in Open Food Facts, 0 failed']);

    // Within 30 days the same EANs are answered from the cache: no request at all.
    const again = pullContext(http(server.base, clock, cache), server.base, registry);
    expect(summary(await run(adapter, server.base, again.ctx))).toEqual(summary(records));
    expect(standIn.requests()).toBe(4);
  });

  it('revalidates a stale copy with its ETag', async () => {
    const standIn = offStandIn({ fixtureDir: FIXTURES });
    server = await listen(standIn);
    const clock = fakeTime();
    const client = http(server.base, clock, new MapCache());
    await lookupOffProduct(client, server.base, '6408430000012');
    clock.time.now += 31 * 24 * 3600 * 1000;
    const answer = await client.get(offProductUrl(server.base, '6408430000012'), { rateClass: 'product' });
    expect(answer.fromCache).toBe(true);
    expect(standIn.requests()).toBe(2);
    expect(await lookupOffProduct(client, server.base, '6430000009996')).toBeNull();
  });

  it('rejects an EAN whose retries ran out and goes on; it is not marked checked', async () => {
    const standIn = offStandIn({ fixtureDir: FIXTURES, rateLimitedEans: ['6408430000012'] });
    server = await listen(standIn);
    const clock = fakeTime();
    const { ctx, checked } = pullContext(http(server.base, clock, undefined, 0), server.base, { toRefresh: ['6408430000012', '5000000001231'] });
    const records = await run(new OpenFoodFactsAdapter({ now: clock.now }), server.base, ctx);
    expect(summary(records)).toEqual([expect.stringMatching(/^reject Open Food Facts answered 429 for 6408430000012: 127\.0\.0\.1:\d+ answered 429 after 1 attempts/), 'product 5000000001231 English Breakfast Tea']);
    expect([...checked.keys()]).toEqual(['5000000001231']);
  });

  it('fails the run when Open Food Facts cannot be reached', async () => {
    server = await listen(offStandIn({ fixtureDir: FIXTURES }));
    const base = server.base;
    await server.close();
    server = undefined;
    const clock = fakeTime();
    const { ctx } = pullContext(http(base, clock, undefined, 1), base, { toRefresh: ['6408430000012'] });
    await expect(run(new OpenFoodFactsAdapter({ now: clock.now }), base, ctx)).rejects.toThrow(SourceUnreachableError);
    await expect(run(new OpenFoodFactsAdapter({ now: clock.now }), base, ctx)).rejects.toThrow(/^127\.0\.0\.1:\d+ could not be reached/);
  });

  it('exports the documented rates of the public deployment', () => {
    expect(OPEN_FOOD_FACTS_RATES).toEqual({
      'world.openfoodfacts.org#product': { perMinute: 15 },
      'world.openfoodfacts.org#search': { perMinute: 10 },
      'world.openfoodfacts.org': { perMinute: 2 },
    });
  });
});

describe('OpenFoodFactsAdapter, bulk JSONL export', () => {
  const unused: SourceHttp = {
    get: () => Promise.reject(new Error('no requests in bulk mode')),
    postForm: () => Promise.reject(new Error('no requests in bulk mode')),
    postJson: () => Promise.reject(new Error('no requests in bulk mode')),
  };

  it('keeps the products sold in Finland and those the registry knows', async () => {
    const { ctx, knownAsks } = pullContext(unused, '', { known: ['8712345000011'] });
    const records = await run(new OpenFoodFactsAdapter(), join(FIXTURES, 'products.jsonl'), ctx);
    expect(summary(records)).toEqual([
      'product 6430000001006 Ruisleipä 6 kpl',
      'product 6430000002003 Mansikkajogurtti',
      'product 8712345000011 Gouda Cheese 48+',
      'reject EAN 6400000000305 has a wrong check digit',
    ]);
    // One registry look-up for the batch, only of the lines not sold in Finland.
    expect(knownAsks).toEqual([['8712345000011', '7350000000115']]);
    const bread = records[0];
    expect(bread.kind === 'product' && bread.value).toMatchObject({ comparisonPriceUnit: 'kg', originCountry: 'Suomi', category: { externalId: 'en:rye-breads' } });
  });

  it('reads the gzipped export in batches', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'off-'));
    try {
      const file = join(dir, 'openfoodfacts-products.jsonl.gz');
      writeFileSync(file, gzipSync(readFileSync(join(FIXTURES, 'products.jsonl'))));
      const { ctx, knownAsks } = pullContext(unused, '', { known: ['8712345000011'] });
      const records = await run(new OpenFoodFactsAdapter({ bulkBatchSize: 3 }), file, ctx);
      expect(records.filter((r) => r.kind === 'product')).toHaveLength(3);
      expect(knownAsks).toEqual([['8712345000011'], ['7350000000115']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('skips a line of the export past the longest line, one rejected line in its place, and reads on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'off-'));
    try {
      const file = join(dir, 'openfoodfacts-products.jsonl.gz');
      const huge = JSON.stringify({ code: '6430000001006', countries_tags: ['en:finland'], ingredients_text: 'x'.repeat(64 * 1024) });
      writeFileSync(file, gzipSync(`${huge}\n${readFileSync(join(FIXTURES, 'products.jsonl'), 'utf8')}`));
      const { ctx } = pullContext(unused, '', { known: ['8712345000011'] });
      ctx.feedLimits = { ...DEFAULT_FEED_LIMITS, maxLineBytes: 16 * 1024 };
      const records = await run(new OpenFoodFactsAdapter({ bulkBatchSize: 3 }), file, ctx);
      expect(summary(records)[0]).toMatch(/^reject line too long: 656\d\d bytes/);
      expect(records.filter((r) => r.kind === 'product')).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects lines that are not JSON or not a look-up result it knows', () => {
    const parse = new OpenFoodFactsAdapter().createParser();
    expect(parse('{oops')).toEqual([expect.objectContaining({ kind: 'reject', recordKind: 'line' })]);
    expect(parse('{"lookup":"maybe","code":"1"}')).toEqual([expect.objectContaining({ kind: 'reject', reason: 'unknown look-up result "maybe"' })]);
    expect(parse('')).toEqual([]);
  });
});
