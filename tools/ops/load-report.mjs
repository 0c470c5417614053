// What tools/ops/load.mjs reads around a k6 run: the gateway's rate limit, the stack's age, the figures per held
// arrival rate from k6's JSON points (with their ratios to the machine floor measured in the same run) and the share
// of 429 answers.
// Kept apart from load.mjs so it can be exercised without k6 or a stack.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { alive, ROOT } from '../runtime/lib.mjs';

/** More 429 answers than this share of all requests: the run measured the gateway's rate limit, not the stack. */
export const MAX_429_SHARE = 0.01;

/**
 * The gateway's rate limit as one API request sees it: the `RateLimit-Limit` header it sets on every /api answer
 * while the limit is on (libs/gateway/api/src/http/rate-limit.ts). `{ perMinute }` (0 = off) or `{ error }`.
 */
export async function probeRateLimit(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/api/stores/minimal?skip=0`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    const header = response.headers.get('ratelimit-limit');
    if (header !== null) return { perMinute: Number(header), status: response.status };
    if (!response.ok) return { error: `GET /api/stores/minimal answered ${response.status} without a RateLimit-Limit header` };
    return { perMinute: 0, status: response.status };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export const rateLimitText = (limit) => (limit.error ? 'unknown' : limit.perMinute > 0 ? `${limit.perMinute}/min` : 'off');

/**
 * The age at this moment of the local stack (.data/stack/pids.json) when its gateway is the one `baseUrl` names:
 * `{ seconds, youngestSeconds, how }` from the oldest and newest app start (`started`, written by
 * tools/runtime/stack-apps.mjs; a stack started before that records it from /proc), or null when unknown.
 */
export function stackAge(baseUrl) {
  const pidsFile = path.join(ROOT, '.data/stack/pids.json');
  if (!existsSync(pidsFile)) return null;
  let apps;
  try {
    apps = JSON.parse(readFileSync(pidsFile, 'utf8')).filter((app) => app.name !== 'mailpit' && alive(app.pid));
  } catch {
    return null;
  }
  const gateway = apps.find((app) => app.name === 'gateway');
  const url = new URL(baseUrl);
  const local = ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(url.hostname);
  if (!gateway || !local || Number(url.port || 80) !== gateway.port) return null;
  const now = Date.now();
  let how = 'recorded';
  let starts = apps.map((app) => Date.parse(app.started ?? '')).filter(Number.isFinite);
  if (starts.length === 0) {
    how = 'process start times';
    starts = apps.map((app) => processStart(app.pid)).filter(Number.isFinite);
  }
  if (starts.length === 0) return null;
  return { seconds: Math.round((now - Math.min(...starts)) / 1000), youngestSeconds: Math.round((now - Math.max(...starts)) / 1000), how };
}

/** When a process started (ms since the epoch) from /proc (Linux; 100 clock ticks a second), else NaN. */
function processStart(pid) {
  try {
    const ticks = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[19]); // field 22
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    return (bootSeconds + ticks / 100) * 1000;
  } catch {
    return NaN;
  }
}

/**
 * The data set of the local stack as its recorded environment names it (.data/stack/env.json: the database
 * `hintakori` holds `small`, `hintakori_<size>` the others), or undefined.
 */
export function localStackData() {
  try {
    const env = JSON.parse(readFileSync(path.join(ROOT, '.data/stack/env.json'), 'utf8'));
    const database = new URL(env.DATABASE_URL).pathname.slice(1);
    return database === 'hintakori' ? 'small' : database.replace(/^hintakori_/, '');
  } catch {
    return undefined;
  }
}

/**
 * Per (request name, held rate) from k6's JSON points: achieved requests/s, requests, p50/p95/p99 and failures;
 * and over every request of the run (setup and warm-up included) how many answered 429.
 */
export async function readPoints(file) {
  const groups = new Map();
  let total = 0;
  let tooMany = 0;
  const lines = createInterface({ input: createReadStream(file) });
  for await (const line of lines) {
    if (!line.includes('"http_req_duration"') || !line.includes('"Point"')) continue;
    const point = JSON.parse(line);
    const tags = point.data.tags ?? {};
    total += 1;
    if (tags.status === '429') tooMany += 1;
    if (!tags.rate || tags.rate === 'ramp' || tags.rate === 'end') continue;
    const key = `${tags.name}@${tags.rate}`;
    const group = groups.get(key) ?? { name: tags.name, rate: Number(tags.rate), durations: [], failed: 0, first: Infinity, last: 0 };
    group.durations.push(point.data.value);
    if (tags.expected_response === 'false') group.failed += 1;
    const t = Date.parse(point.data.time);
    group.first = Math.min(group.first, t);
    group.last = Math.max(group.last, t);
    groups.set(key, group);
  }
  const rows = [...groups.values()]
    .sort((a, b) => a.name.localeCompare(b.name) || a.rate - b.rate)
    .map((g) => {
      const sorted = g.durations.sort((x, y) => x - y);
      const q = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
      const seconds = Math.max(1, (g.last - g.first) / 1000);
      return { request: g.name, 'target/s': g.rate, 'achieved/s': +(sorted.length / seconds).toFixed(1), requests: sorted.length, 'p50 ms': +q(0.5).toFixed(1), 'p95 ms': +q(0.95).toFixed(1), 'p99 ms': +q(0.99).toFixed(1), failed: g.failed };
    });
  return { rows, total, tooMany };
}

/**
 * The floor the ratios are taken to: the slower of the two measured (fewer requests/s), so a machine that got
 * busier during the run does not make the stack look slower than the machine was. `moved` when they differ
 * by more than a quarter in requests/s or a half in p95.
 */
export function pickFloor(before, after) {
  if (!before || !after) return { floor: before ?? after ?? null, which: before ? 'before k6' : 'after k6', moved: false };
  const slower = after.rps < before.rps ? after : before;
  const moved = Math.abs(after.rps - before.rps) > 0.25 * Math.max(before.rps, after.rps) || Math.abs(after.p95 - before.p95) > 0.5 * Math.max(before.p95, after.p95);
  return { floor: slower, which: slower === after ? 'after k6' : 'before k6', moved };
}

/** The rows with `p95 : floor p95` (how many floor p95s the request's p95 is) and `achieved : floor` (requests/s held ÷ the floor's). */
export function withFloorRatios(rows, floor) {
  const ratio = (value, base, digits) => (base > 0 ? +(value / base).toFixed(digits) : null);
  if (!floor) return rows.map((row) => ({ ...row, 'p95 : floor p95': null, 'achieved : floor': null }));
  return rows.map((row) => ({ ...row, 'p95 : floor p95': ratio(row['p95 ms'], floor.p95, 1), 'achieved : floor': ratio(row['achieved/s'], floor.rps, 3) }));
}

/** Prints the per-rate table and the store-totals verdicts (as load.mjs always has). */
export function printRates(name, rows, floorNote) {
  console.log(`\n[load] ${name}: latency per held arrival rate${floorNote ? ` (${floorNote})` : ''}`);
  console.table(rows);
  const totals = rows.filter((r) => r.request === 'storeTotals');
  if (totals.length > 0) {
    const within = totals.filter((r) => r['p95 ms'] < 100 && r.failed === 0);
    const best = within.sort((a, b) => b['achieved/s'] - a['achieved/s'])[0];
    console.log(best ? `[load] store totals: ${best['achieved/s']} requests/s with p95 ${best['p95 ms']} ms (< 100 ms) — the highest held rate within budget` : '[load] store totals: no held rate kept p95 under 100 ms');
    // The national-scale target (docs/performance.md): the highest rate held — achieved within 5 % of the target — at p95 ≤ 40 ms.
    const target = totals.filter((r) => r['p95 ms'] <= 40 && r.failed === 0 && r['achieved/s'] >= 0.95 * r['target/s']).sort((a, b) => b['target/s'] - a['target/s'])[0];
    console.log(target ? `[load] store totals: ${target['target/s']} requests/s held at p95 ${target['p95 ms']} ms (≤ 40 ms)` : '[load] store totals: no held rate kept p95 at or under 40 ms');
  }
}

/** The machine in a few words, for a note: `2 × Intel Xeon …, 8 GiB`. */
export const machineText = () => `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
