#!/usr/bin/env node
// `npm run images:pods`: the chart's pods, started from the images `npm run images:build` made. `helm template`
// renders helm/hintakori with deploy/values-<env>.yaml (default dev) and this machine's addresses on top; podman
// 4.3's `kube play` runs what it can of the rendering, as rendered: each app's Deployment with its ConfigMap and
// Secrets (envFrom, secretKeyRef), its command and args, its env, its securityContext (read-only root filesystem,
// non-root user, no capabilities, no privilege escalation), its /tmp emptyDir and its resource limits; and the
// migrations Job (a helm hook) as a Pod, before the apps. Then each pod must pass its readiness probe (run here as a
// kubelet would, from the rendered probe), each container is checked for what its securityContext promises, and the
// API e2e suite (apps/api-e2e) runs against the gateway pod. Everything is removed at the end, also on failure or Ctrl-C.
//
// What is not played (podman has no such thing) is listed on every run: Services, HPAs, PDBs, NetworkPolicies, the
// Ingress, the backup CronJob and its PVC, ServiceAccounts (tools/images/pods-lib.mjs IGNORED_KINDS has the reasons).
// The one change to the rendered pods is `hostNetwork: true`: tools/infra serves PostgreSQL, Redis and Kafka on
// 127.0.0.1 only and Kafka advertises 127.0.0.1, which no pod in a network namespace of its own could reach (podman's
// host.containers.internal is the host's address on the bridge, where none of them listens). On one network the apps
// need a port each: the values give them PODS_PORT_BASE + 0…7 and each Deployment is taken from a rendering whose
// telemetry.metricsPort is that pod's own (PODS_METRICS_BASE + 0…7), so the chart's single metricsPort still holds
// within each rendering. See docs/operations.md, "The chart's pods under podman".
//
//   npm run images:pods                       deploy/values-dev.yaml
//   npm run images:pods -- --render-only      render and write the manifests played (.data/images-pods/), no podman
// Env: PODS_PORT_BASE (default 3900), PODS_METRICS_BASE (9900), PODS_READY_TIMEOUT_MS (600000),
// PODS_KEEP_INFRA=true (leave PostgreSQL, Redis, Kafka running), PG_PORT/REDIS_PORT/KAFKA_PORT (tools/infra).
// About 2.5-4 minutes on a loaded two-core machine, infrastructure start not counted (run-all.sh: `timeout 1200`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fmtMs, tailFile } from '../runtime/lib.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const log = (message) => console.log(`[images:pods] ${message}`);
const args = process.argv.slice(2);
const renderOnly = args.includes('--render-only');
const envIndex = args.indexOf('--values');
const valuesEnv = envIndex >= 0 ? args[envIndex + 1] : 'dev';
const unknownArgs = args.filter((a, i) => a.startsWith('-') && !['--render-only', '--values'].includes(a) && args[i - 1] !== '--values');
if (unknownArgs.length) {
  console.error(`[images:pods] unknown option ${unknownArgs.join(' ')} (--render-only, --values dev)`);
  process.exit(2);
}

const { ROOT, podman, podmanOk, PODMAN_FLAGS } = await import('./lib.mjs');
const lib = await import('./pods-lib.mjs');
const { ensureGoTool, KUBERNETES_VERSION } = await import('../ops/lib.mjs');

const valuesFile = path.join(ROOT, 'deploy', `values-${valuesEnv}.yaml`);
if (!existsSync(valuesFile)) {
  console.error(`[images:pods] no ${path.relative(ROOT, valuesFile)} (deploy/values-<env>.yaml)`);
  process.exit(2);
}
if (valuesEnv !== 'dev') {
  // staging and prod name Secrets managed outside the chart (External Secrets) and a registry; dev is the overlay
  // whose objects are all in the rendering, the one a single machine can run as written.
  console.error(`[images:pods] only --values dev is played: ${path.basename(valuesFile)} names Secrets and a registry from outside the chart`);
  process.exit(2);
}

const portBase = Number(process.env.PODS_PORT_BASE ?? 3900);
const metricsBase = Number(process.env.PODS_METRICS_BASE ?? 9900);
const release = 'hk-pods';
const namespace = 'hintakori';
const workDir = path.join(ROOT, '.data/images-pods');
const database = 'hintakori_pods';
const feedDir = path.join(workDir, 'demo-feeds');
// Every app of the chart, in the order of their ports (PODS_PORT_BASE + index, metrics PODS_METRICS_BASE + index).
const APP_ORDER = ['gateway', 'catalog', 'stores', 'carts', 'comparisons', 'price-ingest', 'price-ingest-worker', 'alerts'];
const appPort = (name) => portBase + APP_ORDER.indexOf(name);
const metricsPort = (name) => metricsBase + APP_ORDER.indexOf(name);
const mailpitPorts = { smtpPort: portBase + 25, uiPort: portBase + 26 };
// podman 4.3 turns each livenessProbe into a healthcheck run by a systemd timer; there is no systemd here, and the
// probe is run by this script instead (the healthcheck podman makes of an httpGet probe is `curl`, not in the images).
process.env.DISABLE_HC_SYSTEMD = 'true';
// kube play takes no --ulimit, and podman's defaults for root (1048576 open files) are above what root may set here
// (no CAP_SYS_RESOURCE): the pods get this shell's open-file limit and 4096 processes, from a containers.conf of
// their own (CONTAINERS_CONF; written in main()). images:smoke passes the same limits with --ulimit.
const NOFILE_HARD = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim().replace('unlimited', '1048576');

const playedPods = new Set();
const createdSecrets = new Set();
let mailpit = null;
let infraStarted = false;
let stopping = null;
const infra = await import('../infra/lib.mjs');

/** `helm template` of the chart with the values files and `--set`s; the rendered YAML. */
function helmTemplate(helm, valueFiles, sets = []) {
  const result = spawnSync(
    helm,
    ['template', release, path.join(ROOT, 'helm/hintakori'), '--namespace', namespace, '--kube-version', `${KUBERNETES_VERSION}.0`, ...valueFiles.flatMap((f) => ['-f', f]), ...sets.flatMap((s) => ['--set', s])],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return result.stdout;
}

const yamlDocs = async (docs) => {
  const { default: YAML } = await import('yaml');
  return docs.map((doc) => YAML.stringify(doc)).join('---\n');
};

/** Renders the chart and writes what podman plays: one file per app (its ConfigMap + Deployment) and the migrations. */
async function render({ databaseUrl, redisUrl, kafkaBrokers, smtpUrl, extraEnv }) {
  const helm = await ensureGoTool('helm');
  const machineFile = path.join(workDir, 'values-machine.yaml');
  writeFileSync(
    machineFile,
    `# This machine's addresses and ports over ${path.relative(ROOT, valuesFile)} (tools/images/pods.mjs).\n` +
      lib.machineValues({
        databaseUrl,
        redisUrl,
        kafkaBrokers,
        smtpUrl,
        publicUrl: `http://localhost:${appPort('gateway')}`,
        apps: Object.fromEntries(APP_ORDER.map((name) => [name, appPort(name)])),
        extraEnv,
      }),
  );
  const valueFiles = [valuesFile, machineFile];
  const t0 = Date.now();
  const all = lib.classify(lib.parseManifests(helmTemplate(helm, valueFiles)));
  const missingApps = APP_ORDER.filter((name) => !all.deployments.has(name));
  const extraApps = [...all.deployments.keys()].filter((name) => !APP_ORDER.includes(name));
  if (extraApps.length) throw new Error(`the chart renders Deployments pods.mjs gives no port: ${extraApps.join(', ')}`);
  if (!all.migrations) throw new Error('the rendering has no migrations Job');
  // Each app's Deployment from a rendering with its own metrics port (see the header).
  const apps = [];
  for (const name of APP_ORDER.filter((n) => all.deployments.has(n))) {
    const own = lib.classify(lib.parseManifests(helmTemplate(helm, valueFiles, [`telemetry.metricsPort=${metricsPort(name)}`])));
    const rendered = own.deployments.get(name);
    // The worker reads the demo feed files the script writes (see main()).
    const played = lib.deploymentForPodman(rendered);
    const deployment = name === 'price-ingest-worker' ? lib.withHostDirectory(played, feedDir) : played;
    const file = path.join(workDir, `${name}.yaml`);
    writeFileSync(file, await yamlDocs([...all.configMaps, deployment]));
    apps.push({ name, deployment, file, pod: `${deployment.metadata.name}-pod-0`, probes: lib.containerProbes(rendered), metricsPort: metricsPort(name) });
  }
  const migrations = lib.migrationsPod(all.migrations);
  const migrationsFile = path.join(workDir, 'migrations.yaml');
  writeFileSync(migrationsFile, await yamlDocs([...all.configMaps, migrations]));
  log(`rendered ${path.relative(ROOT, valuesFile)} + this machine's values in ${fmtMs(Date.now() - t0)}: ${apps.length} Deployments, ${all.configMaps.length} ConfigMap, ${all.secrets.length} Secrets, the migrations Job (as a Pod)${missingApps.length ? `; not enabled: ${missingApps.join(', ')}` : ''}`);
  const ignored = Object.entries(Object.groupBy(all.ignored, (o) => o.kind)).map(([kind, objects]) => ({ kind, count: objects.length, 'stands in for it here': objects[0].reason }));
  log('not played (podman has no such object):');
  console.table(ignored);
  return { apps, migrations: { pod: migrations.metadata.name, file: migrationsFile, spec: migrations }, migrationsJob: all.migrations, secrets: all.secrets };
}

/** Runs podman asynchronously (kube play of the migrations blocks while its init containers run); resolves { code, out }. */
function podmanAsync(podmanArgs) {
  return new Promise((resolve) => {
    const child = spawn('podman', [...PODMAN_FLAGS, ...podmanArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (error) => resolve({ code: 1, out: `${out}${error.message}` }));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** The containers of a pod (infra container left out): name, state, exit code. */
function podContainers(pod) {
  const result = podman(['ps', '-a', '--filter', `pod=${pod}`, '--format', 'json']);
  if (result.status !== 0) return [];
  return (JSON.parse(result.stdout || '[]') ?? []).filter((c) => !c.IsInfra).map((c) => ({ name: c.Names[0], state: c.State, exitCode: c.ExitCode }));
}

function saveLogs() {
  for (const pod of playedPods) {
    for (const container of podContainers(pod)) {
      const out = podman(['logs', container.name]);
      writeFileSync(path.join(workDir, `${container.name}.log`), out.stdout + out.stderr);
    }
  }
}

async function stopAll() {
  stopping ??= (async () => {
    if (playedPods.size) {
      log(`removing ${playedPods.size} pods…`);
      saveLogs();
      podman(['pod', 'rm', '-f', '-t', '15', ...playedPods]);
      playedPods.clear();
    }
    if (createdSecrets.size) podman(['secret', 'rm', ...createdSecrets]);
    createdSecrets.clear();
    if (mailpit) await mailpit.stop().catch(() => undefined);
    if (infraStarted && process.env.PODS_KEEP_INFRA !== 'true') {
      log('stopping PostgreSQL, Redis and Kafka…');
      await infra.stopAll({ log: () => undefined }).catch((error) => log(`infra stop: ${error.message}`));
    }
  })();
  return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: removing everything`);
    stopAll().finally(() => process.exit(130));
  });
}

/** One HTTP probe: passes on 200-399 within the probe's timeout. */
async function probe(target) {
  try {
    const response = await fetch(target.url, { signal: AbortSignal.timeout(target.timeoutSeconds * 1000) });
    await response.arrayBuffer().catch(() => undefined);
    return { ok: lib.probePasses(response.status), status: String(response.status) };
  } catch (error) {
    return { ok: false, status: error?.cause?.code ?? error?.name ?? 'error' };
  }
}

/** Removes what an interrupted run left: our pods (by the release's name) and secrets. */
function removeLeftovers(secretNames) {
  const pods = podman(['pod', 'ps', '--format', '{{.Name}}', '--filter', `name=^${release}-`]).stdout.trim().split('\n').filter(Boolean);
  if (pods.length) {
    log(`removing ${pods.length} pods of an earlier run: ${pods.join(', ')}`);
    podman(['pod', 'rm', '-f', ...pods]);
  }
  for (const name of secretNames) if (podman(['secret', 'inspect', name]).status === 0) podman(['secret', 'rm', name]);
}

/** One run of the migrations Job's pod: kube play (blocks while the init containers run), then the last container. */
async function runMigrationsPod(rendered, services, tm, migrationsDeadline) {
  const heartbeat = setInterval(() => {
    const running = podContainers(rendered.migrations.pod).filter((c) => c.state === 'running').map((c) => c.name.replace(`${rendered.migrations.pod}-`, ''));
    log(`… migrations running ${fmtMs(Date.now() - tm)}${running.length ? ` (${running.join(', ')})` : ''}`);
  }, 15_000);
  try {
    const played = await podmanAsync(['kube', 'play', rendered.migrations.file]);
    if (played.code !== 0) {
      saveLogs();
      throw new Error(`podman kube play of the migrations failed (${played.code}):\n${played.out}`);
    }
    for (;;) {
      const containers = podContainers(rendered.migrations.pod);
      const last = containers.find((c) => c.name === `${rendered.migrations.pod}-${services[services.length - 1]}`);
      if (last && last.state === 'exited') {
        saveLogs();
        const failed = containers.filter((c) => c.exitCode !== 0);
        if (failed.length) throw new Error(`migrations failed: ${failed.map((c) => `${c.name} exit ${c.exitCode}`).join(', ')}:\n${tailFile(path.join(workDir, `${failed[0].name}.log`), 30)}`);
        return;
      }
      if (Date.now() > migrationsDeadline) {
        saveLogs();
        throw new Error(`migrations did not finish within the Job's activeDeadlineSeconds; logs in ${path.relative(ROOT, workDir)}/`);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    clearInterval(heartbeat);
  }
}

async function main() {
  const t0 = Date.now();
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(feedDir, { recursive: true });
  const extraEnv = {
    // Feed runs of an earlier run (a dropped database) never meet this one's in Redis.
    INGEST_QUEUE_PREFIX: `pods${Date.now().toString(36)}`,
    // As in tools/test/e2e.mjs: on a loaded two-core machine a round trip can take seconds.
    RPC_STALL_MS: '5000',
    RPC_PROBE_TIMEOUT_MS: '5000',
    // The demo data by feed runs, as the stack and images:smoke load it (the services' seeders then load only the
    // category tree): with the seeders' own copy (SEED_FROM_FEED unset) price-ingest knows no store and refuses
    // every shopper's price report, and the demo lacks the stores without hours the feeds carry.
    SEED_FROM_FEED: 'true',
  };
  // Where tools/infra serves PostgreSQL, Redis and Kafka (PG_PORT, REDIS_PORT, KAFKA_PORT), with a database of our own.
  const infraEnv = infra.infraEnv();
  const url = new URL(infraEnv.DATABASE_URL);
  url.pathname = `/${database}`;
  const rendered = await render({
    databaseUrl: url.toString(),
    redisUrl: infraEnv.REDIS_URL,
    kafkaBrokers: infraEnv.KAFKA_BROKERS,
    smtpUrl: `smtp://127.0.0.1:${mailpitPorts.smtpPort}`,
    extraEnv,
  });
  if (renderOnly) {
    log(`manifests written to ${path.relative(ROOT, workDir)}/`);
    return;
  }

  // The machine's containers.conf with the limits added (CONTAINERS_CONF replaces it, so it is copied).
  const containersConf = path.join(workDir, 'containers.conf');
  const systemConf = ['/etc/containers/containers.conf', '/usr/share/containers/containers.conf'].find((f) => existsSync(f));
  const ulimits = `default_ulimits = ["nofile=${NOFILE_HARD}:${NOFILE_HARD}", "nproc=4096:4096"]  # tools/images/pods.mjs: kube play takes no --ulimit`;
  const conf = systemConf ? readFileSync(systemConf, 'utf8') : '';
  if (/^\s*default_ulimits\s*=/m.test(conf)) throw new Error(`${systemConf} sets default_ulimits: pods.mjs would override it`);
  writeFileSync(containersConf, /^\[containers\]\s*$/m.test(conf) ? conf.replace(/^\[containers\]\s*$/m, `[containers]\n${ulimits}`) : `${conf}\n[containers]\n${ulimits}\n`);
  process.env.CONTAINERS_CONF = containersConf;
  const { IMAGE_TOOLS, ensurePackages } = await import('../infra/apt.mjs');
  // catatonit: the init process of the pause image podman builds for each pod's infra container (a Recommends of
  // Debian's podman, which tools/infra/apt.mjs does not install).
  ensurePackages({ ...IMAGE_TOOLS, catatonit: 'catatonit' }, { log: (m) => log(m) });
  const images = [...new Set([...rendered.apps.map((app) => app.deployment), rendered.migrations.spec].flatMap((o) => {
    const spec = o.spec.template?.spec ?? o.spec;
    return [...(spec.initContainers ?? []), ...spec.containers].map((c) => c.image);
  }))];
  const notBuilt = images.filter((ref) => podman(['image', 'exists', ref]).status !== 0);
  if (notBuilt.length) throw new Error(`no image ${notBuilt.join(', ')} (the chart names them): run npm run images:build first`);
  log(`images (as images:build tagged them): ${images.join(', ')}`);

  log('starting PostgreSQL, Redis and Kafka (tools/infra, on 127.0.0.1)…');
  infraStarted = true;
  await infra.startAll({ log: (line) => console.log(`[infra] ${line}`) });
  await infra.ensureKafkaTopics([], { log: (line) => console.log(`[kafka] ${line}`) });
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: infraEnv.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  try {
    const { startMailpit } = await import('../infra/mailpit.mjs');
    mailpit = await startMailpit({ ...mailpitPorts, log });
  } catch (error) {
    log(`Mailpit could not start (${error.message}); price-alert e-mails are not delivered`);
  }

  removeLeftovers(rendered.secrets.map((s) => s.metadata.name));
  // podman 4.3 keeps a played Secret as its YAML, which its own envFrom/secretKeyRef cannot read back (they expect
  // the JSON of key → bytes): each Secret goes into podman's secret store in that form instead.
  // (From a file: `podman secret create <name> -` wants a FIFO on stdin, and Node's pipes are sockets.)
  for (const secret of rendered.secrets) {
    const file = path.join(workDir, `.secret-${secret.metadata.name}.json`);
    writeFileSync(file, lib.podmanSecretData(secret), { mode: 0o600 });
    try {
      podmanOk(['secret', 'create', secret.metadata.name, file]);
    } finally {
      rmSync(file, { force: true });
    }
    createdSecrets.add(secret.metadata.name);
  }
  log(`secrets in podman's store: ${[...createdSecrets].join(', ')}`);

  // The migrations Job: each service's image migrates its own schema (init containers in order, then the last).
  const services = [...(rendered.migrations.spec.spec.initContainers ?? []), ...rendered.migrations.spec.spec.containers].map((c) => c.name);
  log(`migrations Job as a pod: ${services.join(' → ')}…`);
  const tm = Date.now();
  playedPods.add(rendered.migrations.pod);
  // As the Job: a failed pod is run again up to backoffLimit times (on this loaded machine a service's migrate-only
  // boot can lose its race with a slow broker), all within activeDeadlineSeconds.
  const job = rendered.migrationsJob.spec;
  const attempts = 1 + (job.backoffLimit ?? 6);
  const migrationsDeadline = Date.now() + (job.activeDeadlineSeconds ?? 600) * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await runMigrationsPod(rendered, services, tm, migrationsDeadline);
      break;
    } catch (error) {
      podman(['pod', 'rm', '-f', rendered.migrations.pod]);
      if (attempt >= attempts || Date.now() > migrationsDeadline) throw error;
      log(`migrations pod failed (attempt ${attempt} of ${attempts}, the Job's backoffLimit ${job.backoffLimit}): ${String(error.message).split('\n')[0]}; again…`);
    }
  }
  log(`migrations done in ${fmtMs(Date.now() - tm)}`);
  podman(['pod', 'rm', '-f', rendered.migrations.pod]);
  playedPods.delete(rendered.migrations.pod);

  // The apps: one kube play each (its ConfigMap and Deployment).
  for (const app of rendered.apps) {
    const result = podman(['kube', 'play', app.file]);
    playedPods.add(app.pod);
    if (result.status !== 0) throw new Error(`podman kube play ${path.relative(ROOT, app.file)} failed:\n${result.stdout}${result.stderr}`);
  }
  log(`pods started: ${rendered.apps.map((a) => `${a.pod} (:${a.probes[0].ports.http})`).join(', ')}`);

  // Readiness as a kubelet sees it: the rendered readinessProbe (path, port, timeout) every periodSeconds, after the
  // startupProbe passed; a container that exits fails the run at once.
  const readyTimeoutMs = Number(process.env.PODS_READY_TIMEOUT_MS ?? 600_000);
  const tr = Date.now();
  const ready = new Map();
  const startedUp = new Set();
  let lastReport = 0;
  while (ready.size < rendered.apps.length) {
    const states = [];
    for (const app of rendered.apps) {
      if (ready.has(app.name)) continue;
      const dead = podContainers(app.pod).find((c) => c.state !== 'running');
      if (dead) {
        saveLogs();
        throw new Error(`${app.name}: container ${dead.name} is ${dead.state} (exit ${dead.exitCode}); last lines of its log:\n${tailFile(path.join(workDir, `${dead.name}.log`), 30)}`);
      }
      const probes = app.probes[0];
      if (!startedUp.has(app.name)) {
        const started = await probe(probes.startup ?? probes.liveness);
        if (!started.ok) {
          states.push(`${app.name}: startup ${started.status}`);
          continue;
        }
        startedUp.add(app.name);
      }
      const result = await probe(probes.readiness);
      if (result.ok) ready.set(app.name, Date.now() - tr);
      else states.push(`${app.name}: ready ${result.status}`);
    }
    if (ready.size === rendered.apps.length) break;
    if (Date.now() - tr > readyTimeoutMs) {
      saveLogs();
      throw new Error(`not ready within ${fmtMs(readyTimeoutMs)}: ${states.join(', ')} — logs in ${path.relative(ROOT, workDir)}/`);
    }
    if (Date.now() - lastReport >= 15_000) {
      lastReport = Date.now();
      log(`${fmtMs(Date.now() - tr)}: ${ready.size}/${rendered.apps.length} ready; waiting for ${states.join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 5000));
  }
  log(`every pod passes its readinessProbe, ${fmtMs(Date.now() - tr)} after the start`);

  log('loading the small demo data by feed runs through the worker pod…');
  const td = Date.now();
  const demo = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/ingest/demo.ts', '--dir', feedDir], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        ...infraEnv,
        DATABASE_URL: url.toString(),
        HINTAKORI_PROFILE: 'distributed',
        ...extraEnv,
        DEMO_FEED_SIZE: 'small',
        NODE_OPTIONS: '--enable-source-maps --max-old-space-size=1536',
        LOG_FORMAT: 'text',
      },
    });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
  if (demo !== 0) throw new Error('loading the demo data failed');
  log(`demo data loaded in ${fmtMs(Date.now() - td)}`);

  // What each container's rendered securityContext and env promise, checked on the running container.
  const checks = [];
  for (const app of rendered.apps) {
    const spec = app.deployment.spec.template.spec;
    const container = spec.containers[0];
    const name = `${app.pod}-${container.name}`;
    const wantUid = String(container.securityContext?.runAsUser ?? spec.securityContext?.runAsUser);
    const uid = podman(['exec', name, 'id', '-u']).stdout.trim();
    const write = podman(['exec', name, 'sh', '-c', 'touch /app/x 2>/dev/null; echo $?']).stdout.trim().split('\n').pop();
    const tmp = podman(['exec', name, 'sh', '-c', 'touch /tmp/x && rm /tmp/x && echo 0']).stdout.trim();
    const inspect = JSON.parse(podmanOk(['container', 'inspect', name]))[0];
    const caps = inspect.EffectiveCaps ?? [];
    const liveness = await probe(app.probes[0].liveness);
    const metrics = await probe({ url: `http://127.0.0.1:${app.metricsPort}/metrics`, timeoutSeconds: 5 });
    checks.push({
      pod: app.pod,
      ready: fmtMs(ready.get(app.name)),
      uid: uid === wantUid && uid !== '0' ? uid : `${uid} (WANT ${wantUid})`,
      'read-only root': inspect.HostConfig?.ReadonlyRootfs && write !== '0' ? 'yes' : 'NO',
      '/tmp (emptyDir)': tmp === '0' ? 'writable' : 'FAILED',
      capabilities: caps.length === 0 ? 'none' : caps.join(','),
      liveness: liveness.ok ? 'ok' : `FAILED ${liveness.status}`,
      metrics: metrics.ok ? `:${app.metricsPort}` : `FAILED ${metrics.status}`,
    });
  }
  console.table(checks);
  const bad = checks.filter((c) => / \(WANT|NO|FAILED/.test(Object.values(c).join(' ')) || c.capabilities !== 'none');
  if (bad.length) throw new Error(`pods not as the chart's securityContext and probes say: ${bad.map((c) => c.pod).join(', ')}`);

  const gateway = rendered.apps.find((a) => a.name === 'gateway');
  const baseUrl = `http://127.0.0.1:${gateway.probes[0].ports.http}`;
  log(`API e2e suite against the gateway pod (${baseUrl})…`);
  const e2e = await new Promise((resolve) => {
    const child = spawn('npx', ['jest', '-c', 'apps/api-e2e/jest.config.js', '--ci'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BASE_URL: baseUrl, E2E_PROFILE: 'distributed', E2E_PROBE_URL: `http://127.0.0.1:${gateway.metricsPort}/ready` },
    });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
  if (e2e !== 0) throw new Error('the API e2e suite failed against the pods');
  log(`passed in ${fmtMs(Date.now() - t0)}`);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`[images:pods] ${error instanceof Error ? error.message : error}`);
}
await stopAll();
log(failed ? `FAILED (logs in ${path.relative(ROOT, workDir)}/)` : renderOnly ? 'rendered' : 'passed');
process.exit(failed ? 1 : 0);
