// What tools/ops/load.mjs reads and writes around a k6 run: the gateway's rate limit, the stack's age, the figures
// per held arrival rate from k6's JSON points (with their ratios to the machine floor measured in the same run), the
// share of 429 answers, and the lines a full `load:comparisons` run appends to docs/performance-history.jsonl.
// Kept apart from load.mjs so it can be exercised without k6 or a stack.
import { spawnSync } from 'node:child_process';
import { appendFileSync, createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { alive, ROOT } from '../runtime/lib.mjs';

export const HISTORY_FILE = path.join(ROOT, 'docs/performance-history.jsonl');
/** More 429 answers than this share of all requests: the run measured the gateway's rate limit, not the stack. */
export const MAX_429_SHARE = 0.01;
const SCENARIO_NAMES = { storeTotals: 'store totals', basket: 'basket' };

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

/** The checkout's commit, branch and whether it has changes (the history file itself aside). */
export function gitState() {
  const git = (...args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';
  const commit = git('rev-parse', '--short', 'HEAD');
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)docs/performance-history.jsonl') !== '';
  return { commit, branch, dirty, variant: `${branch} ${commit}${dirty ? ' + uncommitted changes' : ''}` };
}

/**
 * The history lines of one run: per request and held rate the figures of the table (achieved, requests, p50, p95,
 * p99, failed and the two ratios), the two machine floors (scenario `machine floor`, as bench:api writes it) and the
 * stack's age; every line carries the commit, the rate-limit state and the stack's age as fields of their own.
 */
export function historyLines({ at = new Date(), data, rows, floors, age, rateLimit, git, note }) {
  const pad = (n) => String(n).padStart(2, '0');
  const common = {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    benchmark: 'load:comparisons',
    profile: 'distributed',
    data,
  };
  const tail = { note, source: 'tools/ops/load.mjs (written by the run)', commit: git.commit, rateLimit, ...(age ? { stackAge: age.seconds } : {}) };
  const line = (scenario, setting, figure, value, unit) => ({ ...common, scenario, setting, variant: git.variant, figure, value, unit, ...tail });
  const out = [];
  for (const row of rows) {
    const scenario = SCENARIO_NAMES[row.request] ?? row.request;
    const setting = `target ${row['target/s']}/s`;
    out.push(
      line(scenario, setting, 'achieved', row['achieved/s'], 'req/s'),
      line(scenario, setting, 'requests', row.requests, 'count'),
      line(scenario, setting, 'p50', row['p50 ms'], 'ms'),
      line(scenario, setting, 'p95', row['p95 ms'], 'ms'),
      line(scenario, setting, 'p99', row['p99 ms'], 'ms'),
      line(scenario, setting, 'failed', row.failed, 'count'),
    );
    if (typeof row['p95 : floor p95'] === 'number') out.push(line(scenario, setting, 'p95 : floor p95', row['p95 : floor p95'], 'ratio'));
    if (typeof row['achieved : floor'] === 'number') out.push(line(scenario, setting, 'achieved : floor', row['achieved : floor'], 'ratio'));
  }
  for (const [setting, floor] of Object.entries(floors)) {
    if (!floor) continue;
    out.push(line('machine floor', setting, 'p50', floor.p50, 'ms'), line('machine floor', setting, 'p95', floor.p95, 'ms'), line('machine floor', setting, 'p99', floor.p99, 'ms'), line('machine floor', setting, 'throughput', floor.rps, 'req/s'));
  }
  if (age) out.push(line('whole run', 'at k6 start', 'stack age', age.seconds, 's'));
  return out;
}

/** Appends `lines` to the history file (one JSON object a line), starting on a line of its own. */
export function appendHistory(lines, file = HISTORY_FILE) {
  const needsNewline = existsSync(file) && statSync(file).size > 0 && !readFileSync(file, 'utf8').endsWith('\n');
  appendFileSync(file, (needsNewline ? '\n' : '') + lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

/** The machine in a few words, for a note: `2 × Intel Xeon …, 8 GiB`. */
export const machineText = () => `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
