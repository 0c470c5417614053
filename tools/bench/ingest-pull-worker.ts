/**
 * The processes of `npm run bench:ingest -- --pull` (tools/bench/ingest-pull.mjs starts them with
 * `node -r @swc-node/register` and talks to them over IPC). Not a test.
 *
 * PULL_ROLE=stand-in: S-kaupat's stand-in over the project's fixtures (sources/s-kaupat/s-kaupat.stand-in.ts) that
 *   answers each request after PULL_DELAY_MS (150) and records when each arrived; sends `{ url }`, then answers each
 *   `{ report: true }` with `{ arrivals }` (ms since the epoch, in order) and forgets them.
 * PULL_ROLE=worker: one feed-run worker's pull of source s-kaupat: the S-kaupat adapter's own requests through the
 *   polite client every pull source uses, with the distributed profile's shared limiter in Redis (REDIS_URL,
 *   PULL_PREFIX) at PULL_RATE requests a second (INGEST_RATE_S_KAUPAT). Sends `{ ready: true }`; on `{ go: seconds }`
 *   pulls again and again until that time is up, then sends `{ done: { pulls, lines, failed } }` and exits.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PoliteHttp } from '../../libs/price-ingest/service/src/sources/http/polite-http';
import { RedisRateLimiter } from '../../libs/price-ingest/service/src/sources/http/source-rate-limiter';
import type { PullContext } from '../../libs/price-ingest/service/src/sources/pull-source';
import { SKaupatAdapter } from '../../libs/price-ingest/service/src/sources/s-kaupat/s-kaupat.adapter';
import { sKaupatStandIn } from '../../libs/price-ingest/service/src/sources/s-kaupat/s-kaupat.stand-in';
import { forSource } from '../../libs/price-ingest/service/src/sources/source-http';
import { OPEN_DATA_FIXTURES } from '../../libs/price-ingest/service/src/sources/stand-in-server';

const send = (message: unknown) => process.send?.(message);

async function standIn(): Promise<void> {
  const delayMs = Number(process.env.PULL_DELAY_MS ?? 150);
  const handle = sKaupatStandIn({ fixtureDir: join(OPEN_DATA_FIXTURES, 's-kaupat') });
  let arrivals: number[] = [];
  const server = createServer((req, res) => {
    arrivals.push(Date.now());
    // The body is read by the stand-in's handler; the answer waits. Only its end is held back.
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      setTimeout(() => end(...args), delayMs);
      return res;
    }) as typeof res.end;
    if (!handle(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', (message: { report?: boolean; stop?: boolean }) => {
    if (message.report) {
      send({ arrivals });
      arrivals = [];
    }
    if (message.stop) server.close(() => process.exit(0));
  });
  send({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
}

async function worker(): Promise<void> {
  const url = process.env.PULL_URL ?? '';
  const limiter = new RedisRateLimiter(process.env.REDIS_URL ?? '', { rates: { 's-kaupat': Number(process.env.PULL_RATE ?? 20) } }, process.env.PULL_PREFIX ?? 'bench');
  const http = new PoliteHttp({
    userAgent: 'Hintakori/bench (+https://hintakori.fi; bench@hintakori.fi)',
    // The loopback spacing of the open-data wiring (createOpenDataWiring), one request at a time.
    rates: {},
    loopbackPerMinute: 6000,
    limiter,
    limitedOnLoopback: ['s-kaupat'],
  });
  await limiter.pause('bench-ready-check', 1); // connects
  send({ ready: true });
  const seconds = await new Promise<number>((resolve) => process.once('message', (m: { go: number }) => resolve(m.go)));
  const deadline = AbortSignal.timeout(seconds * 1000);
  const adapter = new SKaupatAdapter();
  let pulls = 0;
  let lines = 0;
  const failed: string[] = [];
  while (!deadline.aborted) {
    const ctx: PullContext = {
      runId: `bench-${process.pid}-${pulls}`,
      http: forSource(http, 's-kaupat'),
      lastCompletedRunStartedAt: null,
      listedEans: async () => new Set(),
      knownEans: async () => new Set(),
      eansToRefresh: async () => [],
      markProductsChecked: async () => undefined,
      lookupOpenFoodFacts: async () => null,
      log: () => undefined,
      signal: deadline,
      requestBudget: Number.POSITIVE_INFINITY,
      refreshPriorities: async () => ({ stores: [], eans: [], basketEans: [], lastPricedAt: new Map() }),
    };
    const parse = adapter.createParser();
    try {
      const input = await adapter.openInput(url, ctx);
      let n = 0;
      for await (const line of input.lines) parse(line as string, ++n);
      lines += n;
      pulls++;
    } catch (error) {
      if (!deadline.aborted) failed.push((error as Error).message);
    }
  }
  send({ done: { pulls, lines, failed } });
  await limiter.close();
  process.exit(0);
}

(process.env.PULL_ROLE === 'stand-in' ? standIn() : worker()).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
