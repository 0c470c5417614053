#!/usr/bin/env node
// `npm run stack`: the distributed profile on this machine — real Kafka (KRaft), PostgreSQL and Redis
// from tools/infra, and every app as its own process talking over Kafka.
//   npm run stack               start everything, follow until Ctrl-C (then stop the apps)
//   npm run stack -- --detach   start everything and return (used by the e2e tests and benchmarks)
//   npm run stack:down          stop the apps and the infrastructure
// The demo data (DEMO_FEED_SIZE=small|finland, default small) is loaded on the first start by feed runs through
// the price-ingest worker processes (STACK_INGEST_WORKERS, default 1); DEMO_FEED_SIZE=finland uses its own database
// (hintakori_finland; STACK_DATABASE names any other). STACK_LOAD_DEMO=false skips the loading (benchmarks).
// STACK_REPLICAS_COMPARISONS=2 runs a second comparisons process in the same consumer group.
// .data/stack/pids.json records each app's pid, port, log and start time (`started`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive, stopRecorded, tailFile, waitReady } from './runtime/lib.mjs';
import { PIDS_FILE, STACK_DIR, stackEnv, stackPorts, startApp as startStackApp, writeApps } from './runtime/stack-apps.mjs';
import { useSupportedNode } from './runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const port = Number(process.env.PORT ?? 3000);
// The services' probe ports are STACK_PORT_BASE + 1…5 (default 3100) and alerts' + 10; the feed-run workers' and the
// extra comparisons replicas' are stackPorts' (tools/runtime/stack-apps.mjs).
const portBase = Number(process.env.STACK_PORT_BASE ?? 3100);
const APPS = [
  { name: 'catalog', port: portBase + 1 },
  { name: 'stores', port: portBase + 2 },
  { name: 'carts', port: portBase + 3 },
  { name: 'comparisons', port: portBase + 4 },
  { name: 'price-ingest', port: portBase + 5 },
  { name: 'alerts', port: portBase + 10 },
];
const log = (message) => console.log(`[stack] ${message}`);

if (args[0] === 'down') {
  await stopApps();
  const infra = await import('./infra/lib.mjs');
  // `down --apps-only` leaves PostgreSQL, Redis and Kafka running (tools/chaos).
  if (!args.includes('--apps-only')) await infra.stopAll();
  log('stopped');
  process.exit(0);
}

const started = Date.now();
const seedDemo = process.env.SEED_DEMO_DATA !== 'false';
if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) run('npm', ['install', '--no-audit', '--no-fund']);
await stopApps();
// STACK_SKIP_BUILD=true starts what dist/ holds (tools/chaos after its own build).
if (process.env.STACK_SKIP_BUILD !== 'true') {
  log('building the services…');
  run(process.execPath, ['tools/build/build-node.mjs']);
}
if (existsSync(path.join(root, 'apps/web/vite.config.ts')) && !existsSync(path.join(root, 'dist/apps/web/index.html'))) {
  run('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn']);
}

log('starting PostgreSQL, Redis and Kafka…');
const infra = await import('./infra/lib.mjs');
await infra.startAll({ log: (line) => console.log(`[infra] ${line}`) });
await infra.ensureKafkaTopics([], { log: (line) => console.log(`[kafka] ${line}`) });
// One database per demo size (the standard one: hintakori): STACK_DATABASE names another (created when missing),
// and its feed queue gets the same prefix so run ids of different databases never meet in Redis.
const demoSize = process.env.DEMO_FEED_SIZE ?? 'small';
const database = process.env.STACK_DATABASE ?? (demoSize === 'small' ? null : `hintakori_${demoSize}`);
const infraEnv = infra.infraEnv();
if (database) {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(database)) {
    console.error(`[stack] STACK_DATABASE must be a lower-case identifier, got "${database}"`);
    process.exit(1);
  }
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: infraEnv.DATABASE_URL });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (rowCount === 0) await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(infraEnv.DATABASE_URL);
  url.pathname = `/${database}`;
  infraEnv.DATABASE_URL = url.toString();
  infraEnv.INGEST_QUEUE_PREFIX = process.env.INGEST_QUEUE_PREFIX ?? database;
  log(`database ${database}${rowCount === 0 ? ' (created)' : ''}`);
}
const children = [];
// The alerts service's mail: SMTP_URL when given, else a Mailpit of the stack's own (stopped with the apps);
// STACK_MAILPIT=false (or a Mailpit that cannot start) leaves mail undelivered: alert jobs retry, the site works.
if (!process.env.SMTP_URL) {
  let mailpit = null;
  if (process.env.STACK_MAILPIT !== 'false') {
    try {
      const { startMailpit } = await import('./infra/mailpit.mjs');
      mailpit = await startMailpit({ detached: true, log: (line) => log(line) });
    } catch (error) {
      log(`Mailpit could not start (${error instanceof Error ? error.message : error}); price-alert e-mails are not delivered`);
    }
  }
  infraEnv.SMTP_URL = mailpit?.smtpUrl ?? 'smtp://127.0.0.1:1025';
  if (mailpit) {
    children.push({ name: 'mailpit', pid: mailpit.pid, port: Number(new URL(mailpit.uiUrl).port), log: '-' });
    log(`price-alert e-mails: ${mailpit.uiUrl.replace('127.0.0.1', 'localhost')}`);
  }
}
// The apps' environment (tools/runtime/stack-apps.mjs, which tools/chaos restarts an app with).
const env = stackEnv(infraEnv);
/** Starts `node <script>` of dist/ detached (it outlives this process), its output in .data/stack/<name>.log. */
function startApp(name, script, appPort, appEnv) {
  children.push(startStackApp(env, { name, script, own: { PORT: String(appPort), ...appEnv } }));
}
for (const app of [...APPS, { name: 'gateway', port }]) {
  startApp(
    app.name,
    `dist/apps/${app.name}/src/main.js`,
    app.port,
    app.name === 'alerts' ? { PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` } : {},
  );
}
writeApps(children);
log(`apps started: ${children.map((c) => `${c.name}(${c.pid})`).join(', ')}; logs in .data/stack/`);

const readyTimeoutMs = Number(process.env.STACK_READY_TIMEOUT_MS ?? 600_000);
// The gateway's probe port (its metrics port: GET /ready reports each dependency) names what is still down.
// 9464: the gateway's default METRICS_PORT (libs/platform/telemetry/src/metrics-port.ts), which the stack keeps.
const gatewayProbe = 'http://127.0.0.1:9464';
if (!(await waitReady(`http://127.0.0.1:${port}`, readyTimeoutMs, () => children.every((child) => alive(child.pid)), log, gatewayProbe))) {
  const dead = children.find((child) => !alive(child.pid));
  if (dead) {
    console.error(`[stack] ${dead.name} exited during start-up; last lines of ${dead.log}:`);
    console.error(tailFile(path.join(root, dead.log), 30));
  } else {
    console.error(`[stack] not ready after ${Math.round((Date.now() - started) / 1000)} s — see .data/stack/*.log`);
  }
  await stopApps();
  process.exit(1);
}
// Feed-run workers (apps/price-ingest/src/main.worker.ts): their own processes, started once the price-ingest
// API has migrated its schema. STACK_INGEST_WORKERS sets how many (default 1).
const workerCount = Number(process.env.STACK_INGEST_WORKERS ?? 1);
for (let i = 1; i <= workerCount; i++) {
  // Ports: stackPorts (tools/runtime/stack-apps.mjs), clear of every app's.
  const metrics = stackPorts.workerMetrics(i);
  startApp(`price-ingest-worker-${i}`, 'dist/apps/price-ingest/src/main.worker.js', stackPorts.workerProbe(portBase, i), {
    RUN_MIGRATIONS: 'false',
    ...(metrics ? { METRICS_PORT: String(metrics) } : {}),
  });
}
// Extra comparisons replicas (STACK_REPLICAS_COMPARISONS, default 1 = none extra): the same consumer group
// shares the request partitions; each replica keeps its own price cache, following the table by NOTIFY.
const comparisonsReplicas = Number(process.env.STACK_REPLICAS_COMPARISONS ?? 1);
for (let i = 2; i <= comparisonsReplicas; i++) {
  startApp(`comparisons-${i}`, 'dist/apps/comparisons/src/main.js', stackPorts.replicaProbe(portBase, i), {
    RUN_MIGRATIONS: 'false',
    SEED_DEMO_DATA: 'false',
    METRICS_PORT: String(stackPorts.replicaMetrics(i)),
  });
}
writeApps(children);
if (seedDemo && env.SEED_FROM_FEED === 'true' && process.env.STACK_LOAD_DEMO !== 'false') {
  // First start: generate the demo feeds (DEMO_FEED_SIZE, default small) and run them through the workers,
  // then wait for the projections to commit them. Later starts find the completed runs and go on.
  log(`loading the ${demoSize} demo data by feed runs (first start only)…`);
  const loaded = spawnSync(process.execPath, ['-r', '@swc-node/register', 'tools/ingest/demo.ts', '--dir', path.join(STACK_DIR, 'demo-feeds')], {
    cwd: root,
    env: { ...env, NODE_OPTIONS: '--enable-source-maps --max-old-space-size=1536' },
    stdio: 'inherit',
  });
  if (loaded.status !== 0) {
    console.error('[stack] loading the demo data failed — see the output above and .data/stack/price-ingest-worker-*.log');
    await stopApps();
    process.exit(1);
  }
}
log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://localhost:${port} (API /api, docs /api/docs)`);
console.table(children.map(({ name, pid, port: p, log: l }) => ({ app: name, pid, port: p, log: l })));

if (args.includes('--detach')) process.exit(0);
log('following; Ctrl-C stops the apps (the infrastructure keeps running: npm run stack:down stops it)');
const stop = async () => {
  await stopApps();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => {
  for (const child of children) if (!alive(child.pid)) log(`${child.name} is not running — see ${child.log}`);
}, 10_000);

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function stopApps() {
  await stopRecorded(PIDS_FILE);
}
