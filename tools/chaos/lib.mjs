// The shared parts of the chaos scenarios (tools/chaos/scenarios/*.mjs, run by tools/chaos/run.mjs): the bounded
// open-loop load and its figures, the stack's apps and infrastructure, the feeds and their projections compared with
// a clean run, the healthy answers the reads are checked against, and the table's rows.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import Redis from 'ioredis';
import * as infra from '../infra/lib.mjs';
import { percentile, readPid, sleep, ROOT as root, terminate } from '../runtime/lib.mjs';
import { openLoop } from '../runtime/open-loop.mjs';
import { readApps, recordedStackEnv } from '../runtime/stack-apps.mjs';

export { infra };
export { alive, percentile, sleep } from '../runtime/lib.mjs';
export { restartApp } from '../runtime/stack-apps.mjs';

/** --short (npm test): one shorter round of each scenario, smaller feeds. */
export const SHORT = process.argv.includes('--short');
export const PORT = Number(process.env.PORT ?? 3000);
export const BASE = `http://127.0.0.1:${PORT}`;
export const log = (m) => console.log(`[chaos] ${m}`);
/** The environment of the stack's apps (tools/runtime/stack-apps.mjs), for the ingest CLI and SQL. */
export const appEnv = () => recordedStackEnv();
export const infraEnv = infra.infraEnv();

// ---------------------------------------------------------------- load
/**
 * Sends `rate` requests a second (open loop, tools/runtime/open-loop.mjs: a hung request does not slow the arrivals)
 * for at most `seconds` or until stop() is called; each request gets a 15 s deadline (request()). `done` resolves with
 * one record per request (`at`: its planned send time, `ms`: from then to its answer; no answer: status 0).
 */
export function startLoad(rate, seconds, makeRequest) {
  const loop = openLoop(rate, (n) => makeRequest(n).catch((error) => ({ status: 0, error: String(error?.message ?? error) })), { seconds });
  return {
    records: loop.records,
    stop: loop.stop,
    // Whole milliseconds, as the table has always shown them.
    done: loop.done.then((run) => run.records.map((r) => ({ ...r, at: Math.round(r.at), ms: Math.round(r.ms) }))),
  };
}

/** Waits (at most timeoutMs) until the load's last 3 s hold more than 20 answers, every one of them good. */
export async function untilAnswering(load, timeoutMs, isGood) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const recent = load.records.filter((r) => r.at > Date.now() - 3000);
    if (recent.length > 20 && recent.every(isGood)) return;
    await sleep(500);
  }
}

export async function request(url, init = {}) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return {
    status: response.status,
    body,
    retryAfter: response.headers.get('retry-after'),
    stale: response.headers.get('x-cache') === 'STALE',
    json: body !== undefined,
  };
}

export function figures(records, faultFrom, faultTo) {
  const during = records.filter((r) => r.at >= faultFrom && r.at < faultTo);
  const latencies = during.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const r of records) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return {
    requests: records.length,
    statuses: Object.entries(statuses)
      .map(([s, n]) => `${s === '0' ? 'no answer' : s}×${n}`)
      .join(' '),
    faultedRequests: during.length,
    p95: percentile(latencies, 95, 0),
    max: latencies.at(-1) ?? 0,
  };
}

/** Seconds from `from` until every later request succeeded (and, with normalMs, was answered within it). */
export function recoverySeconds(records, from, isGood) {
  const after = records.filter((r) => r.at >= from);
  let lastBad = null;
  for (const r of after) if (!isGood(r)) lastBad = r;
  if (!lastBad) return 0;
  const next = after.find((r) => r.at > lastBad.at);
  return next ? (next.at - from) / 1000 : null;
}

// ---------------------------------------------------------------- processes
export const pids = () => readApps();

/** SIGKILL and the wait until the process has gone; rejects when it was not running. */
export async function sigkill(pid) {
  if ((await terminate(pid, { signal: 'SIGKILL', intervalMs: 50 })) === 'not-running') throw new Error(`pid ${pid} is not running`);
}

export const kafkaPid = () => readPid(path.join(infra.KAFKA_DATA_DIR, 'kafka.pid'));

export const quiet = { log: () => undefined };

// ---------------------------------------------------------------- feeds
export const STORES = SHORT ? 6 : 10;
export const PRODUCTS = SHORT ? 250 : 600;
export const PRICES = STORES * PRODUCTS;
let feedNo = 0;

/** An S group feed of fresh stores and products (this run's own EANs and store ids) with a fixed price pattern. */
export function writeFeed(label) {
  const k = ++feedNo;
  const tag = `${process.pid % 1000}${String(k).padStart(2, '0')}`;
  const ean = (p) => `2${tag.padStart(5, '0')}${String(p).padStart(7, '0')}`;
  const lines = [];
  for (let s = 1; s <= STORES; s++) {
    lines.push(
      JSON.stringify({
        __typename: 'Store',
        id: `CHAOS${tag}-${s}`,
        name: `Prisma Kaaos ${tag}-${s}`,
        brand: 'PRISMA',
        location: {
          address: { street: { default: `Kaaoskatu ${s}` }, postcode: '00100', postcodeName: { default: 'Helsinki' } },
          coordinates: { lat: 60.1 + s / 100, lon: 24.9 },
        },
        weeklyOpeningHours: [],
      }),
    );
  }
  for (let p = 1; p <= PRODUCTS; p++) {
    lines.push(
      JSON.stringify({
        __typename: 'Product',
        ean: ean(p),
        name: `Kaaostuote ${p}`,
        comparisonUnit: 'PCE',
        hierarchyPath: [{ name: 'Kaaos' }, { name: 'Kaaosryhmä' }],
      }),
    );
  }
  for (let p = 1; p <= PRODUCTS; p++) {
    for (let s = 1; s <= STORES; s++) {
      const euros = (100 + ((s * 37 + p * 11) % 900)) / 100;
      lines.push(
        JSON.stringify({
          __typename: 'StoreProduct',
          storeId: `CHAOS${tag}-${s}`,
          ean: ean(p),
          price: euros,
          pricing: { currentPrice: euros, campaignPrice: null },
          priceUpdatedAt: '2026-01-19T06:00:00Z',
        }),
      );
    }
  }
  const dir = path.join(root, '.data/chaos');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${label}-${tag}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, tag, eanPrefix: `2${tag.padStart(5, '0')}`, storePrefix: `CHAOS${tag}-` };
}

/** Queues a feed run with the project's ingest CLI and follows it to its end; resolves with the run's row. */
export function runFeed(feed) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/ingest/ingest.ts', '--source', 's-group', '--file', feed.file], {
      cwd: root,
      env: { ...appEnv(), NODE_OPTIONS: '--enable-source-maps' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (c) => (errors = (errors + c).slice(-2000)));
    child.on('exit', async (code) => {
      const { rows } = await withSql((sql) =>
        sql.query(`SELECT id, status, prices_published, attempts FROM ingest.feed_runs WHERE location = $1 ORDER BY id DESC LIMIT 1`, [feed.file]),
      );
      resolve({ code, errors, run: rows[0] });
    });
  });
}

export async function withSql(fn) {
  for (let attempt = 0; ; attempt++) {
    const sql = new pg.Client({ connectionString: appEnv().DATABASE_URL });
    try {
      await sql.connect();
      return await fn(sql);
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(1000);
    } finally {
      await sql.end().catch(() => undefined);
    }
  }
}

/** Counts and checksums of a feed's rows in the projections, keyed by the feed's own ids (tag stripped). */
export async function snapshot(feed) {
  return withSql(async (sql) => {
    const digest = async (table, columns, order, extraJoin = '') => {
      const { rows } = await sql.query(
        `SELECT count(*)::int AS rows,
                md5(coalesce(string_agg(concat_ws('|', right(i.ean, 7), substr(s.external_id, length($2) + 1), ${columns}), ',' ORDER BY ${order}), '')) AS checksum
           FROM ${table} t
           JOIN ingest.items i ON i.item_id = t.item_id
           JOIN ingest.stores s ON s.store_id = t.store_id AND s.source = 's-group' ${extraJoin}
          WHERE i.ean LIKE $1 || '%' AND s.external_id LIKE $2 || '%'`,
        [feed.eanPrefix, feed.storePrefix],
      );
      return rows[0];
    };
    return {
      prices: await digest('catalog.store_prices', 't.price, t.comparison_price, t.is_campaign, t.updated_at', 'i.ean, s.external_id'),
      history: await digest('catalog.price_history', 't.valid_from, t.valid_to, t.price, t.is_campaign', 'i.ean, s.external_id, t.valid_from'),
      matrix: await digest('comparisons.price_matrix', 't.price, t.comparison_price, t.is_campaign, t.observed_at', 'i.ean, s.external_id'),
    };
  });
}

/** Waits until the projections hold every price of the feed and stop changing (or the time is up). */
export async function settled(feed, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  let snap;
  while (Date.now() < deadline) {
    snap = await snapshot(feed);
    const key = JSON.stringify(snap);
    if (snap.prices.rows >= PRICES && snap.matrix.rows >= PRICES && key === last) return snap;
    last = key;
    await sleep(2000);
  }
  return snap;
}

let clean;
export async function cleanSnapshot() {
  if (clean) return clean;
  const feed = writeFeed('clean');
  const result = await runFeed(feed);
  if (result.run?.status !== 'completed') throw new Error(`the clean feed run did not complete: ${result.errors}`);
  clean = await settled(feed);
  if (clean.prices.rows !== PRICES || clean.history.rows !== PRICES)
    throw new Error(`the clean run projected ${JSON.stringify(clean)}, expected ${PRICES} rows`);
  return clean;
}

/** A feed run's end (`running`: runFeed's promise) and its projections, once settled, compared with the clean run. */
export async function feedOutcome(running, feed) {
  const result = await running;
  return { result, cmp: compareToClean(await settled(feed)) };
}

/** Rows lost or doubled against the clean run, and whether every checksum matches it. */
export function compareToClean(snap) {
  const lost = Math.max(0, PRICES - snap.prices.rows) + Math.max(0, PRICES - snap.matrix.rows);
  const doubled = Math.max(0, snap.history.rows - PRICES);
  const same = ['prices', 'history', 'matrix'].every((k) => snap[k].checksum === clean[k].checksum && snap[k].rows === clean[k].rows);
  return { lost, doubled, same };
}

// ---------------------------------------------------------------- reads
let reads;
/** A set of catalog reads and a store-totals body, with the answers they give on the healthy stack. */
/**
 * A read of the healthy stack's answer, retried for up to 90 s while it is not a 200: on a loaded machine a cold
 * first search can outlast the breaker's stall and probe deadlines, which answers 503 for a second or two.
 */
export async function healthyRead(url, init = {}) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const response = await request(url, init).catch((error) => ({ status: 0, body: String(error?.message ?? error) }));
    if (response.status === 200) return response;
    if (Date.now() > deadline)
      throw new Error(`the healthy stack answered ${response.status} to ${init.method ?? 'GET'} ${url}: ${JSON.stringify(response.body).slice(0, 200)}`);
    log(`warm-up: ${init.method ?? 'GET'} ${url.replace(BASE, '')} answered ${response.status}; trying again`);
    await sleep(1000);
  }
}

export async function readSet() {
  if (reads) return reads;
  const stores = (await healthyRead(`${BASE}/api/stores/minimal?skip=0`)).body;
  const storeIds = stores.slice(0, 10).map((s) => s.id);
  const urls = [`${BASE}/api/categories`];
  const items = [];
  for (const term of ['maito', 'juusto', 'leipä', 'kahvi', 'jogurtti']) {
    const url = `${BASE}/api/items?search=${encodeURIComponent(term)}&storeIds=${storeIds}&limit=50`;
    urls.push(url);
    items.push(...(await healthyRead(url)).body);
  }
  for (const item of items.slice(0, 14)) urls.push(`${BASE}/api/items/${item.id}?storeIds=${storeIds}`);
  const cart = [...new Set(items.map((i) => i.id))].slice(0, 30).map((itemId, i) => ({ itemId, quantity: 1 + (i % 3) }));
  const totalsBody = JSON.stringify({ storeIds, type: 'default', items: cart });
  const expected = new Map();
  for (const url of urls) expected.set(url, JSON.stringify((await healthyRead(url)).body));
  const totals = await healthyRead(`${BASE}/api/shoppingCartComparisons/storeTotals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: totalsBody,
  });
  reads = { urls, expected, totalsBody, totalsExpected: JSON.stringify(totals.body) };
  return reads;
}

export function postTotals(body) {
  return request(`${BASE}/api/shoppingCartComparisons/storeTotals`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

/** Forgets the shared (Redis) copies of the gateway's cached answers, as their 30 s time to live would. */
export async function expireSharedCache() {
  const redis = new Redis(infraEnv.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const keys = await redis.keys('hk:resp:*');
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

/** Whether a 200 answer differs from the healthy stack's; the first few differences are printed, to be looked at. */
let wrongShown = 0;
export function isWrong(what, response, expectedText) {
  if (response.status !== 200) return false;
  const text = JSON.stringify(response.body);
  if (text === expectedText) return false;
  if (wrongShown++ < 3) {
    let at = 0;
    while (at < text.length && text[at] === expectedText[at]) at++;
    log(
      `wrong answer to ${what} at character ${at}: expected …${expectedText.slice(Math.max(0, at - 80), at + 120)}… got …${text.slice(Math.max(0, at - 80), at + 120)}…`,
    );
  }
  return true;
}

/** 20 reads a second: three catalog reads the gateway has answered before for every store-totals call. */
export function mixedRead(n) {
  const { urls, expected, totalsBody, totalsExpected } = reads;
  if (n % 4 === 3) return postTotals(totalsBody).then((r) => ({ ...r, kind: 'totals', wrong: isWrong('store totals', r, totalsExpected), body: undefined }));
  const url = urls[n % urls.length];
  return request(url).then((r) => ({ ...r, kind: 'catalog', wrong: isWrong(url.replace(BASE, ''), r, expected.get(url)), body: undefined }));
}

/**
 * Resolves true once store totals and a catalog read (fresh, not a stale copy) have both succeeded `rounds` times
 * in a row, 500 ms apart: one success can come from a half-open breaker while the consumer group still rebalances.
 */
export async function waitAnswering(timeoutMs = 180_000, rounds = 4) {
  const deadline = Date.now() + timeoutMs;
  let good = 0;
  while (Date.now() < deadline) {
    try {
      const r = await postTotals(reads.totalsBody);
      const c = await request(reads.urls[1]);
      good = r.status === 200 && c.status === 200 && !c.stale ? good + 1 : 0;
    } catch {
      good = 0;
    }
    if (good >= rounds) return true;
    await sleep(500);
  }
  return false;
}

// ---------------------------------------------------------------- scenarios
/** The table's rows and the must-holds broken, in the order the scenarios ran. */
export const rows = [];
export const broken = [];

export function row(scenario, fault, data, checks, note = '') {
  const failedChecks = Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  rows.push({ scenario, fault, ...data, holds: failedChecks.length ? `NO: ${failedChecks.join('; ')}` : 'yes', note });
  if (failedChecks.length) broken.push(`${scenario}: ${failedChecks.join('; ')}`);
  log(`${scenario}: ${JSON.stringify({ ...data, failed: failedChecks })}`);
}

/** The scenarios that run feeds of their own and compare the projections with the clean run. */

/** Waits until a feed run has published prices (or completed). */
export async function waitRunning(feed, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows: found } = await withSql((sql) =>
      sql.query(`SELECT status, prices_published FROM ingest.feed_runs WHERE location = $1 ORDER BY id DESC LIMIT 1`, [feed.file]),
    );
    if (found[0] && (found[0].prices_published > 0 || found[0].status === 'completed')) return;
    await sleep(200);
  }
}
