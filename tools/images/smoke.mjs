#!/usr/bin/env node
// `npm run images:smoke`: the distributed profile from the images `npm run images:build` made. Starts PostgreSQL,
// Redis and Kafka as tools/infra does (PG_PORT, REDIS_PORT, KAFKA_PORT) and a Mailpit, runs each service image's
// migrations (the chart's migrations Job: docker/migrate.sh), then every app from its image with podman (host
// network, non-root, read-only root filesystem with a tmpfs on /tmp only, no capabilities), waits for /api/ready,
// loads the small demo data by feed runs through the containerised worker, checks each container's HEALTHCHECK, user
// and read-only root, runs the API e2e suite (apps/api-e2e) against the gateway container and stops everything —
// also when a step fails or on Ctrl-C. Each run uses a new database (hintakori_images); logs in .data/images-smoke/.
// Ports: the gateway on IMAGES_SMOKE_PORT (default STACK_PORT_BASE, else 3340), the services on it + 1…10, their
// metrics on it + 21…; IMAGES_SMOKE_KEEP_INFRA=true leaves PostgreSQL, Redis and Kafka running.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fmtMs, tailFile, waitReady } from '../runtime/lib.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const { IMAGE_TOOLS, ensurePackages } = await import('../infra/apt.mjs');
ensurePackages(IMAGE_TOOLS, { log: (m) => console.log(`[images:smoke] ${m}`) });

const { PODMAN_FLAGS, ROOT, imageRef, podman, podmanOk } = await import('./lib.mjs');
const infra = await import('../infra/lib.mjs');

const log = (message) => console.log(`[images:smoke] ${message}`);
const base = Number(process.env.IMAGES_SMOKE_PORT ?? process.env.STACK_PORT_BASE ?? 3340);
const smokeDir = path.join(ROOT, '.data/images-smoke');
const feedDir = path.join(smokeDir, 'demo-feeds');
const prefix = `hk-smoke-${base}-`;
const database = 'hintakori_images';
// The services whose images run their own schema migrations (the chart's migrations Job does the same).
const MIGRATING = ['catalog', 'stores', 'carts', 'comparisons', 'price-ingest', 'alerts'];
const APPS = [
  { name: 'catalog', image: 'catalog', port: base + 1 },
  { name: 'stores', image: 'stores', port: base + 2 },
  { name: 'carts', image: 'carts', port: base + 3 },
  { name: 'comparisons', image: 'comparisons', port: base + 4 },
  { name: 'price-ingest', image: 'price-ingest', port: base + 5 },
  {
    name: 'price-ingest-worker',
    image: 'price-ingest',
    port: base + 6,
    command: ['dist/apps/price-ingest/src/main.worker.js'],
    mounts: [`${feedDir}:${feedDir}:ro`],
  },
  { name: 'alerts', image: 'alerts', port: base + 10 },
  { name: 'gateway', image: 'gateway', port: base },
];
// The limits the containers get, explicit: podman's defaults are above what root may set here (no CAP_SYS_RESOURCE).
// Open files: this shell's own, soft and hard; processes: 4096 for the apps' user.
const NOFILE = spawnSync('sh', ['-c', 'echo "$(ulimit -Sn):$(ulimit -Hn)"'], { encoding: 'utf8' }).stdout.trim().replaceAll('unlimited', '1048576');
const started = new Set();
let mailpit = null;
let infraStarted = false;
let stopping = null;

/** The options every app container runs with: what the chart's securityContext asks of a pod. */
function containerArgs(name, env, { mounts = [] } = {}) {
  return [
    '--name',
    `${prefix}${name}`,
    '--network',
    'host',
    '--read-only',
    '--read-only-tmpfs=false',
    '--tmpfs',
    '/tmp:rw,size=256m,mode=1777',
    '--user',
    '10001:10001',
    '--cap-drop',
    'ALL',
    '--security-opt',
    'no-new-privileges',
    '--ulimit',
    `nofile=${NOFILE}`,
    '--ulimit',
    'nproc=4096:4096',
    // No systemd here for podman's healthcheck timers: the smoke runs each HEALTHCHECK itself (podman healthcheck run).
    '--health-interval',
    'disable',
    ...mounts.flatMap((m) => ['-v', m]),
    ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
  ];
}

/** Runs a command to completion with inherited output; resolves with its exit status. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

const running = (name) => podman(['inspect', '--format', '{{.State.Running}}', `${prefix}${name}`]).stdout.trim() === 'true';

function saveLogs() {
  for (const name of started) {
    const out = podman(['logs', `${prefix}${name}`]);
    writeFileSync(path.join(smokeDir, `${name}.log`), out.stdout + out.stderr);
  }
}

async function stopAll() {
  stopping ??= (async () => {
    if (started.size) {
      log(`stopping ${started.size} containers…`);
      saveLogs();
      podman(['rm', '-f', '-t', '15', ...[...started].map((n) => `${prefix}${n}`)]);
      started.clear();
    }
    if (mailpit) await mailpit.stop().catch(() => undefined);
    if (infraStarted && process.env.IMAGES_SMOKE_KEEP_INFRA !== 'true') {
      log('stopping PostgreSQL, Redis and Kafka…');
      await infra.stopAll({ log: () => undefined }).catch((error) => log(`infra stop: ${error.message}`));
    }
  })();
  return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping everything`);
    stopAll().finally(() => process.exit(130));
  });
}

async function main() {
  const t0 = Date.now();
  const missing = [...new Set(APPS.map((a) => a.image))].filter((image) => podman(['image', 'exists', imageRef(image)]).status !== 0);
  if (missing.length) throw new Error(`no image ${missing.map((i) => imageRef(i)).join(', ')}: run npm run images:build first`);
  rmSync(smokeDir, { recursive: true, force: true });
  mkdirSync(feedDir, { recursive: true });
  // Leftovers of an interrupted run on the same ports.
  const leftovers = podman(['ps', '-a', '--format', '{{.Names}}', '--filter', `name=^${prefix}`])
    .stdout.trim()
    .split('\n')
    .filter(Boolean);
  if (leftovers.length) podman(['rm', '-f', ...leftovers]);

  log('starting PostgreSQL, Redis and Kafka…');
  infraStarted = true;
  await infra.startAll({ log: (line) => console.log(`[infra] ${line}`) });
  await infra.ensureKafkaTopics([], { log: (line) => console.log(`[kafka] ${line}`) });
  const infraEnv = infra.infraEnv();
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: infraEnv.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(infraEnv.DATABASE_URL);
  url.pathname = `/${database}`;
  try {
    const { startMailpit } = await import('../infra/mailpit.mjs');
    mailpit = await startMailpit({ log });
  } catch (error) {
    log(`Mailpit could not start (${error.message}); price-alert e-mails are not delivered`);
  }
  const env = {
    ...infraEnv,
    DATABASE_URL: url.toString(),
    // Feed runs of an earlier run (a dropped database) never meet this one's in Redis.
    INGEST_QUEUE_PREFIX: `images${Date.now().toString(36)}`,
    HINTAKORI_PROFILE: 'distributed',
    SEED_FROM_FEED: 'true',
    RUN_MIGRATIONS: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    // As in tools/test/e2e.mjs: on a loaded two-core machine a round trip can take seconds.
    RPC_STALL_MS: '5000',
    RPC_PROBE_TIMEOUT_MS: '5000',
    NODE_OPTIONS: '--max-old-space-size=512',
    SMTP_URL: mailpit?.smtpUrl ?? 'smtp://127.0.0.1:1',
    PUBLIC_URL: `http://localhost:${base}`,
    COOKIE_SECURE: 'false',
  };

  log(`migrations: ${MIGRATING.join(', ')} (each image's docker/migrate.sh)…`);
  const tm = Date.now();
  const migrations = await Promise.all(
    MIGRATING.map(async (service) => {
      const args = [
        'run',
        '--rm',
        ...containerArgs(`migrate-${service}`, { ...env, RUN_MIGRATIONS: 'true', HINTAKORI_MIGRATE_ONLY: 'true', SEED_DEMO_DATA: 'false' }),
        '--entrypoint',
        '/bin/sh',
        imageRef(service),
        '/app/docker/migrate.sh',
      ];
      const result = await new Promise((resolve) => {
        const child = spawn('podman', [...PODMAN_FLAGS, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => resolve({ code, out }));
      });
      writeFileSync(path.join(smokeDir, `migrate-${service}.log`), result.out);
      if (result.code !== 0) throw new Error(`migrations of ${service} failed (${result.code}):\n${result.out.split('\n').slice(-30).join('\n')}`);
      return service;
    }),
  );
  log(`migrations done in ${fmtMs(Date.now() - tm)}: ${migrations.join(', ')}`);

  for (const app of APPS) {
    const appEnv = { ...env, PORT: String(app.port), METRICS_PORT: String(base + 20 + APPS.indexOf(app) + 1), OTEL_SERVICE_NAME: `hintakori-${app.name}` };
    podmanOk(['run', '-d', ...containerArgs(app.name, appEnv, app), imageRef(app.image), ...(app.command ?? [])]);
    started.add(app.name);
  }
  log(`containers started: ${APPS.map((a) => `${prefix}${a.name} (:${a.port})`).join(', ')}`);

  const gateway = `http://127.0.0.1:${base}`;
  const readyTimeoutMs = Number(process.env.IMAGES_SMOKE_READY_TIMEOUT_MS ?? 600_000);
  // The gateway's probe port is its METRICS_PORT (as set above): GET /ready there names what is still down.
  const gatewayProbe = `http://127.0.0.1:${base + 20 + APPS.findIndex((app) => app.name === 'gateway') + 1}`;
  if (!(await waitReady(gateway, readyTimeoutMs, () => APPS.every((app) => running(app.name)), log, gatewayProbe))) {
    saveLogs();
    const dead = APPS.find((app) => !running(app.name));
    if (dead) throw new Error(`${dead.name} exited during start-up; last lines of its log:\n${tailFile(path.join(smokeDir, `${dead.name}.log`), 30)}`);
    throw new Error(`not ready in time — see ${path.relative(ROOT, smokeDir)}/*.log`);
  }
  log(`/api/ready is green ${fmtMs(Date.now() - t0)} after the start`);

  log('loading the small demo data by feed runs through the worker container…');
  const demoEnv = { ...env, DEMO_FEED_SIZE: 'small', NODE_OPTIONS: '--enable-source-maps --max-old-space-size=1536', LOG_FORMAT: 'text' };
  if ((await run(process.execPath, ['-r', '@swc-node/register', 'tools/ingest/demo.ts', '--dir', feedDir], demoEnv)) !== 0)
    throw new Error('loading the demo data failed');

  // What the images promise, checked on the running containers.
  const checks = [];
  for (const app of APPS) {
    const name = `${prefix}${app.name}`;
    // As HEALTHCHECK --retries=3: unhealthy after three failures in a row (a loaded machine can start its Node slowly).
    let health;
    for (let attempt = 1; attempt <= 3; attempt++) {
      health = podman(['healthcheck', 'run', name]);
      if (health.status === 0) break;
    }
    const uid = podman(['exec', name, 'id', '-u']).stdout.trim();
    const write = podman(['exec', name, 'sh', '-c', 'touch /app/x 2>&1; echo $?']).stdout.trim().split('\n').pop();
    const tmp = podman(['exec', name, 'sh', '-c', 'touch /tmp/x && echo 0']).stdout.trim();
    checks.push({
      container: name,
      healthcheck: health.status === 0 ? 'healthy' : `FAILED ${health.stdout}${health.stderr}`.trim(),
      uid,
      'write /app': write === '0' ? 'WRITABLE' : 'read-only',
      'write /tmp': tmp === '0' ? 'ok' : 'FAILED',
    });
  }
  console.table(checks);
  const bad = checks.filter((c) => c.healthcheck !== 'healthy' || c.uid !== '10001' || c['write /app'] !== 'read-only' || c['write /tmp'] !== 'ok');
  if (bad.length) throw new Error(`containers not as the images promise: ${bad.map((c) => c.container).join(', ')}`);

  log(`API e2e suite against the gateway container (${gateway})…`);
  if ((await run('npx', ['jest', '-c', 'apps/api-e2e/jest.config.js', '--ci'], { BASE_URL: gateway, E2E_PROFILE: 'distributed', E2E_PROBE_URL: `${gatewayProbe}/ready` })) !== 0)
    throw new Error('the API e2e suite failed against the containers');
  log(`passed in ${fmtMs(Date.now() - t0)}`);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`[images:smoke] ${error instanceof Error ? error.message : error}`);
}
await stopAll();
log(failed ? `FAILED (logs in ${path.relative(ROOT, smokeDir)}/)` : 'passed');
process.exit(failed ? 1 : 0);
