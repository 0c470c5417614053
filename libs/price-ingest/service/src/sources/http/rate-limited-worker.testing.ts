/**
 * One worker process of a pull source for the shared limiter's contract test (source-rate-limiter.contract-spec.ts):
 * the polite client every pull source uses, with the distributed profile's limiter in Redis, making WORKER_REQUESTS
 * requests of source `s-kaupat` one after the other to WORKER_URL once it reads "GO" on stdin. Started with
 * `node -r @swc-node/register`; test code (the build leaves `*.testing.ts` out of dist/).
 *
 * Environment: REDIS_URL, WORKER_PREFIX (the keys' prefix), WORKER_RATE (requests a second), WORKER_URL,
 * WORKER_REQUESTS, WORKER_NAME (sent as x-worker). Prints READY, then one line `DONE {"ok":n,"failed":[…]}`.
 */
import { forSource } from '../source-http';
import { PoliteHttp } from './polite-http';
import { RedisRateLimiter } from './source-rate-limiter';

async function main(): Promise<void> {
  const env = process.env;
  const url = new URL(env.WORKER_URL ?? '');
  const limiter = new RedisRateLimiter(env.REDIS_URL ?? '', { rates: { 's-kaupat': Number(env.WORKER_RATE) } }, env.WORKER_PREFIX ?? 'test');
  // One request at a time per worker, as a pull does; the host's own spacing out of the way.
  const http = forSource(new PoliteHttp({ userAgent: 'Hintakori/test (+https://hintakori.fi; test@hintakori.fi)', rates: { [url.host]: { perMinute: 600_000 } }, limiter, limitedOnLoopback: ['s-kaupat'], maxRetryWaitMs: 30_000 }), 's-kaupat');
  await limiter.pause('s-kaupat-ready-check', 1); // connects (a command on a source nobody uses)
  process.stdout.write('READY\n');
  await new Promise<void>((resolve) => process.stdin.on('data', (chunk: Buffer) => chunk.toString().includes('GO') && resolve()));
  const failed: string[] = [];
  let ok = 0;
  for (let i = 0; i < Number(env.WORKER_REQUESTS); i++) {
    try {
      await http.get(`${url.href}?n=${i}`, { headers: { 'x-worker': env.WORKER_NAME ?? '?' } });
      ok++;
    } catch (error) {
      failed.push((error as Error).message);
    }
  }
  process.stdout.write(`DONE ${JSON.stringify({ ok, failed })}\n`);
  await limiter.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
