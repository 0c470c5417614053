import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { RedisRateLimiter } from './source-rate-limiter';

/**
 * The distributed profile's shared limiter (RedisRateLimiter) on the real Redis of the contract run (its global setup
 * starts it): two separate worker processes (rate-limited-worker.testing.ts) pulling the same source through the
 * polite client share its rate, counted by a stand-in HTTP server; a Retry-After answered to one pauses the other.
 */
const ROOT = resolve(__dirname, '../../../../../..');
const WORKER = join(__dirname, 'rate-limited-worker.testing.ts');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:56379';

interface Arrival {
  at: number;
  worker: string;
  status: number;
}

/** A stand-in that answers each request after `delayMs`, recording when it arrived (Date.now), from which worker, and its status. */
async function standIn(delayMs: number, status: (n: number) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 })) {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((req, res) => {
    const reply = status(arrivals.length);
    arrivals.push({ at: Date.now(), worker: String(req.headers['x-worker']), status: reply.status });
    setTimeout(() => {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end('{"ok":true}');
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/prices`, arrivals, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The most arrivals within any window of `windowMs`. */
function mostInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

interface Worker {
  child: ChildProcess;
  go(): void;
  done: Promise<{ ok: number; failed: string[] }>;
}

describe('the shared limiter of a pull source across worker processes (Redis)', () => {
  const children: ChildProcess[] = [];
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await close?.();
    close = null;
  });

  /** A worker process of source s-kaupat; resolves once it is connected and waits for GO. */
  async function startWorker(name: string, env: Record<string, string>): Promise<Worker> {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', WORKER], {
      cwd: ROOT,
      env: { ...process.env, REDIS_URL, WORKER_NAME: name, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => void (errors = (errors + chunk.toString()).slice(-4000)));
    let onDone: (value: { ok: number; failed: string[] }) => void = () => undefined;
    let onFailed: (error: Error) => void = () => undefined;
    const done = new Promise<{ ok: number; failed: string[] }>((r, reject) => ((onDone = r), (onFailed = reject)));
    child.on('exit', (code) => code !== 0 && onFailed(new Error(`worker ${name} exited with ${code}: ${errors}`)));
    await new Promise<void>((ready, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('READY')) ready();
        const line = /DONE (.*)\n/.exec(output);
        if (line) onDone(JSON.parse(line[1]) as { ok: number; failed: string[] });
      });
      child.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`worker ${name} exited with ${code}: ${errors}`))));
    });
    return { child, go: () => child.stdin?.write('GO\n'), done };
  }

  const prefix = () => `ratetest${randomBytes(4).toString('hex')}`;

  it('two worker processes of one source together never exceed its rate in any second', async () => {
    const server = await standIn(40);
    close = server.close;
    const env = { WORKER_PREFIX: prefix(), WORKER_RATE: '5', WORKER_URL: server.url, WORKER_REQUESTS: '12' };
    const workers = await Promise.all([startWorker('a', env), startWorker('b', env)]);
    for (const w of workers) w.go();
    const results = await Promise.all(workers.map((w) => w.done));
    expect(results).toEqual([
      { ok: 12, failed: [] },
      { ok: 12, failed: [] },
    ]);
    expect(server.arrivals).toHaveLength(24);
    expect(server.arrivals.filter((a) => a.worker === 'a')).toHaveLength(12);
    const times = server.arrivals.map((a) => a.at);
    // Either worker alone could make 25 a second (one request at a time, 40 ms each): together they made at most 5.
    expect(mostInWindow(times, 1000)).toBeLessThanOrEqual(5);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(4000);
  });

  it('a Retry-After answered to one worker pauses the other worker too', async () => {
    const server = await standIn(20, (n) => (n === 0 ? { status: 429, headers: { 'Retry-After': '2' } } : { status: 200 }));
    close = server.close;
    const env = { WORKER_PREFIX: prefix(), WORKER_RATE: '20', WORKER_URL: server.url, WORKER_REQUESTS: '5' };
    const [a, b] = await Promise.all([startWorker('a', env), startWorker('b', env)]);
    a.go();
    // b starts only once a's first request was answered 429 with Retry-After: 2 (answered 20 ms after it arrived).
    while (server.arrivals.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 100));
    b.go();
    const results = await Promise.all([a.done, b.done]);
    expect(results).toEqual([
      { ok: 5, failed: [] },
      { ok: 5, failed: [] },
    ]);
    const [refused, ...rest] = server.arrivals;
    expect(refused).toMatchObject({ worker: 'a', status: 429 });
    expect(rest.filter((r) => r.worker === 'b')).toHaveLength(5);
    // Nothing reached the service during the pause, b's requests (asked 100 ms after the 429) included; 1 ms for the
    // millisecond rounding of Redis's clock and the server's.
    for (const later of rest) expect(later.at).toBeGreaterThanOrEqual(refused.at + 2000 - 1);
  });

  it('the hourly budget is spent once across the workers, each on its own connection, asking at the same time', async () => {
    const limits = { rates: {}, budgets: { lidl: 30 } };
    const key = prefix();
    const limiters = [new RedisRateLimiter(REDIS_URL, limits, key), new RedisRateLimiter(REDIS_URL, limits, key)];
    try {
      const spent = await Promise.all(limiters.flatMap((limiter) => Array.from({ length: 25 }, () => limiter.spendBudget('lidl'))));
      expect(spent.filter(Boolean)).toHaveLength(30);
      // Another source's budget is its own.
      expect(await limiters[0].spendBudget('osm')).toBe(true);
    } finally {
      await Promise.all(limiters.map((l) => l.close()));
    }
  });
});
