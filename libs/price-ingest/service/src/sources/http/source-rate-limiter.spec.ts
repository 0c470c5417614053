import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SKaupatAdapter } from '../s-kaupat/s-kaupat.adapter';
import { sKaupatStandIn } from '../s-kaupat/s-kaupat.stand-in';
import { forSource, SourceHttpError } from '../source-http';
import { OPEN_DATA_FIXTURES } from '../stand-in-server';
import { fakeTime } from './http.testing';
import { PoliteHttp } from './polite-http';
import { InProcessRateLimiter, rateWindow } from './source-rate-limiter';

/** A server that records the (fake) time each request arrived and answers `answer`'s status and headers. */
async function serve(clock: ReturnType<typeof fakeTime>, answer: (n: number) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 })) {
  const arrivals: { at: number; worker: string }[] = [];
  const server: Server = createServer((req, res) => {
    const reply = answer(arrivals.length);
    arrivals.push({ at: clock.time.now, worker: String(req.headers['x-worker']) });
    res.writeHead(reply.status, reply.headers);
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A server that records the real time (Date.now) each request arrived. */
async function serveReal(arrivals: { at: number; worker: string }[]) {
  const server: Server = createServer((req, res) => {
    arrivals.push({ at: Date.now(), worker: String(req.headers['x-worker']) });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The most arrivals within any window of `windowMs` (a window starting at each arrival). */
function mostInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('rateWindow', () => {
  it('holds a rate below one as one request per 1/rate s, and from one up as whole requests a second', () => {
    expect(rateWindow(0.5)).toEqual({ limit: 1, windowMs: 2000 });
    expect(rateWindow(1 / 60)).toEqual({ limit: 1, windowMs: 60000 });
    expect(rateWindow(1)).toEqual({ limit: 1, windowMs: 1000 });
    expect(rateWindow(20)).toEqual({ limit: 20, windowMs: 1000 });
    expect(() => rateWindow(0)).toThrow(/positive number of requests a second/);
  });
});

describe('the standalone in-process limiter behind PoliteHttp', () => {
  let server: { close(): Promise<void> } | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** One worker's client of the source: its own PoliteHttp (its own per-host lanes), the shared limiter and clock. */
  const worker = (limiter: InProcessRateLimiter, clock: Pick<ReturnType<typeof fakeTime>, 'now' | 'sleep'>, host: string, extra: { maxRetryWaitMs?: number } = {}) =>
    forSource(
      new PoliteHttp({ userAgent: 'test', rates: { [host]: { perMinute: 600_000, concurrency: 4 } }, limiter, limitedOnLoopback: ['s-kaupat'], sleep: clock.sleep, now: clock.now, random: () => 0, ...extra }),
      's-kaupat',
    );

  // Real time here: a request's slot is held while it is in flight, which a clock that moves only when the client
  // sleeps cannot show (the waiters' sleeps would run it past the hold). The bound is by construction, not by speed:
  // a slot is taken again only one window after the answer that freed it, and the answer comes after the arrival.
  const realTime = () => {
    const waits: number[] = [];
    return { waits, sleep: (ms: number) => (waits.push(ms), new Promise<void>((resolve) => setTimeout(resolve, ms))) };
  };

  it('keeps two workers of one source together within its rate in every second', async () => {
    const clock = { time: { now: 0 } } as ReturnType<typeof fakeTime>;
    const arrivals: { at: number; worker: string }[] = [];
    const real = await serveReal(arrivals);
    server = real;
    const limiter = new InProcessRateLimiter({ rates: { 's-kaupat': 10 } });
    const { sleep } = realTime();
    const a = worker(limiter, { ...clock, now: Date.now, sleep }, real.host);
    const b = worker(limiter, { ...clock, now: Date.now, sleep }, real.host);
    const url = `${real.base}/p`;
    await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 === 0 ? a : b).get(url, { headers: { 'x-worker': i % 2 === 0 ? 'a' : 'b' } })));
    expect(arrivals).toHaveLength(25);
    expect(new Set(arrivals.map((r) => r.worker))).toEqual(new Set(['a', 'b']));
    expect(mostInWindow(arrivals.map((r) => r.at), 1000)).toBeLessThanOrEqual(10);
    // Twenty-five requests at ten a second span at least two windows: the workers waited for each other's slots.
    expect(Math.max(...arrivals.map((r) => r.at)) - Math.min(...arrivals.map((r) => r.at))).toBeGreaterThanOrEqual(2000);
  });

  it('holds a source only where it has a rate, and a loopback host only for a source whose rate is set', async () => {
    const arrivals: { at: number; worker: string }[] = [];
    const real = await serveReal(arrivals);
    server = real;
    const limiter = new InProcessRateLimiter({ rates: { 's-kaupat': 2, osm: 1 } });
    const { waits, sleep } = realTime();
    const http = new PoliteHttp({ userAgent: 'test', rates: { [real.host]: { perMinute: 600_000, concurrency: 4 } }, limiter, limitedOnLoopback: ['s-kaupat'], sleep });
    const url = `${real.base}/x`;
    await Promise.all([1, 2, 3].map(() => forSource(http, 'lidl').get(url)));
    await Promise.all([1, 2, 3].map(() => forSource(http, 'osm').get(url)));
    expect(waits).toEqual([]);
    await Promise.all([1, 2, 3].map(() => forSource(http, 's-kaupat').get(url)));
    expect(waits.length).toBeGreaterThan(0);
    expect(mostInWindow(arrivals.slice(6).map((r) => r.at), 1000)).toBeLessThanOrEqual(2);
  });

  it('pauses the other worker too when the service answers one with Retry-After', async () => {
    const clock = fakeTime();
    const stand = await serve(clock, (n) => (n === 0 ? { status: 429, headers: { 'Retry-After': '5' } } : { status: 200 }));
    server = stand;
    const limiter = new InProcessRateLimiter({ rates: { 's-kaupat': 10 } }, clock.now);
    const a = worker(limiter, clock, stand.host);
    const b = worker(limiter, clock, stand.host);
    const asked = clock.time.now;
    // a's first request is answered 429 (Retry-After 5 s); b asks only after that answer.
    const first = a.get(`${stand.base}/a`, { headers: { 'x-worker': 'a' } });
    await new Promise<void>((resolve) => {
      const poll = () => (stand.arrivals.length > 0 ? setTimeout(resolve, 20) : setTimeout(poll, 5));
      poll();
    });
    const second = b.get(`${stand.base}/b`, { headers: { 'x-worker': 'b' } });
    await Promise.all([first, second]);
    const [refused, ...rest] = stand.arrivals;
    expect(refused).toMatchObject({ worker: 'a', at: asked });
    expect(rest.map((r) => r.worker).sort()).toEqual(['a', 'b']);
    for (const later of rest) expect(later.at).toBeGreaterThanOrEqual(asked + 5000);
  });

  it('fails a request at once while its source is paused longer than the client waits', async () => {
    const clock = fakeTime();
    const stand = await serve(clock, () => ({ status: 429, headers: { 'Retry-After': '600' } }));
    server = stand;
    const limiter = new InProcessRateLimiter({ rates: { 's-kaupat': 10 } }, clock.now);
    const a = worker(limiter, clock, stand.host, { maxRetryWaitMs: 60_000 });
    const b = worker(limiter, clock, stand.host, { maxRetryWaitMs: 60_000 });
    await expect(a.get(`${stand.base}/a`)).rejects.toThrow(/asked to wait 600 s/);
    const error = await b.get(`${stand.base}/b`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceHttpError);
    expect((error as Error).message).toMatch(/s-kaupat is paused for 600 s \(its service asked with Retry-After/);
    expect(stand.arrivals).toHaveLength(1);
  });
});

describe('the hourly budget shared by the workers of a source', () => {
  it('is a bucket of one hour\'s requests that refills evenly over the hour', async () => {
    const clock = fakeTime();
    const limiter = new InProcessRateLimiter({ rates: {}, budgets: { lidl: 3600 } }, clock.now);
    expect(limiter.hasBudget('lidl')).toBe(true);
    expect(limiter.hasBudget('osm')).toBe(false);
    const spent: boolean[] = [];
    for (let i = 0; i < 3601; i++) spent.push(await limiter.spendBudget('lidl'));
    expect(spent.filter(Boolean)).toHaveLength(3600);
    expect(spent.at(-1)).toBe(false);
    clock.time.now += 1000; // one second: one request of 3,600 an hour
    expect([await limiter.spendBudget('lidl'), await limiter.spendBudget('lidl')]).toEqual([true, false]);
    expect(await limiter.spendBudget('osm')).toBe(true);
  });

  it('two S-kaupat pulls at once spend the budget together, each stopping when it is spent', async () => {
    const standIn = sKaupatStandIn({ fixtureDir: join(OPEN_DATA_FIXTURES, 's-kaupat') });
    const server = createServer((req, res) => void (standIn(req, res) || res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const limiter = new InProcessRateLimiter({ rates: {}, budgets: { 's-kaupat': 5 } });
      const logs: string[] = [];
      const pull = async () => {
        const http = forSource(new PoliteHttp({ userAgent: 'test', rates: {}, loopbackPerMinute: 600_000, limiter }), 's-kaupat');
        const adapter = new SKaupatAdapter();
        const input = await adapter.openInput(url, {
          runId: 'r',
          http,
          lastCompletedRunStartedAt: null,
          listedEans: async () => new Set(),
          knownEans: async () => new Set(),
          eansToRefresh: async () => [],
          markProductsChecked: async () => undefined,
          lookupOpenFoodFacts: async () => null,
          log: (m) => logs.push(m),
          requestBudget: 1000, // each run's own budget is far from spent
          refreshPriorities: async () => ({ stores: [], eans: [], basketEans: [], lastPricedAt: new Map() }),
        });
        const parse = adapter.createParser();
        const rejected: string[] = [];
        let n = 0;
        for await (const line of input.lines) for (const r of parse(line as string, ++n)) if (r.kind === 'reject') rejected.push(r.reason);
        return rejected;
      };
      const [a, b] = await Promise.all([pull(), pull()]);
      const priced = standIn.requests().filter((r) => ['RemoteProductsByEans', 'RemoteNavigation', 'RemoteFilteredProducts'].includes(r.operationName));
      // One pull alone asks 11 price requests of the fixtures; the two together got the budget's 5.
      expect(priced).toHaveLength(5);
      expect(logs.filter((m) => m.includes('the hourly budget shared by every worker of s-kaupat'))).toHaveLength(2);
      // Stopping is not a fault: no answer turned into an unreadable line.
      expect([...a, ...b].filter((reason) => reason.includes('budget'))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
