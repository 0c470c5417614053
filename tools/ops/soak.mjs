#!/usr/bin/env node
// `npm run soak [-- --minutes N]`: the distributed profile under a steady mixed load for a chosen length, watched for
// leaks and for consumers that fall behind. Not part of `npm test` (a full run is 30 minutes).
//   node tools/ops/soak.mjs [--minutes 30] [--base-url http://host:port] [--warm-up M] [--feed-every 10] [--no-feed]
//                           [--warm-up-feeds 4] [--keep-stack] [--allow-rate-limit]
// - Holds /tmp/stack.lock for the whole run (the apps' metrics ports are fixed) and starts the distributed stack
//   (tools/stack.mjs --detach, RATE_LIMIT_PER_MINUTE=0, on PORT or :3340, the default small demo data unless
//   DEMO_FEED_SIZE says otherwise) unless --base-url is given or a stack already answers; stops what it started.
// - The load: k6/soak.js (search, item pages, store totals and cart writes at constant rates, 48 requests/s in all
//   by default; SOAK_*_RATE change them) for the whole run, k6 built once by tools/ops/lib.mjs.
// - A feed run every 10 minutes (--feed-every), the first inside the warm-up (4, 14, 24 of a 30-minute run: the
//   memory a first feed run takes is taken before the slopes begin), and four more in the warm-up a minute after it
//   and each other (--warm-up-feeds; 5, 6, 7, 8: the worker's memory settles over its first four or five feed runs,
//   soak-report.mjs feedSchedule): `npm run ingest` (tools/ingest/ingest.ts) of a small changed S group feed made from the stack's
//   demo feed (every store, every product, every price of two stores with one in five raised by 1–9 cents, a different
//   step each run), then the lag of the consumer groups of the ingest topics polled every 2 s until it is 0.
// - Every minute: each process's resident memory (VmRSS from /proc, the mean of readings every 5 s), V8 heap used, the
//   memory V8 holds for its heap (used or not; of it, the young generation's), external memory (Buffers) and
//   event-loop delay (p99, max) from its /metrics (libs/platform/telemetry/src/runtime-metrics.ts; the ports of metrics-port.ts, or the METRICS_PORT the
//   stack gave it), Kafka consumer lag per group (topic ends minus committed offsets, @platformatic/kafka Admin),
//   PostgreSQL connections by application (pg_stat_activity), and the requests and failures of the minute (k6's REST
//   API); printed as a table each minute.
// - At the end: each series' least-squares slope per hour after the warm-up (default 10 minutes, a third of a shorter
//   run; --warm-up), and the verdict (tools/ops/soak-report.mjs): 0 failed requests, RSS slope ≤ 5 MB an hour for
//   each app, consumer lag 0 within a minute of each feed run. Exits 1 when a target is missed. Everything it
//   sampled is written to .data/soak/soak-<time>.json.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ensureGoTool, ROOT } from './lib.mjs';
import { gitState, machineText, probeRateLimit, rateLimitText } from './load-report.mjs';
import { consumerLag, feedSchedule, fmt, metricSum, parsePrometheus, slopePerHour, TARGETS, verdict, warmUpMinutes } from './soak-report.mjs';
import { alive, readPid, sleep } from '../runtime/lib.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const log = (message) => console.log(`[soak] ${message}`);
const fail = (message) => {
  console.error(`[soak] ${message}`);
  process.exit(2);
};

/** The topics a feed run publishes to: their consumer groups' lag is what must be back to 0 after each run. */
const INGEST_TOPICS = new Set(['prices.observed', 'items.upserted', 'stores.upserted', 'offers.upserted', 'ingest.run-completed']);

const USAGE = 'usage: npm run soak [-- --minutes N] [--base-url URL] [--warm-up M] [--feed-every M] [--warm-up-feeds N] [--no-feed] [--keep-stack] [--allow-rate-limit]';
const FLAGS = new Set(['--no-feed', '--keep-stack', '--allow-rate-limit']);
const VALUED = new Set(['--minutes', '--base-url', '--warm-up', '--feed-every', '--warm-up-feeds']);
const args = process.argv.slice(2);
const opts = {};
for (let i = 0; i < args.length; i++) {
  const [name, inline] = args[i].split(/=(.*)/s, 2);
  if (FLAGS.has(name)) opts[name] = true;
  else if (VALUED.has(name)) {
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--')) fail(`${name} needs a value\n${USAGE}`);
    opts[name] = value;
  } else if (name === '--help' || name === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else fail(`unknown argument "${args[i]}"\n${USAGE}`);
}
const minutes = opts['--minutes'] === undefined ? 30 : Number(opts['--minutes']);
if (!Number.isInteger(minutes) || minutes < 1 || minutes > 24 * 60)
  fail(`--minutes must be a whole number of minutes from 1 to 1440, got "${opts['--minutes']}"`);
const feedEvery = opts['--no-feed'] ? 0 : opts['--feed-every'] === undefined ? 10 : Number(opts['--feed-every']);
if (!Number.isFinite(feedEvery) || feedEvery < 0) fail(`--feed-every must be a number of minutes (0: no feed runs), got "${opts['--feed-every']}"`);
const warmUpFeeds = opts['--warm-up-feeds'] === undefined ? 4 : Number(opts['--warm-up-feeds']);
if (!Number.isInteger(warmUpFeeds) || warmUpFeeds < 0 || warmUpFeeds > 60)
  fail(`--warm-up-feeds must be a whole number of feed runs from 0 to 60, got "${opts['--warm-up-feeds']}"`);
let warmUp;
try {
  warmUp = warmUpMinutes(minutes, opts['--warm-up']);
} catch (error) {
  fail(error.message);
}
const baseUrlArg = opts['--base-url'];
if (baseUrlArg !== undefined && !/^https?:\/\/[^/]+/.test(baseUrlArg)) fail(`--base-url must be an http(s) URL, got "${baseUrlArg}"`);

// Hold the stack lock for the whole run (re-exec under flock once): the apps' metrics ports are fixed.
if (!baseUrlArg && process.env.HINTAKORI_STACK_LOCKED !== '1' && spawnSync('flock', ['--version']).status === 0) {
  log('waiting for /tmp/stack.lock…');
  const child = spawn('flock', ['/tmp/stack.lock', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, HINTAKORI_STACK_LOCKED: '1' },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await main();
}

async function main() {
  const started = new Date();
  const k6 = await ensureGoTool('k6');
  const port = process.env.PORT ?? '3340';
  const baseUrl = (baseUrlArg ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  let startedStack = false;
  if (!baseUrlArg) {
    if (await answers(baseUrl)) log(`a stack is already answering on ${baseUrl}; using it as it is`);
    else {
      const env = { PORT: port, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
      log(
        `starting the distributed stack on :${port} (${process.env.DEMO_FEED_SIZE ? `DEMO_FEED_SIZE=${process.env.DEMO_FEED_SIZE}` : 'the default small demo data'})…`,
      );
      startedStack = true;
      const status = spawnSync(process.execPath, ['tools/stack.mjs', '--detach'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status;
      if (status !== 0) {
        stopStack();
        console.error('[soak] the distributed stack did not start');
        process.exit(1);
      }
    }
  }
  let code = 1;
  try {
    code = await soak({ k6, baseUrl, started, startedStack });
  } finally {
    if (startedStack && !opts['--keep-stack'] && process.env.SOAK_KEEP_STACK !== 'true') stopStack();
  }
  // Exit now: a client's idle sockets (Kafka, fetch keep-alive) would otherwise hold the process (and the lock).
  process.exit(code);
}

function stopStack() {
  log('stopping the stack it started…');
  spawnSync(process.execPath, ['tools/stack.mjs', 'down'], { cwd: ROOT, stdio: 'inherit' });
}

async function answers(baseUrl) {
  try {
    return (await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** The environment the stack's apps run with (.data/stack/env.json), else this process's with tools/infra's URLs. */
async function stackEnvironment() {
  const file = path.join(ROOT, '.data/stack/env.json');
  if (existsSync(file)) return { ...process.env, ...JSON.parse(readFileSync(file, 'utf8')) };
  const infra = await import('../infra/lib.mjs');
  return { ...infra.infraEnv(), ...process.env, HINTAKORI_PROFILE: 'distributed' };
}

/** The default metrics port of each app (libs/platform/telemetry/src/metrics-port.ts, read rather than copied). */
function defaultMetricsPorts() {
  const text = readFileSync(path.join(ROOT, 'libs/platform/telemetry/src/metrics-port.ts'), 'utf8');
  return Object.fromEntries([...text.matchAll(/^\s*'?([a-z-]+)'?:\s*(\d{4,5}),/gm)].map(([, name, value]) => [name, Number(value)]));
}

/** The processes to watch: the stack's apps (.data/stack/pids.json) with their metrics ports, and the infrastructure's. */
async function watchedProcesses() {
  const out = [];
  const pidsFile = path.join(ROOT, '.data/stack/pids.json');
  if (existsSync(pidsFile)) {
    const ports = defaultMetricsPorts();
    for (const app of JSON.parse(readFileSync(pidsFile, 'utf8'))) {
      const base = app.name.replace(/-\d+$/, '');
      const metricsPort = app.own?.METRICS_PORT ? Number(app.own.METRICS_PORT) : app.name === 'mailpit' ? null : (ports[app.name] ?? ports[base] ?? null);
      // Mailpit is a Go program of the stack's own, not one of the apps: shown, not judged.
      out.push({ name: app.name, pid: app.pid, metricsPort, judged: app.name !== 'mailpit' });
    }
  }
  try {
    const infra = await import('../infra/lib.mjs');
    const pg = Number.parseInt(readFileSync(path.join(infra.PG_DATA_DIR, 'postmaster.pid'), 'utf8').split('\n')[0], 10);
    for (const [name, pid] of [
      ['kafka', readPid(path.join(infra.KAFKA_DATA_DIR, 'kafka.pid'))],
      ['redis', readPid(path.join(infra.REDIS_DATA_DIR, 'redis.pid'))],
      ['postgres', Number.isInteger(pg) ? pg : null],
    ])
      if (pid && alive(pid)) out.push({ name: `(${name})`, pid, metricsPort: null, judged: false });
  } catch {
    // not this machine's infrastructure
  }
  return out;
}

function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb ? kb / 1024 : null;
  } catch {
    return null;
  }
}

async function scrape(metricsPort) {
  if (!metricsPort) return null;
  try {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    const parsed = parsePrometheus(await response.text());
    const heap = metricSum(parsed, 'v8js_memory_heap_used');
    const held = metricSum(parsed, 'v8js_memory_heap_space_physical_size');
    const young = metricSum(parsed, 'v8js_memory_heap_space_physical_size', { v8js_heap_space_name: 'new_space' });
    const external = metricSum(parsed, 'nodejs_memory_external');
    const p99 = metricSum(parsed, 'nodejs_eventloop_delay_p99');
    const max = metricSum(parsed, 'nodejs_eventloop_delay_max');
    const mb = (bytes) => (bytes === null ? null : bytes / 2 ** 20);
    return { heapMb: mb(heap), heapHeldMb: mb(held), youngHeldMb: mb(young), externalMb: mb(external), eldP99Ms: p99 === null ? null : p99 * 1000, eldMaxMs: max === null ? null : max * 1000 };
  } catch {
    return null;
  }
}

/** Lag per consumer group now: Map(group → { lag, topics }) and the groups that consume the ingest topics. */
async function readLag(admin) {
  const groups = [...(await admin.listGroups()).keys()];
  if (groups.length === 0) return { lag: new Map(), ingestGroups: [] };
  const listed = await admin.listConsumerGroupOffsets({ groups });
  const committed = new Map();
  const topics = new Set();
  for (const group of listed) {
    const byTopic = new Map();
    for (const topic of group.topics) {
      const partitions = new Map(topic.partitions.map((p) => [p.partitionIndex, Number(p.committedOffset)]));
      if ([...partitions.values()].some((offset) => offset >= 0)) {
        byTopic.set(topic.name, partitions);
        topics.add(topic.name);
      }
    }
    if (byTopic.size > 0) committed.set(group.groupId, byTopic);
  }
  const ends = new Map();
  if (topics.size > 0) {
    const metadata = await admin.metadata({ topics: [...topics] });
    const request = [...topics]
      .filter((t) => metadata.topics.get(t))
      .map((name) => ({
        name,
        partitions: Array.from({ length: metadata.topics.get(name).partitionsCount }, (_, partitionIndex) => ({ partitionIndex, timestamp: -1n })),
      }));
    for (const topic of await admin.listOffsets({ topics: request }))
      ends.set(topic.name, new Map(topic.partitions.map((p) => [p.partitionIndex, Number(p.offset)])));
  }
  const lag = consumerLag(ends, committed);
  const ingestGroups = [...committed].filter(([, byTopic]) => [...byTopic.keys()].some((t) => INGEST_TOPICS.has(t))).map(([group]) => group);
  return { lag, ingestGroups };
}

async function pgConnections(client) {
  const { rows } = await client.query(
    "SELECT coalesce(nullif(application_name, ''), '(none)') AS app, count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1 ORDER BY 1",
  );
  return Object.fromEntries(rows.map((r) => [r.app, r.n]));
}

/** k6's running counters (its REST API): requests and failures so far, dropped iterations. */
async function k6Counters(address) {
  try {
    const response = await fetch(`http://${address}/v1/metrics`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) return null;
    const body = await response.json();
    const value = (id) => body.data.find((m) => m.id === id)?.attributes?.sample?.count ?? 0;
    return { requests: value('soak_requests'), failures: value('soak_failures'), dropped: value('dropped_iterations') };
  } catch {
    return null;
  }
}

/** The stack's demo S group feed (or one generated for the soak): the base of each feed run's changed copy. */
function sourceFeed() {
  const dir = path.join(ROOT, '.data/stack/demo-feeds');
  const sizes = existsSync(dir) ? readdirSync(dir).filter((size) => existsSync(path.join(dir, size, 's-group.jsonl'))) : [];
  const size = sizes.includes(process.env.DEMO_FEED_SIZE ?? 'small') ? (process.env.DEMO_FEED_SIZE ?? 'small') : sizes[0];
  if (size) return path.join(dir, size, 's-group.jsonl');
  const out = path.join(ROOT, '.data/soak/source');
  if (!existsSync(path.join(out, 's-group.jsonl'))) {
    log('no demo feed of the stack here: generating the small demo feeds into .data/soak/source…');
    const result = spawnSync('npm', ['run', '--silent', 'demo-data', '--', '--size', 'small', '--out', out], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm run demo-data failed');
  }
  return path.join(out, 's-group.jsonl');
}

/**
 * Feed run `n`'s file: every Store and Product line of the S group feed (no store is left out, so none is marked
 * closed), every price line of its first two stores (none of their prices is unlisted), one in five of those with
 * its price raised by 1 to 9 cents (observed now). The cents step through 1…9 from one feed run to the next, across
 * soak runs too (the last step is kept in .data/soak/feed-step), so a run never repeats the prices the one before
 * it published, whatever database the stack keeps; the demo's own prices (no step) are never sent.
 */
async function changedFeed(source, n, dir) {
  const stepFile = path.join(ROOT, '.data/soak/feed-step');
  const last = existsSync(stepFile) ? Number(readFileSync(stepFile, 'utf8')) || 0 : 0;
  const cents = (last % 9) + 1;
  writeFileSync(stepFile, String(cents));
  const file = path.join(dir, `s-group-soak-${n}.jsonl`);
  const out = createWriteStream(file);
  const stores = [];
  let prices = 0;
  let changed = 0;
  const now = new Date().toISOString();
  for await (const line of readline.createInterface({ input: createReadStream(source), crlfDelay: Infinity })) {
    let text = null;
    if (line.startsWith('{"__typename":"Store"')) {
      const store = JSON.parse(line);
      if (stores.length < 2) stores.push(store.id);
      text = line;
    } else if (line.startsWith('{"__typename":"Product"')) text = line;
    else if (line.startsWith('{"__typename":"StoreProduct"')) {
      const node = JSON.parse(line);
      if (!stores.includes(node.storeId)) continue;
      prices++;
      if (prices % 5 === 0) {
        const euros = Math.round((Number(node.pricing?.currentPrice ?? node.price) + cents / 100) * 100) / 100;
        node.price = euros;
        // A price rise: the regular price with it (a current price above the regular one would read as odd data).
        if (node.pricing) Object.assign(node.pricing, { currentPrice: euros, ...(node.pricing.regularPrice != null ? { regularPrice: euros } : {}) });
        node.priceUpdatedAt = now;
        changed++;
        text = JSON.stringify(node);
      } else text = line;
    }
    if (text !== null && !out.write(`${text}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { file, prices, changed, cents };
}

async function soak({ k6, baseUrl, started, startedStack }) {
  const rateLimit = await probeRateLimit(baseUrl);
  if (rateLimit.error) log(`gateway rate limit unknown (${rateLimit.error})`);
  else log(`gateway rate limit: ${rateLimitText(rateLimit)}`);
  if (rateLimit.perMinute > 0 && !opts['--allow-rate-limit']) {
    console.error(
      `[soak] the gateway at ${baseUrl} limits each client to ${rateLimitText(rateLimit)}: the soak's requests would be refused 429. Start the stack with RATE_LIMIT_PER_MINUTE=0, or pass --allow-rate-limit.`,
    );
    return 2;
  }
  const env = await stackEnvironment();
  const schedule = feedSchedule(minutes, feedEvery, undefined, { priming: warmUpFeeds, warmUp });
  const git = gitState();
  const loadStart = os.loadavg();
  log(
    `${minutes} min against ${baseUrl}; warm-up ${fmt(warmUp, 1)} min; feed runs at ${schedule.length ? schedule.map((t) => `${fmt(t, 1)} min`).join(', ') : 'none'}; ${git.variant}; load average ${loadStart.map((l) => l.toFixed(2)).join(' ')}; ${machineText()}`,
  );

  const { Admin } = await import('@platformatic/kafka');
  const admin = new Admin({ clientId: 'soak', bootstrapBrokers: String(env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), retries: 3 });
  const { default: pg } = await import('pg');
  const sql = new pg.Client({ connectionString: env.DATABASE_URL, application_name: 'hintakori-soak' });
  let sqlReady = true;
  await sql.connect().catch((error) => {
    sqlReady = false;
    log(`PostgreSQL not reachable at DATABASE_URL (${error.message}): no connection counts`);
  });
  sql.on('error', () => undefined);

  const workDir = path.join(ROOT, '.data/soak');
  mkdirSync(workDir, { recursive: true });
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  const feedDir = path.join(workDir, `feeds-${stamp}`);
  mkdirSync(feedDir, { recursive: true });

  // k6, with its REST API on an address of this run (its counters are read every minute).
  const k6Address = process.env.SOAK_K6_ADDRESS ?? `127.0.0.1:${Number(new URL(baseUrl).port || 80) + 60}`;
  const summaryFile = path.join(workDir, `k6-summary-${stamp}.json`);
  const k6Child = spawn(k6, ['run', '--quiet', '--address', k6Address, '--summary-export', summaryFile, 'k6/soak.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BASE_URL: baseUrl, SOAK_SECONDS: String(minutes * 60), K6_NO_USAGE_REPORT: 'true' },
  });
  for (const stream of [k6Child.stdout, k6Child.stderr]) readline.createInterface({ input: stream }).on('line', (line) => console.log(`[k6] ${line}`));
  const k6Exit = new Promise((resolve) => k6Child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  let k6Done = false;
  k6Exit.then(() => (k6Done = true));
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    log('interrupted: stopping k6; the report covers what was sampled');
    k6Child.kill('SIGINT');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // Resident memory every 5 s, averaged per minute.
  let processes = await watchedProcesses();
  const rssReadings = new Map();
  const readRss = () => {
    for (const p of processes) {
      const mb = rssMb(p.pid);
      if (mb === null) continue;
      if (!rssReadings.has(p.name)) rssReadings.set(p.name, []);
      rssReadings.get(p.name).push(mb);
    }
  };
  readRss();
  const rssTimer = setInterval(readRss, 5000);

  const t0 = Date.now();
  const minuteNow = () => (Date.now() - t0) / 60_000;
  const samples = []; // one per minute
  const restarts = [];
  let lastCounters = { requests: 0, failures: 0, dropped: 0 };

  async function sample(minute) {
    const current = await watchedProcesses();
    for (const p of current) {
      const before = processes.find((q) => q.name === p.name);
      if (before && before.pid !== p.pid) restarts.push({ minute, process: p.name, from: before.pid, to: p.pid });
    }
    if (current.length > 0) processes = current;
    readRss();
    const perProcess = {};
    await Promise.all(
      processes.map(async (p) => {
        const readings = rssReadings.get(p.name) ?? [];
        const metrics = await scrape(p.metricsPort);
        perProcess[p.name] = {
          pid: p.pid,
          judged: p.judged,
          rssMb: readings.length ? readings.reduce((a, b) => a + b, 0) / readings.length : null,
          ...(metrics ?? {}),
        };
      }),
    );
    rssReadings.clear();
    let lag = null;
    let ingestGroups = [];
    try {
      const read = await readLag(admin);
      lag = Object.fromEntries([...read.lag].map(([group, value]) => [group, value.lag]));
      ingestGroups = read.ingestGroups;
    } catch (error) {
      log(`Kafka lag not read: ${error.message}`);
    }
    let pgConns = null;
    if (sqlReady) pgConns = await pgConnections(sql).catch(() => null);
    const counters = (await k6Counters(k6Address)) ?? lastCounters;
    const row = {
      minute,
      at: new Date().toISOString(),
      requests: counters.requests - lastCounters.requests,
      failures: counters.failures - lastCounters.failures,
      dropped: counters.dropped - lastCounters.dropped,
      totals: counters,
      processes: perProcess,
      lag,
      ingestGroups,
      pg: pgConns,
      load: os.loadavg()[0],
    };
    lastCounters = counters;
    samples.push(row);
    printMinute(row);
    return row;
  }

  function printMinute(row) {
    const pgTotal = row.pg ? Object.values(row.pg).reduce((a, b) => a + b, 0) : null;
    const lagText = row.lag
      ? Object.entries(row.lag)
          .map(([g, n]) => `${g} ${n}`)
          .join(', ') || 'no groups'
      : 'not read';
    console.log(
      `\n[soak] minute ${fmt(row.minute, 0)}/${minutes}: ${row.requests} requests (${fmt(row.requests / 60, 1)}/s), ${row.failures} failed, ${row.dropped} dropped; load ${row.load.toFixed(2)}; PostgreSQL ${pgTotal ?? '–'} connections; Kafka lag: ${lagText}`,
    );
    console.table(
      Object.entries(row.processes)
        .sort(([a, p], [b, q]) => Number(q.judged) - Number(p.judged) || a.localeCompare(b))
        .map(([name, p]) => ({
          process: name,
          'RSS MB': fmt(p.rssMb, 1),
          'heap MB': fmt(p.heapMb, 1),
          'heap held MB': fmt(p.heapHeldMb, 1),
          'young held MB': fmt(p.youngHeldMb, 1),
          'external MB': fmt(p.externalMb, 1),
          'loop p99 ms': fmt(p.eldP99Ms, 1),
          'loop max ms': fmt(p.eldMaxMs, 1),
        })),
    );
  }

  // Feed runs, each followed by the lag of the ingest topics' consumer groups until it is 0.
  const feeds = [];
  const feedErrors = [];
  let feedSource = null;
  async function feedRun(n, at) {
    try {
      feedSource ??= sourceFeed();
      const feed = await changedFeed(feedSource, n, feedDir);
      log(`feed run ${n} at ${fmt(at, 1)} min: npm run ingest -- --source s-group (${feed.prices} prices of 2 stores, ${feed.changed} of them ${feed.cents} cents up)…`);
      const runStart = Date.now();
      let completedAt = null;
      let report = '';
      const child = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/ingest/ingest.ts', '--source', 's-group', '--file', feed.file], {
        cwd: ROOT,
        env: { ...env, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        if (/^run \d+ completed/.test(line)) {
          completedAt = Date.now();
          report = line;
        }
      });
      let errorText = '';
      child.stderr.on('data', (chunk) => (errorText = (errorText + chunk).slice(-2000)));
      const exitCode = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
      if (exitCode !== 0 || completedAt === null)
        throw new Error(
          `npm run ingest exited ${exitCode}: ${
            errorText
              .trim()
              .split('\n')
              .filter((l) => !l.includes('['))
              .at(-1) ?? errorText.trim().slice(-300)
          }`,
        );
      log(`feed run ${n}: ${report} (${((completedAt - runStart) / 1000).toFixed(1)} s with the command's start)`);
      // Lag of the groups that consume the ingest topics, every 2 s from the run's completion until 0 (at most 5 min).
      let seconds = null;
      let peak = 0;
      const deadline = completedAt + 5 * 60_000;
      while (Date.now() < deadline) {
        try {
          const { lag, ingestGroups } = await readLag(admin);
          const behind = ingestGroups.reduce((sum, g) => sum + (lag.get(g)?.lag ?? 0), 0);
          peak = Math.max(peak, behind);
          if (behind === 0) {
            seconds = (Date.now() - completedAt) / 1000;
            break;
          }
        } catch {
          // ask again
        }
        await sleep(2000);
      }
      log(
        `feed run ${n}: consumer lag on the ingest topics ${seconds === null ? 'NOT back to 0 within 5 min' : `0 after ${seconds.toFixed(1)} s`} (highest seen ${peak})`,
      );
      feeds.push({ n, at, seconds, peak, report, commandSeconds: (completedAt - runStart) / 1000 });
    } catch (error) {
      log(`feed run ${n} failed: ${error.message}`);
      feedErrors.push({ at, error: error.message });
    }
  }

  // The clock: a sample every minute, the feed runs when due, until the run's length is over and k6 has ended.
  const pending = [];
  let nextFeed = 0;
  await sample(0);
  for (let minute = 1; minute <= minutes && !interrupted; minute++) {
    while (Date.now() < t0 + minute * 60_000 && !interrupted) {
      if (nextFeed < schedule.length && minuteNow() >= schedule[nextFeed]) {
        pending.push(feedRun(nextFeed + 1, schedule[nextFeed]));
        nextFeed++;
      }
      if (k6Done && minute < minutes) break;
      await sleep(500);
    }
    if (k6Done && minute < minutes) {
      log(`k6 ended early (at ${fmt(minuteNow(), 1)} min)`);
      await sample(minuteNow());
      break;
    }
    if (!interrupted) await sample(minute);
  }
  await Promise.all(pending);
  let graceTimer;
  const k6Code = await Promise.race([k6Exit, new Promise((resolve) => (graceTimer = setTimeout(() => resolve(null), 120_000)))]);
  clearTimeout(graceTimer);
  if (k6Code === null) {
    log('k6 has not ended 2 minutes after the run: stopping it');
    k6Child.kill('SIGINT');
  }
  const k6Final = await k6Exit;
  clearInterval(rssTimer);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  await admin.close().catch(() => undefined);
  await sql.end().catch(() => undefined);

  // Totals from k6's summary (every request it made, setup's included in http_reqs but not in soak_requests).
  let summary = null;
  try {
    summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    // k6 did not write it
  }
  const requests = summary?.metrics?.soak_requests?.count ?? lastCounters.requests;
  const failures = summary?.metrics?.soak_failures?.count ?? lastCounters.failures;
  const dropped = summary?.metrics?.dropped_iterations?.count ?? lastCounters.dropped;

  // The slopes after the warm-up.
  const series = [];
  const names = [...new Set(samples.flatMap((s) => Object.keys(s.processes)))];
  for (const name of names) {
    const judged = samples.find((s) => s.processes[name])?.processes[name].judged ?? false;
    for (const [key, label, unit] of [
      ['rssMb', 'RSS', 'MB'],
      ['heapMb', 'heap', 'MB'],
      ['heapHeldMb', 'heap held', 'MB'],
      ['youngHeldMb', 'young generation held', 'MB'],
      ['externalMb', 'external', 'MB'],
      ['eldP99Ms', 'loop delay p99', 'ms'],
    ]) {
      const points = samples.map((s) => ({ minute: s.minute, value: s.processes[name]?.[key] ?? null }));
      if (!points.some((p) => Number.isFinite(p.value))) continue;
      series.push({ series: `${name} ${label}`, process: name, kind: key, unit, judged: key === 'rssMb' && judged, ...slopePerHour(points, warmUp) });
    }
  }
  const groups = [...new Set(samples.flatMap((s) => Object.keys(s.lag ?? {})))].sort();
  for (const group of groups)
    series.push({
      series: `lag ${group}`,
      kind: 'lag',
      unit: 'messages',
      judged: false,
      ...slopePerHour(
        samples.map((s) => ({ minute: s.minute, value: s.lag?.[group] ?? null })),
        warmUp,
      ),
    });
  series.push({
    series: 'PostgreSQL connections',
    kind: 'pg',
    unit: 'connections',
    judged: false,
    ...slopePerHour(
      samples.map((s) => ({ minute: s.minute, value: s.pg ? Object.values(s.pg).reduce((a, b) => a + b, 0) : null })),
      warmUp,
    ),
  });

  const rss = series.filter((s) => s.judged).map((s) => ({ process: s.process, perHour: s.perHour }));
  const result = verdict({
    failures,
    requests,
    rss,
    recoveries: feeds.map((f) => ({ at: f.at, seconds: f.seconds })),
    feedErrors,
    expectedFeeds: interrupted ? feeds.length + feedErrors.length : schedule.length,
  });
  const loadEnd = os.loadavg();
  const loads = samples.map((s) => s.load);

  console.log(
    `\n[soak] slopes per hour by least squares over the samples from minute ${fmt(warmUp, 1)} on (${samples.filter((s) => s.minute >= warmUp).length} samples; ± one standard error)`,
  );
  console.table(
    series.map((s) => ({
      series: s.series,
      unit: s.unit,
      first: fmt(s.first, 1),
      last: fmt(s.last, 1),
      'slope /h': fmt(s.perHour, 2, true),
      '±': fmt(s.stderr, 2),
      target: s.judged ? `≤ ${TARGETS.rssMbPerHour}` : '',
    })),
  );
  console.log(`[soak] requests: ${requests} (${fmt(requests / Math.max(1, Math.min(minuteNow(), minutes) * 60), 1)}/s), failed ${failures}, dropped iterations ${dropped}`);
  if (summary?.metrics) {
    for (const kind of ['search', 'item', 'totals', 'cart']) {
      const m = summary.metrics[`http_req_duration{kind:${kind}}`];
      if (m)
        console.log(`[soak]   ${kind.padEnd(7)} p50 ${fmt(m.med, 1)} ms, p95 ${fmt(m['p(95)'], 1)} ms, p99 ${fmt(m['p(99)'], 1)} ms, max ${fmt(m.max, 0)} ms`);
    }
  }
  for (const f of feeds)
    console.log(
      `[soak] feed run ${f.n} at ${fmt(f.at, 1)} min: lag 0 ${f.seconds === null ? 'never (5 min)' : `${f.seconds.toFixed(1)} s after completion`}, highest ${f.peak}; ${f.report}`,
    );
  if (restarts.length > 0) for (const r of restarts) log(`restarted: ${r.process} at minute ${fmt(r.minute, 0)} (pid ${r.from} → ${r.to})`);
  console.log(
    `[soak] load average: ${loadStart[0].toFixed(2)} at the start, ${fmt(Math.min(...loads), 2)}–${fmt(Math.max(...loads), 2)} at the samples, ${loadEnd[0].toFixed(2)} at the end (1-minute); ${machineText()}`,
  );
  console.log(
    `[soak] ${git.variant}; started ${started.toISOString()}; ${((Date.now() - started.getTime()) / 60_000).toFixed(1)} min in all; k6 exit ${k6Final}${interrupted ? '; interrupted' : ''}`,
  );
  console.log('\n[soak] targets');
  for (const check of result.checks) console.log(`[soak]   ${check.ok ? 'PASS' : 'FAIL'}  ${check.target}: ${check.detail}`);
  const file = path.join(workDir, `soak-${stamp}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        started,
        minutes,
        warmUp,
        baseUrl,
        startedStack,
        git,
        machine: machineText(),
        loadStart,
        loadEnd,
        requests,
        failures,
        dropped,
        feeds,
        feedErrors,
        restarts,
        series,
        verdict: result,
        samples,
        k6: summary?.metrics ?? null,
      },
      null,
      1,
    ),
  );
  log(`samples and slopes written to ${path.relative(ROOT, file)}`);
  if (!result.ok) {
    log('a target was missed');
    return 1;
  }
  if (interrupted) return 130;
  log('every target met');
  return 0;
}
