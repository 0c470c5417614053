#!/usr/bin/env node
// `npm run bench:api [standalone|distributed|both] [-- --size small|finland]` — not a test: prints p50/p95/p99
// latency and requests/s for item search, item by id and store totals (30 items × 10 stores) on each profile and,
// in the same run, the floor: the SQL the scenario's requests run (recorded from the services' own repositories),
// replayed by pgbench at the same concurrency on the same database — and the ratio API : SQL.
// Each scenario runs a warm-up, then a fixed number of requests at a fixed concurrency (a closed loop: at 8 in flight
// on a saturated machine its latency is mostly queueing, 8 / throughput). Item search is then also sent at fixed
// arrival rates (an open model, tools/runtime/open-loop.mjs): what a shopper waits at a given load, the figure a p95
// target is about. Every row prints the bench client's own CPU per request: it shares the cores with the server.
// The last row is the machine floor (tools/bench/machine-floor.mjs, shared with load:comparisons): a bare node:http
// server driven by the same client, what scheduling alone costs on this machine.
// The standalone it boots listens on 3350 with its PostgreSQL on 54349 (BENCH_PORT / BENCH_PG_PORT move them).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchIds, startBenchStandalone } from './bench-cart.mjs';
import { createClient, createFetchClient } from './http-client.mjs';
import { measureMachineFloor } from './machine-floor.mjs';
import { atRate } from '../runtime/open-loop.mjs';
import { percentile } from '../runtime/lib.mjs';
import { SEARCH_STORE_POOL, searchKey, searchRequests } from './search-requests.mjs';
import { ensurePgbench, pgbench, recordScenarios } from './sql-floor.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const which = args.find((a) => !a.startsWith('--')) ?? 'both';
const size = args.includes('--size') ? args[args.indexOf('--size') + 1] : (process.env.DEMO_FEED_SIZE ?? 'small');
if (!['tiny', 'small', 'finland'].includes(size)) {
  console.error(`--size must be tiny, small or finland, got "${size}"`);
  process.exit(2);
}
const SQL_SECONDS = Number(process.env.BENCH_SQL_SECONDS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** `http` (node:http, tools/bench/http-client.mjs) or `fetch` (the client before it, for A/B runs); the same for every row. */
const CLIENT = process.env.BENCH_CLIENT ?? 'http';
if (!['http', 'fetch'].includes(CLIENT)) {
  console.error(`BENCH_CLIENT must be http or fetch, got "${CLIENT}"`);
  process.exit(2);
}
/** The fixed arrival rates (searches/s) of the open-model search step; BENCH_SEARCH_RATES= (empty) skips the step. */
const SEARCH_RATES = (process.env.BENCH_SEARCH_RATES ?? '50,100,150,200,250').split(',').filter(Boolean).map(Number);
if (SEARCH_RATES.some((rate) => !(rate > 0))) {
  console.error(`BENCH_SEARCH_RATES must be positive numbers separated by commas, got "${process.env.BENCH_SEARCH_RATES}"`);
  process.exit(2);
}
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 8);
const RATE_WARMUP_SECONDS = 1;
/** The open step's cap on searches in flight: one due while 64 are unanswered is not sent and counts as late. */
const RATE_MAX_IN_FLIGHT = 64;
/** Issue 9, target 2: item search p95 ≤ 30 ms on `finland`. */
const SEARCH_P95_TARGET_MS = 30;
/** Every PARSE_EVERY-th search answer is parsed in full (see searchAnswerOk). */
const PARSE_EVERY = 20;
/** How many of the measured searches the SQL floor replays (pgbench picks among them at random). */
const SEARCH_FLOOR_SAMPLE = 60;
const env = { ...process.env, RATE_LIMIT_PER_MINUTE: '0' };
const run = (cmd, args, extra = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extra } }).status ?? 1;

const makeClient = (origin) => (CLIENT === 'fetch' ? createFetchClient(origin) : createClient(origin, { connections: Math.max(CONCURRENCY, RATE_MAX_IN_FLIGHT) }));
const cpuMsSince = (start) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

/**
 * A search's answer is good when its status is 2xx and its body a JSON array. Parsing every 120 kB answer would cost
 * the client about half a millisecond of CPU a search (more than the rest of the http client), taken from the
 * server under test on this 2-core machine; so every answer's first and last bytes must be `[` and `]` (the gzip
 * decoder has already checked the whole body's CRC and length) and every PARSE_EVERY-th answer is parsed in full.
 */
function searchAnswerOk(i, { ok, body }) {
  if (!ok || body[0] !== 0x5b || body[body.length - 1] !== 0x5d) return false;
  if (i % PARSE_EVERY !== 0) return true;
  try {
    return Array.isArray(JSON.parse(body.toString('utf8')));
  } catch {
    return false;
  }
}

/** Why requests failed, by reason (status, bad body or the network error's code), printed under the tables. */
const failures = new Map();
function failed(scenario, reason) {
  const key = `${scenario}: ${reason}`;
  failures.set(key, (failures.get(key) ?? 0) + 1);
  return false;
}

/** `warmFrom`: the first index of the warm-up requests (a scenario whose requests must not repeat warms up past them). */
async function scenario(name, makeRequest, { warmFrom = 0 } = {}) {
  for (let i = 0; i < 100; i++) await makeRequest(warmFrom + i);
  const latencies = [];
  let next = 0;
  let errors = 0;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const t0 = performance.now();
        const ok = await makeRequest(i);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = cpuMsSince(cpuStart);
  latencies.sort((a, b) => a - b);
  return { scenario: name, requests: REQUESTS, concurrency: CONCURRENCY, 'p50 ms': +percentile(latencies, 50).toFixed(2), 'p95 ms': +percentile(latencies, 95).toFixed(2), 'p99 ms': +percentile(latencies, 99).toFixed(2), 'req/s': Math.round(REQUESTS / seconds), errors, 'client CPU ms/req': +(cpuMs / REQUESTS).toFixed(2) };
}

/**
 * Item search at each of SEARCH_RATES (searches/s, open model): each rate 1 s of warm-up then RATE_SECONDS measured,
 * every search distinct (none of the closed loop's either), latency from the planned send time.
 */
async function searchAtRates(makeRequest) {
  const rows = [];
  let next = 0;
  let unsent = 0;
  for (const rate of SEARCH_RATES) {
    const r = await atRate(rate, makeRequest, { firstIndex: next, warmupSeconds: RATE_WARMUP_SECONDS, seconds: RATE_SECONDS, maxInFlight: RATE_MAX_IN_FLIGHT });
    next += r.requests;
    unsent += r.unsent;
    const ms = (p) => +percentile(r.latencies, p).toFixed(2);
    rows.push({ 'offered/s': rate, 'achieved/s': Math.round(r.answered / r.seconds), searches: r.offered, 'p50 ms': ms(50), 'p95 ms': ms(95), 'p99 ms': ms(99), errors: r.errors, late: r.late, 'client CPU ms/req': +(r.cpuMs / Math.max(1, r.sent)).toFixed(2) });
  }
  const held = rows.filter((row) => row['p95 ms'] <= SEARCH_P95_TARGET_MS && row.errors === 0 && row.late === 0).map((row) => row['offered/s']);
  return { rows, held: held.length ? Math.max(...held) : null, sent: next - unsent };
}

/** How many searches searchAtRates uses (warm-ups included). */
const searchesAtRates = () => SEARCH_RATES.reduce((sum, rate) => sum + Math.round(rate * RATE_WARMUP_SECONDS) + Math.round(rate * RATE_SECONDS), 0);

/**
 * The machine's own floor for the client side (tools/bench/machine-floor.mjs): a bare `node:http` server in its own
 * process answering a fixed 2 kB JSON body, driven by the same client at the same concurrency for as many requests
 * as each API row. Its p95 is what scheduling alone costs here, so the API rows are read against it, not against zero.
 */
async function machineFloor() {
  const floor = await measureMachineFloor({ requests: REQUESTS, concurrency: CONCURRENCY, makeClient });
  return { scenario: 'machine floor (bare node:http)', requests: floor.requests, concurrency: CONCURRENCY, 'p50 ms': floor.p50, 'p95 ms': floor.p95, 'p99 ms': floor.p99, 'req/s': floor.rps, errors: floor.errors, 'client CPU ms/req': +floor.clientCpuMsPerRequest.toFixed(2) };
}

/** The gateway's response-cache counters (GET /ready of its probe port, the metrics port: the public /api/ready has none). */
async function cacheStats(probe) {
  const body = await (await fetch(`${probe}/ready`)).json();
  if (!body.cache) throw new Error(`no cache counters in ${probe}/ready: is that the gateway's metrics port?`);
  return body.cache;
}

async function benchmark(profile, base, databaseUrl, probe) {
  const { storeIds, itemIds, cart } = await benchIds(base);
  const client = makeClient(base);
  const ok = (name) => (response) => response.ok || failed(name, `status ${response.status}`);
  // Item search measures the search itself: every request (warm-up included) is a different (term, store set), so
  // the gateway's response cache answers none of them; the cache counters before and after prove it.
  const stores = (await (await fetch(`${base}/api/stores/minimal?skip=0`)).json()).map((s) => s.id);
  const pool = stores.slice(0, SEARCH_STORE_POOL);
  const searches = searchRequests(pool, REQUESTS + 100);
  const search = (list, name) => (i) =>
    client.request(`/api/items?search=${encodeURIComponent(list[i].search)}&storeIds=${list[i].storeIds}`).then(
      (r) => searchAnswerOk(i, r) || failed(name, r.ok ? 'answer not a JSON array' : `status ${r.status}`),
      (error) => failed(name, error.code ?? error.message),
    );
  const cacheBefore = await cacheStats(probe);
  const searchRow = await scenario('item search', search(searches, 'item search'), { warmFrom: REQUESTS });
  const cacheAfter = await cacheStats(probe);
  const searchCacheHits = cacheAfter.hits - cacheBefore.hits;
  // The searches at fixed rates are the same 20 terms and store-set sizes, none of them one of the closed loop's;
  // drawn from twice the pool, as 20 terms × 40 single stores are only 800 single-store searches.
  const ratePool = stores.slice(0, 2 * SEARCH_STORE_POOL);
  let rateSearches = [];
  try {
    if (SEARCH_RATES.length) rateSearches = searchRequests(ratePool, searchesAtRates(), { seed: 20261126, exclude: new Set(searches.map(searchKey)) });
  } catch (error) {
    console.warn(`[bench] item search at fixed rates skipped: ${error.message} (fewer rates or BENCH_RATE_SECONDS need fewer)`);
  }
  const atRates = rateSearches.length ? await searchAtRates(search(rateSearches, 'item search at fixed rates')) : null;
  const cacheAfterRates = await cacheStats(probe);
  const api = [
    searchRow,
    await scenario('item by id', (i) => client.request(`/api/items/${itemIds[i % itemIds.length]}?storeIds=${storeIds}`).then(ok('item by id'))),
    await scenario('store totals 30×10', () => client.request('/api/shoppingCartComparisons/storeTotals', { method: 'POST', json: { storeIds, type: 'default', items: cart } }).then(ok('store totals'))),
    // Issue 12 target: p95 ≤ 50 ms standalone for 60 lines × 10 stores.
    await scenario(`split ${Math.min(60, itemIds.length)}×10`, () =>
      client.request('/api/shoppingCartComparisons/split', { method: 'POST', json: { storeIds, maxStores: 2, items: itemIds.slice(0, 60).map((itemId, i) => ({ itemId, quantity: 1 + (i % 3) })) } }).then(ok('split')),
    ),
  ];
  client.close();
  const floorRow = await machineFloor();
  const scripts = await recordScenarios(root, { storeIds, itemIds, cart, searches: searches.slice(0, SEARCH_FLOOR_SAMPLE), databaseUrl });
  const results = api.map((row) => {
    // The split has no recorded SQL floor yet: its row prints the API figures only.
    if (!scripts[row.scenario]) return { ...row, 'SQL req/s': null, 'SQL mean ms': null, 'API : SQL': null };
    // The search's page statement is a prepared statement in the catalog (planned once per connection), so its
    // floor is too; the other scenarios' statements are planned for every request, by the services and here.
    const mode = row.scenario === 'item search' ? 'prepared' : 'simple';
    const floor = pgbench(databaseUrl, scripts[row.scenario], { clients: CONCURRENCY, seconds: SQL_SECONDS, mode });
    return { ...row, 'SQL req/s': Math.round(floor.tps), 'SQL mean ms': +floor.latency.toFixed(2), 'API : SQL': +(floor.tps / row['req/s']).toFixed(1) };
  });
  console.log(`\n${profile} profile, ${size} data — ${base} (${os.cpus().length} cores; gateway response cache on for search/item, never for totals; client: ${CLIENT === 'fetch' ? 'fetch' : 'node:http keep-alive + zlib'}, asking accept-encoding: gzip, deflate)`);
  console.log(
    `item search: ${REQUESTS + 100} distinct searches (20 terms × store sets of 1–10 drawn from ${pool.length} stores), answered by the response cache ${searchCacheHits} times of ${cacheAfter.hits + cacheAfter.misses - cacheBefore.hits - cacheBefore.misses}; its SQL floor replays ${Math.min(SEARCH_FLOOR_SAMPLE, searches.length)} of them`,
  );
  console.log('SQL = the same requests\' statements replayed by pgbench, same concurrency, same database; API : SQL = how many times slower the API is');
  console.table([...results, { ...floorRow, 'SQL req/s': null, 'SQL mean ms': null, 'API : SQL': null }]);
  console.log('machine floor = a bare node:http server with a fixed body, same client and concurrency: the latency scheduling alone gives on this machine');
  console.log('client CPU ms/req = the bench process\'s own CPU (user + system, all threads) over the measured requests, divided by them: the share of the cores the client takes from the server');
  if (atRates) {
    console.log(
      `\nitem search at fixed rates (open model: each search sent at its planned time, ${RATE_WARMUP_SECONDS} s warm-up + ${RATE_SECONDS} s per rate, latency from the planned time, at most ${RATE_MAX_IN_FLIGHT} in flight — one due beyond that is not sent and counts as late): ${rateSearches.length} distinct searches from ${ratePool.length} stores (warm-ups included; ${atRates.sent} sent, the rest late), none of the closed loop's, answered by the response cache ${cacheAfterRates.hits - cacheAfter.hits} times of ${cacheAfterRates.hits + cacheAfterRates.misses - cacheAfter.hits - cacheAfter.misses}`,
    );
    console.table(atRates.rows);
    console.log(`highest rate held with p95 ≤ ${SEARCH_P95_TARGET_MS} ms (no errors, none late): ${atRates.held === null ? `none of ${SEARCH_RATES.join(', ')}/s` : `${atRates.held}/s`}`);
  }
  if (failures.size) console.log(`failed requests (warm-ups included): ${[...failures].map(([reason, n]) => `${reason} × ${n}`).join('; ')}`);
  failures.clear();
}

if (run(process.execPath, ['tools/build/build-node.mjs']) !== 0) process.exit(1);
ensurePgbench();
if (which === 'standalone' || which === 'both') {
  console.log(`[bench] starting the standalone profile (${size} data; the first start loads it through the ingest pipeline: minutes for finland)…`);
  // Its metrics port (where GET /ready reports the cache counters) next to the bench's ports.
  const standalone = await startBenchStandalone(size, { env: { ...env, LOG_LEVEL: 'warn', METRICS_PORT: '3358' }, timeoutMs: size === 'finland' ? 1_800_000 : 600_000 });
  try {
    await benchmark('standalone', standalone.url, standalone.databaseUrl, 'http://127.0.0.1:3358');
  } finally {
    await standalone.stop();
  }
}
if (which === 'distributed' || which === 'both') {
  if (run(process.execPath, ['tools/stack.mjs', '--detach'], { PORT: '3340', LOG_LEVEL: 'warn', DEMO_FEED_SIZE: size }) !== 0) process.exit(1);
  try {
    const database = process.env.STACK_DATABASE ?? (size === 'small' ? 'hintakori' : `hintakori_${size}`);
    // The stack's gateway keeps its default metrics port, 9464.
    await benchmark('distributed', 'http://127.0.0.1:3340', `postgres://hintakori:hintakori@127.0.0.1:${process.env.PG_PORT ?? 55432}/${database}`, 'http://127.0.0.1:9464');
  } finally {
    run(process.execPath, ['tools/stack.mjs', 'down']);
  }
}
