#!/usr/bin/env node
// `npm run load:<scenario> [-- --smoke]`: k6 load scenarios against the distributed stack.
//   node tools/ops/load.mjs comparisons [--smoke] [--base-url http://host:port] [--allow-rate-limit] [--no-history]
//   scenarios: comparisons (store totals + comparison basket), search (search-as-you-type), browse
// Builds k6 from the Go module proxy once (cached in ~/.cache/hintakori), holds /tmp/stack.lock for the whole run,
// starts the distributed stack (`tools/stack.mjs --detach`, RATE_LIMIT_PER_MINUTE=0, with DEMO_FEED_SIZE=finland
// unless --smoke or DEMO_FEED_SIZE is set) unless --base-url points elsewhere or a stack already answers, runs the
// scenario, prints k6's summary and p95 and achieved requests/s per held arrival rate, then stops the stack it started.
// Around k6 (tools/ops/load-report.mjs):
// - before it, one API request's RateLimit-Limit header says whether the gateway's rate limit is on; on, the
//   script refuses a full run (k6 would measure the limiter) unless --allow-rate-limit. After it, more than 1 % of
//   answers 429 prints that the figures are not valid.
// - the machine floor (tools/bench/machine-floor.mjs: a bare node:http server, 8 in flight for LOAD_FLOOR_SECONDS,
//   default 5, the smoke 1) is measured before k6 (the stack up and idle) and again after; the per-rate table adds
//   `p95 : floor p95` (the request's p95 ÷ the floor's) and `achieved : floor` (requests/s held ÷ the floor's),
//   both to the slower of the two floors.
// - the stack's age at k6 start (from the app start times in .data/stack/pids.json) and the load average.
// A full `comparisons` run (not --smoke, not --no-history, not one with > 1 % 429s) appends its figures, both
// floors, the stack's age, the rate-limit state and the commit to docs/performance-history.jsonl.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureGoTool, ROOT } from './lib.mjs';
import { appendHistory, gitState, historyLines, localStackData, machineText, MAX_429_SHARE, pickFloor, printRates, probeRateLimit, rateLimitText, readPoints, stackAge, withFloorRatios } from './load-report.mjs';
import { describeFloor, measureMachineFloor } from '../bench/machine-floor.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const args = process.argv.slice(2);
const scenario = args.find((a) => !a.startsWith('--')) ?? 'comparisons';
const smoke = args.includes('--smoke');
const baseUrlArg = args.includes('--base-url') ? args[args.indexOf('--base-url') + 1] : undefined;
const allowRateLimit = args.includes('--allow-rate-limit');
const noHistory = args.includes('--no-history');
/** How long each machine floor runs (the smoke's: 1 s). */
const FLOOR_SECONDS = Number(process.env.LOAD_FLOOR_SECONDS ?? 5);
const SCENARIOS = { comparisons: 'k6/comparisons.js', search: 'k6/search.js', browse: 'k6/browse.js' };
if (!SCENARIOS[scenario]) {
  console.error(`unknown scenario "${scenario}"; one of ${Object.keys(SCENARIOS).join(', ')}`);
  process.exit(2);
}
const log = (message) => console.log(`[load] ${message}`);

// Hold the stack lock for the whole run (re-exec under flock once).
if (!baseUrlArg && process.env.HINTAKORI_STACK_LOCKED !== '1') {
  const hasFlock = spawnSync('flock', ['--version']).status === 0;
  if (hasFlock) {
    log('waiting for /tmp/stack.lock…');
    const child = spawn('flock', ['/tmp/stack.lock', process.execPath, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, HINTAKORI_STACK_LOCKED: '1' },
    });
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  } else {
    log('flock not found: running without /tmp/stack.lock');
    await main();
  }
} else {
  await main();
}

async function main() {
  const started = Date.now();
  const k6 = await ensureGoTool('k6');
  const port = process.env.LOAD_PORT ?? '3330';
  const baseUrl = baseUrlArg ?? `http://127.0.0.1:${port}`;
  let startedStack = false;
  let dataSize = process.env.DEMO_FEED_SIZE ?? (smoke ? 'small (default)' : 'finland');
  /** The history's `data`: the set this run loaded, or the one the running local stack's database names. */
  let historyData;

  if (!baseUrlArg) {
    if (await ready(baseUrl)) {
      log(`a stack is already answering on ${baseUrl}; using it as it is (its data set is whatever it was started with)`);
      historyData = localStackData();
      dataSize = `as already loaded${historyData ? ` (${historyData}, by its database)` : ''}`;
    } else {
      const env = { PORT: port, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' };
      if (!smoke || process.env.DEMO_FEED_SIZE) env.DEMO_FEED_SIZE = process.env.DEMO_FEED_SIZE ?? 'finland';
      // The smoke (run by `npm test`) checks that the scenario runs, not fault handling: on a two-core machine a cold
      // service busy with one slow first search can miss the gateway breaker's default 1 s + 0.7 s probe and be
      // taken for dead (seen in a CI rehearsal), so the smoke's stack waits 5 s + a 5 s probe. Full runs keep the defaults.
      if (smoke) Object.assign(env, { RPC_STALL_MS: process.env.RPC_STALL_MS ?? '5000', RPC_PROBE_TIMEOUT_MS: process.env.RPC_PROBE_TIMEOUT_MS ?? '5000' });
      log(`starting the distributed stack on :${port}${env.DEMO_FEED_SIZE ? ` with DEMO_FEED_SIZE=${env.DEMO_FEED_SIZE}` : ' with the default demo data'}…`);
      startedStack = true;
      historyData = env.DEMO_FEED_SIZE || 'small';
      let status = spawnSync(process.execPath, ['tools/stack.mjs', '--detach'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status;
      if (status !== 0 && env.DEMO_FEED_SIZE) {
        log(`the stack did not start with DEMO_FEED_SIZE=${env.DEMO_FEED_SIZE}; falling back to the default demo data`);
        delete env.DEMO_FEED_SIZE;
        dataSize = 'small (default; finland failed to load)';
        historyData = 'small';
        spawnSync(process.execPath, ['tools/stack.mjs', 'down'], { cwd: ROOT, stdio: 'inherit' });
        status = spawnSync(process.execPath, ['tools/stack.mjs', '--detach'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env, DEMO_FEED_SIZE: '' } }).status;
      }
      if (status !== 0) {
        spawnSync(process.execPath, ['tools/stack.mjs', 'down'], { cwd: ROOT, stdio: 'inherit' });
        console.error('[load] the distributed stack did not start');
        process.exit(1);
      }
    }
  }

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'hintakori-k6-'));
  const points = path.join(workDir, 'points.json');
  let code = 1;
  try {
    // The gateway's rate limit, from one API request's RateLimit-Limit header: on, k6's requests would meet 429s
    // and the figures would measure the limiter.
    const rateLimit = await probeRateLimit(baseUrl);
    const limitText = rateLimitText(rateLimit);
    log(`gateway rate limit: ${rateLimit.error ? `unknown (${rateLimit.error})` : limitText === 'off' ? 'off (no RateLimit-Limit header)' : `on, ${limitText} a client (RateLimit-Limit)`}`);
    if (rateLimit.perMinute > 0 && !allowRateLimit) {
      const advice = `start the stack with RATE_LIMIT_PER_MINUTE=0 (RATE_LIMIT_PER_MINUTE=0 PORT=${new URL(baseUrl).port || port} npm run stack -- --detach), or let this script start its own (no --base-url, nothing answering on :${port}); --allow-rate-limit measures it as it is`;
      if (smoke) {
        log(`warning: the gateway limits each client to ${limitText}; the smoke goes on, but ${advice}`);
      } else {
        console.error(`[load] refusing to measure: the gateway at ${baseUrl} limits each client to ${limitText} (RateLimit-Limit), so k6's requests would be answered 429 and the figures would measure the limiter. To measure, ${advice}.`);
        process.exitCode = 2;
        return;
      }
    }
    // The machine floor (tools/bench/machine-floor.mjs) now, with the stack up and idle, and again after k6.
    // A floor that cannot be measured leaves the ratios out; it does not stop the run.
    const measureFloor = (when) =>
      measureMachineFloor({ seconds: smoke ? 1 : FLOOR_SECONDS, concurrency: 8 }).catch((error) => {
        log(`machine floor ${when} k6 not measured: ${error instanceof Error ? error.message : error}`);
        return null;
      });
    const floorBefore = await measureFloor('before');
    log(`machine floor before k6 (bare node:http, 8 in flight, keep-alive): ${describeFloor(floorBefore)}`);
    const loadBefore = os.loadavg()[0];
    const age = stackAge(baseUrl);
    const ageText = age ? `${age.seconds} s since the stack started${age.youngestSeconds < age.seconds - 60 ? ` (its youngest app ${age.youngestSeconds} s)` : ''}${startedStack ? ', started by this run' : ', already running'}${age.how === 'recorded' ? '' : ` (from ${age.how})`}` : 'unknown (not the local stack of .data/stack/pids.json)';
    log(`stack age at k6 start: ${ageText}; load average ${loadBefore.toFixed(2)}`);
    const k6Start = new Date();
    log(`k6 ${path.basename(k6)} → ${SCENARIOS[scenario]}${smoke ? ' (smoke)' : ''} against ${baseUrl}; data: ${dataSize}`);
    const memory = baseUrlArg ? undefined : sampleStackMemory();
    code = await new Promise((resolve) => {
      const child = spawn(k6, ['run', '--out', `json=${points}`, SCENARIOS[scenario]], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, BASE_URL: baseUrl, SMOKE: smoke ? '1' : '0', K6_NO_USAGE_REPORT: 'true' },
      });
      child.on('exit', (exitCode) => resolve(exitCode ?? 1));
    });
    memory?.stop();
    const floorAfter = await measureFloor('after');
    const { floor, which, moved } = pickFloor(floorBefore, floorAfter);
    const result = existsSync(points) ? await readPoints(points) : { rows: [], total: 0, tooMany: 0 };
    const rows = withFloorRatios(result.rows, floor);
    if (rows.length > 0) printRates(scenario, rows, floor ? `ratios to the machine floor ${which}: p95 ${floor.p95} ms, ${floor.rps} req/s` : 'no machine floor: no ratios');
    console.log(`[load] machine floor before k6: ${describeFloor(floorBefore)}`);
    console.log(`[load] machine floor after k6:  ${describeFloor(floorAfter)}`);
    console.log('[load] p95 : floor p95 = the request\'s p95 ÷ the floor\'s; achieved : floor = requests/s held ÷ the floor\'s requests/s (the slower floor of the two)');
    if (moved) console.log('[load] the machine floor moved between before and after k6: the machine\'s own load changed during the run, so compare these figures with care');
    const share = result.total ? result.tooMany / result.total : 0;
    const invalid = share > MAX_429_SHARE;
    if (result.tooMany > 0) {
      const text = `${result.tooMany} of ${result.total} requests (${(100 * share).toFixed(1)} %) answered 429 Too Many Requests`;
      if (invalid) {
        const bar = '!'.repeat(100);
        console.log(`\n${bar}\n[load] ${text}: the gateway's rate limit was on — THESE FIGURES ARE NOT VALID. Start the stack with RATE_LIMIT_PER_MINUTE=0.\n${bar}`);
      } else {
        log(`${text} (under ${100 * MAX_429_SHARE} %)`);
      }
    }
    if (memory) memory.print();
    log(`machine: ${machineText()}; data: ${dataSize}; rate limit ${limitText}; stack age at k6 start ${age ? `${age.seconds} s` : 'unknown'}; k6 exit ${code}; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
    // A full comparisons run adds its figures to docs/performance-history.jsonl (never the smoke: npm test runs it).
    if (scenario === 'comparisons' && !smoke) {
      if (noHistory) log('--no-history: not written to docs/performance-history.jsonl');
      else if (rows.length === 0) log('no figures: nothing written to docs/performance-history.jsonl');
      else if (invalid) log('not written to docs/performance-history.jsonl: the figures are not valid (429 answers)');
      else {
        const git = gitState();
        const env = ['TOTALS_RATES', 'BASKET_RATES', 'HOLD_SECONDS', 'STACK_REPLICAS_COMPARISONS'].filter((k) => process.env[k]).map((k) => `${k}=${process.env[k]}`);
        const note = [
          `machine floor before k6 ${floorBefore ? `${floorBefore.rps} req/s p95 ${floorBefore.p95} ms` : 'not measured'}, after ${floorAfter ? `${floorAfter.rps} req/s p95 ${floorAfter.p95} ms` : 'not measured'}${floor ? ` (ratios to the ${which} one)` : ''}`,
          `stack age at k6 start ${age ? `${age.seconds} s${startedStack ? ' (started by the run)' : ''}` : 'unknown'}`,
          `rate limit ${limitText}`,
          `load average ${loadBefore.toFixed(2)} before`,
          machineText(),
          ...(baseUrlArg ? [`against ${baseUrl}`] : []),
          ...(result.tooMany ? [`${result.tooMany} answers 429`] : []),
          ...(env.length ? [env.join(' ')] : []),
          `k6 exit ${code}`,
        ].join('; ');
        const data = historyData ?? (baseUrlArg ? 'unknown' : localStackData() ?? 'unknown');
        const lines = historyLines({ at: k6Start, data, rows, floors: { 'before k6': floorBefore, 'after k6': floorAfter }, age, rateLimit: limitText, git, note });
        appendHistory(lines);
        log(`${lines.length} lines added to docs/performance-history.jsonl (data ${data}, ${git.variant}; --no-history leaves it alone)`);
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    if (startedStack && process.env.LOAD_KEEP_STACK !== 'true') {
      log('stopping the stack it started…');
      spawnSync(process.execPath, ['tools/stack.mjs', 'down'], { cwd: ROOT, stdio: 'inherit' });
    }
  }
  // k6 exits 99 when a threshold fails: pass that on.
  process.exitCode = code;
}

/**
 * Peak resident memory (VmRSS) of each process of the local stack (.data/stack/pids.json), sampled every second, and
 * the CPU time each used during the run (utime + stime from /proc/<pid>/stat, 100 ticks a second) beside the
 * machine's busy CPU time over the same span (/proc/stat): the rest of the busy time is Kafka, PostgreSQL, Redis
 * and k6. With the run's request count this gives CPU milliseconds per request per app (docs/operations.md).
 */
function sampleStackMemory() {
  const pidsFile = path.join(ROOT, '.data/stack/pids.json');
  if (!existsSync(pidsFile)) return undefined;
  const apps = JSON.parse(readFileSync(pidsFile, 'utf8'));
  const peak = new Map();
  const ticks = (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the whole line)
  };
  const machineBusy = () => {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return values.reduce((a, b) => a + b, 0) - values[3] - values[4]; // all but idle and iowait
  };
  const cpuStart = new Map();
  for (const app of apps) {
    try {
      cpuStart.set(app.name, ticks(app.pid));
    } catch {
      // not running
    }
  }
  const busyStart = machineBusy();
  const cpuEnd = new Map();
  let busyEnd = busyStart;
  const sample = () => {
    busyEnd = machineBusy();
    for (const app of apps) {
      try {
        const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${app.pid}/status`, 'utf8'))?.[1]);
        if (kb) peak.set(app.name, Math.max(peak.get(app.name) ?? 0, kb));
        cpuEnd.set(app.name, ticks(app.pid));
      } catch {
        // not running (or not on Linux)
      }
    }
  };
  sample();
  const timer = setInterval(sample, 1000);
  return {
    stop: () => clearInterval(timer),
    print: () => {
      const busy = (busyEnd - busyStart) / 100;
      console.log('\n[load] peak resident memory (VmRSS) and CPU time per process during the run');
      console.table([...peak].map(([app, kb]) => ({ app, 'peak RSS MB': Math.round(kb / 1024), 'CPU s': +(((cpuEnd.get(app) ?? 0) - (cpuStart.get(app) ?? 0)) / 100).toFixed(1) })));
      const apps = [...cpuEnd].reduce((sum, [app, t]) => sum + (t - (cpuStart.get(app) ?? t)), 0) / 100;
      console.log(`[load] machine busy ${busy.toFixed(1)} CPU s in all: the apps above ${apps.toFixed(1)} s, the rest (Kafka, PostgreSQL, Redis, k6) ${(busy - apps).toFixed(1)} s`);
    },
  };
}

async function ready(baseUrl) {
  try {
    return (await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}
