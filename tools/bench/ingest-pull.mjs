#!/usr/bin/env node
// `npm run bench:ingest -- --pull` (or `node tools/bench/ingest-pull.mjs`) — not a test: a pull source's shared rate
// (issue 38) with 1, 2 and 4 worker processes. A stand-in of S-kaupat's API over the fixtures answers each request after
// 150 ms; each worker process pulls source s-kaupat again and again with the S-kaupat adapter through the polite
// client and the distributed profile's limiter in Redis at a rate of 20 requests a second (INGEST_RATE_S_KAUPAT=20).
// Prints, per worker count, the requests a second the stand-in counted beside min(rate, workers / 0.15 s), and the
// most it counted in any one second; exits 1 if that was ever above the rate.
//
//   npm run bench:ingest -- --pull [--workers 1,2,4] [--seconds 12] [--rate 20] [--delay 150]
//
// The workers are N processes each running its own pulls of the same source (not feed runs of the stack: a run cut
// into shards across workers is issue 38's item 1). Redis from tools/infra (REDIS_PORT). Holds /tmp/stack.lock.
import { fork, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2).filter((a) => a !== '--pull');
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};

if (process.env.BENCH_INGEST_LOCKED !== '1') {
  // Under the stack lock, so no other bench shares the machine's two cores with this one.
  console.log('[bench] waiting for /tmp/stack.lock…');
  const result = spawnSync('flock', ['/tmp/stack.lock', process.execPath, fileURLToPath(import.meta.url), ...args], { stdio: 'inherit', env: { ...process.env, BENCH_INGEST_LOCKED: '1' } });
  process.exit(result.status ?? 1);
}

const positive = (name, value, integer = true) => {
  const n = Number(value);
  if (!(n > 0) || (integer && !Number.isInteger(n))) {
    console.error(`--${name} must be a positive ${integer ? 'whole ' : ''}number, got "${value}"`);
    process.exit(2);
  }
  return n;
};
const workerCounts = option('workers', '1,2,4').split(',').map((n) => positive('workers', n));
const seconds = positive('seconds', option('seconds', '12'));
const rate = positive('rate', option('rate', '20'));
const delayMs = positive('delay', option('delay', '150'));
const log = (message) => console.log(`[bench] ${message}`);

const infra = await import('../infra/lib.mjs');
await infra.startRedis({ log: (line) => console.log(`[redis] ${line}`) });
const redisUrl = process.env.REDIS_URL ?? infra.REDIS_URL;
const WORKER = path.join(root, 'tools/bench/ingest-pull-worker.ts');

/** A process of ingest-pull-worker.ts in `role`, and its next IPC message matching `pick`. */
function start(role, env = {}) {
  const child = fork(WORKER, [], { cwd: root, execArgv: ['-r', '@swc-node/register'], env: { ...process.env, PULL_ROLE: role, REDIS_URL: redisUrl, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = (pick) =>
    new Promise((resolve, reject) => {
      const onMessage = (m) => {
        if (!pick(m)) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code) => reject(new Error(`${role} exited with ${code} before answering`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return { child, next };
}

/** The most arrivals within any one-second window (one starting at each arrival). */
function mostInASecond(times) {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const standIn = start('stand-in', { PULL_DELAY_MS: String(delayMs) });
const { url } = await standIn.next((m) => m.url);
log(`stand-in of S-kaupat at ${url} answering after ${delayMs} ms; shared limiter in Redis at ${redisUrl}; rate ${rate} requests a second; ${seconds} s a round`);
log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

const rows = [];
for (const n of workerCounts) {
  const prefix = `benchpull${randomBytes(3).toString('hex')}`;
  const workers = Array.from({ length: n }, () => start('worker', { PULL_URL: url, PULL_RATE: String(rate), PULL_PREFIX: prefix }));
  await Promise.all(workers.map((w) => w.next((m) => m.ready)));
  const before = standIn.next((m) => m.arrivals);
  standIn.child.send({ report: true });
  await before; // forget anything before the round
  const dones = workers.map((w) => w.next((m) => m.done));
  for (const w of workers) w.child.send({ go: seconds });
  const results = (await Promise.all(dones)).map((m) => m.done);
  const report = standIn.next((m) => m.arrivals);
  standIn.child.send({ report: true });
  const { arrivals } = await report;
  const span = (arrivals.at(-1) - arrivals[0]) / 1000;
  const reached = arrivals.length > 1 ? (arrivals.length - 1) / span : 0;
  const target = Math.min(rate, n / (delayMs / 1000));
  const most = mostInASecond(arrivals);
  const failed = results.flatMap((r) => r.failed);
  rows.push({ n, requests: arrivals.length, span, reached, target, most, pulls: results.reduce((s, r) => s + r.pulls, 0), failed });
  log(
    `${n} worker(s): ${arrivals.length} requests in ${span.toFixed(1)} s = ${reached.toFixed(2)}/s (min(rate, workers/${delayMs / 1000} s) = ${target.toFixed(2)}/s, ${((100 * reached) / target).toFixed(0)} %); most in any second ${most} (rate ${rate}); ${rows.at(-1).pulls} whole pulls${failed.length ? `; ${failed.length} failed: ${failed[0]}` : ''}`,
  );
}
standIn.child.send({ stop: true });

console.log('\n| workers | requests | s | requests/s | min(rate, workers/0.15 s) | reached | most in any 1 s | rate |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.n} | ${r.requests} | ${r.span.toFixed(1)} | ${r.reached.toFixed(2)} | ${r.target.toFixed(2)} | ${((100 * r.reached) / r.target).toFixed(0)} % | ${r.most} | ${rate} |`);
console.log(`(a request holds its slot until one second after its answer, so the rate reached with the budget the bound is ${rate} per ${(1 + delayMs / 1000).toFixed(2)} s = ${(rate / (1 + delayMs / 1000)).toFixed(2)}/s)`);
log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

const over = rows.filter((r) => r.most > rate);
const broken = rows.filter((r) => r.failed.length > 0);
if (over.length > 0) {
  console.error(`FAIL: the stand-in counted more than ${rate} requests in one second with ${over.map((r) => `${r.n} worker(s) (${r.most})`).join(', ')}`);
  process.exit(1);
}
if (broken.length > 0) {
  console.error(`FAIL: pulls failed with ${broken.map((r) => `${r.n} worker(s)`).join(', ')}: ${broken[0].failed[0]}`);
  process.exit(1);
}
log(`OK: never above ${rate} requests in any second`);
