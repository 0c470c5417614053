// The apps of the local distributed stack (tools/stack.mjs): the environment they get, how one is started, and the
// record of what runs (.data/stack/pids.json), so that tools/chaos restarts an app exactly as the stack started it.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, spawnNode } from './lib.mjs';

export const STACK_DIR = path.join(ROOT, '.data/stack');
export const PIDS_FILE = path.join(STACK_DIR, 'pids.json');

/**
 * The ports of the stack's extra processes, apart from every app's (services on base + 1…5, alerts on base + 10):
 * feed-run worker i (1, 2, …) probes on base + 5 + i up to the fourth and base + 15 + i from the fifth on (never the
 * alerts service's base + 10); the first worker keeps its metrics default (9470), the others 9480 + i. Extra
 * comparisons replica i (2, 3, …) probes on base + 10 + i and serves metrics on 9490 + i (the first keeps 9468).
 */
export const stackPorts = {
  workerProbe: (base, i) => (i < 5 ? base + 5 + i : base + 15 + i),
  workerMetrics: (i) => (i > 1 ? 9480 + i : undefined),
  replicaProbe: (base, i) => base + 10 + i,
  replicaMetrics: (i) => 9490 + i,
};
/** What the stack adds to the environment it was started in (no copy of that environment itself). */
const ENV_FILE = path.join(STACK_DIR, 'env.json');

/**
 * The variables the stack gives every app on top of the environment it runs in: the infrastructure's URLs
 * (`infraEnv`, tools/infra infraEnv() or a database of its own), the distributed profile, where the demo data comes
 * from, Node's options and compile cache, and `extra` (SMTP_URL, INGEST_QUEUE_PREFIX). Recorded for restartApp.
 */
export function stackEnv(infraEnv, extra = {}, base = process.env) {
  const added = {
    ...infraEnv,
    HINTAKORI_PROFILE: 'distributed',
    // The demo data comes by a feed run unless DEMO_VIA_FEED=false: the services' seeders then load only what no
    // feed carries (the category tree).
    SEED_FROM_FEED: String(base.DEMO_VIA_FEED !== 'false'),
    // --max-semi-space-size=16: V8 sizes the young generation from the heap limit and grows it under load, to about
    // 100 MB held by the gateway and carts in a soak (v8js_memory_heap_space_physical_size of new_space), in one step
    // at any time: capped at 16 MB a semi-space the RSS levels off within minutes (docs/performance.md#soak).
    NODE_OPTIONS: [base.NODE_OPTIONS, '--enable-source-maps', '--max-old-space-size=512', '--max-semi-space-size=16'].filter(Boolean).join(' '),
    // Node's compile cache (enabled by @hintakori/platform-telemetry/register): a restarted app reuses it.
    NODE_COMPILE_CACHE: base.NODE_COMPILE_CACHE ?? path.join(STACK_DIR, 'compile-cache'),
    ...extra,
  };
  fs.mkdirSync(STACK_DIR, { recursive: true });
  fs.writeFileSync(ENV_FILE, JSON.stringify(added, null, 2));
  return { ...base, ...added };
}

/** The environment of the running stack's apps (as stackEnv gave it), in this process's environment. */
export function recordedStackEnv(base = process.env) {
  return { ...base, ...JSON.parse(fs.readFileSync(ENV_FILE, 'utf8')) };
}

/**
 * V8 options on each app's command line (Node refuses them in NODE_OPTIONS): the young generation's floor at its cap,
 * and no memory reducer (the collections V8 starts when allocation slows, which shrink the young generation below
 * that floor and give back old-space pages, to be taken again minutes later: a soak saw carts' held young generation
 * go 26 → 13 → 26 MB, and its RSS with it). A server under load keeps a steady heap instead. With the reducer kept
 * but out of its footprint mode (2026-12-06) catalog and alerts still grew 10.7 and 5.1 MB/h over a soak's last 20
 * minutes; without it 1.8 and 2.0 (2026-12-07, docs/performance.md#soak). `--expose-gc`: the feed-run worker, which
 * works in bursts, runs a full collection when it falls idle (libs/price-ingest/service/src/jobs/idle-collector.ts);
 * no other app calls it. The chart passes the same (config.nodeArgs).
 */
export const NODE_ARGS = Object.freeze(['--min-semi-space-size=16', '--no-memory-reducer', '--expose-gc']);

/**
 * Starts `node <script>` of dist/ detached (it outlives this process) with `env` and the app's own variables
 * (`own`, e.g. PORT), its output appended to .data/stack/<name>.log. Returns its pids.json entry, with the time it
 * was started (`started`, ISO 8601: how long the stack has been up, which tools/ops/load.mjs reports).
 */
export function startApp(env, { name, script, own = {}, append = false }) {
  const logFile = path.join(STACK_DIR, `${name}.log`);
  const child = spawnNode([...NODE_ARGS, script], { env: { ...env, ...own }, logFile, append, detached: true });
  return { name, pid: child.pid, port: Number(own.PORT), log: path.relative(ROOT, logFile), script, own, started: new Date().toISOString() };
}

export const readApps = () => JSON.parse(fs.readFileSync(PIDS_FILE, 'utf8'));
export const writeApps = (entries) => fs.writeFileSync(PIDS_FILE, JSON.stringify(entries, null, 2));

/** Starts a recorded app of the running stack again (same script, environment and port); updates pids.json. */
export function restartApp(name) {
  const all = readApps();
  const index = all.findIndex((entry) => entry.name === name);
  if (index < 0 || !all[index].script) throw new Error(`the stack has no app ${name} to restart`);
  all[index] = startApp(recordedStackEnv(), { ...all[index], append: true });
  writeApps(all);
  return all[index].pid;
}
