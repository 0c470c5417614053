// Apache Kafka 3.9.x, KRaft single node (broker+controller), jars fetched from Maven Central.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, DATA_DIR, INFRA_DIR, ROOT, assertSamePort, envInt, importFromRepo, lockFile, makeLogger, run, stopByPidFile, which } from './util.mjs';
import { alive, cacheEntry, fmtMs, portOpen, runningPid, sleep, tailFile, terminate, waitFor, withCacheLock, withLock } from '../../runtime/lib.mjs';

const POM = path.join(INFRA_DIR, 'kafka', 'pom.xml');
const LOG4J = path.join(INFRA_DIR, 'kafka', 'log4j.properties');

export const KAFKA_VERSION = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(fs.readFileSync(POM, 'utf8'))[1].trim();
export const KAFKA_HOST = '127.0.0.1';
export const KAFKA_PORT = envInt('KAFKA_PORT', 59092);
export const KAFKA_CONTROLLER_PORT = envInt('KAFKA_CONTROLLER_PORT', KAFKA_PORT + 1);
export const KAFKA_BROKERS = `${KAFKA_HOST}:${KAFKA_PORT}`;
// In the tools' one cache (tools/runtime/cache.mjs), shared by every clone of the machine.
export const KAFKA_HOME = path.join(CACHE_DIR, `kafka-${KAFKA_VERSION}`);
export const KAFKA_LIBS = path.join(KAFKA_HOME, 'libs');
export const KAFKA_DATA_DIR = path.join(DATA_DIR, 'kafka');
export const KAFKA_LOG_DIRS = path.join(KAFKA_DATA_DIR, 'logs');
export const KAFKA_PID_FILE = path.join(KAFKA_DATA_DIR, 'kafka.pid');
export const KAFKA_LOG_FILE = path.join(KAFKA_DATA_DIR, 'kafka.log');
export const KAFKA_PROPERTIES = path.join(KAFKA_DATA_DIR, 'server.properties');
export const KAFKA_TOPICS_FILE = path.resolve(ROOT, process.env.KAFKA_TOPICS_FILE || path.join('tools', 'infra', 'kafka-topics.json'));
const MAVEN_REPO = process.env.MAVEN_REPO_LOCAL || path.join(CACHE_DIR, 'm2');
const COMPLETE_MARKER = path.join(KAFKA_LIBS, '.complete');
const HEAP_OPTS = process.env.KAFKA_HEAP_OPTS || '-Xmx768m -Xms256m';

function javaBin() {
  if (process.env.JAVA_HOME) {
    const j = path.join(process.env.JAVA_HOME, 'bin', 'java');
    if (fs.existsSync(j)) return j;
  }
  const j = which('java');
  if (!j) throw new Error("java not found (need Java 17+): e.g. 'apt-get install -y openjdk-17-jre-headless'");
  return j;
}

function pomHash() {
  return crypto.createHash('sha256').update(fs.readFileSync(POM)).digest('hex');
}

function libsComplete() {
  try {
    return fs.readFileSync(COMPLETE_MARKER, 'utf8').trim() === pomHash();
  } catch {
    return false;
  }
}

/**
 * Download kafka_2.13 + runtime deps + logging binding into <cache>/kafka-<v>/libs (once; jars a clone's former
 * .tools/ holds are taken over), holding the cache's lock: several clones may start a Kafka at once.
 */
export async function ensureKafkaLibs({ log = makeLogger('kafka') } = {}) {
  if (libsComplete()) return KAFKA_LIBS;
  return withCacheLock('kafka', () => fetchKafkaLibs(log), { log });
}

async function fetchKafkaLibs(log) {
  cacheEntry(path.basename(KAFKA_HOME), { log });
  if (!process.env.MAVEN_REPO_LOCAL) cacheEntry('m2', { log });
  if (libsComplete()) return KAFKA_LIBS;
  const mvn = which('mvn');
  if (!mvn) throw new Error("Maven ('mvn') not found: e.g. 'apt-get install -y maven'");
  const tmp = `${KAFKA_LIBS}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(KAFKA_HOME, { recursive: true });
  log(
    `fetching org.apache.kafka:kafka_2.13:${KAFKA_VERSION} + dependencies from Maven Central (maven repo ${path.relative(ROOT, MAVEN_REPO) || MAVEN_REPO})...`,
  );
  const t0 = Date.now();
  await run(
    mvn,
    [
      '-q',
      '-B',
      '-Dstyle.color=never',
      '-f',
      POM,
      `-Dmaven.repo.local=${MAVEN_REPO}`,
      'dependency:copy-dependencies',
      `-DoutputDirectory=${tmp}`,
      '-DincludeScope=runtime',
    ],
    { log, env: { ...process.env, MAVEN_OPTS: process.env.MAVEN_OPTS || '-Xmx512m' } },
  );
  const jars = fs.readdirSync(tmp).filter((f) => f.endsWith('.jar'));
  for (const must of [`kafka_2.13-${KAFKA_VERSION}.jar`, `kafka-clients-${KAFKA_VERSION}.jar`, 'slf4j-reload4j-']) {
    if (!jars.some((j) => j.startsWith(must))) throw new Error(`maven did not produce ${must}* in ${tmp}`);
  }
  fs.writeFileSync(path.join(tmp, '.complete'), `${pomHash()}\n`);
  fs.rmSync(KAFKA_LIBS, { recursive: true, force: true });
  fs.renameSync(tmp, KAFKA_LIBS);
  log(`downloaded ${jars.length} jars in ${fmtMs(Date.now() - t0)} -> ${path.relative(ROOT, KAFKA_LIBS)}`);
  return KAFKA_LIBS;
}

function serverProperties() {
  const props = {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@${KAFKA_HOST}:${KAFKA_CONTROLLER_PORT}`,
    listeners: `PLAINTEXT://${KAFKA_HOST}:${KAFKA_PORT},CONTROLLER://${KAFKA_HOST}:${KAFKA_CONTROLLER_PORT}`,
    'advertised.listeners': `PLAINTEXT://${KAFKA_HOST}:${KAFKA_PORT}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    'log.dirs': KAFKA_LOG_DIRS,
    'num.partitions': 3,
    'default.replication.factor': 1,
    'offsets.topic.replication.factor': 1,
    // One internal partition instead of the default 50 (one broker): the first consumer-group join no longer waits
    // for 50 partition leaders, which on a loaded 2-core machine took past a test's timeout.
    'offsets.topic.num.partitions': 1,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 10,
    'group.initial.rebalance.delay.ms': 0,
    'auto.create.topics.enable': false,
    'delete.topic.enable': true,
    'log.retention.hours': 24,
    'log.retention.check.interval.ms': 300000,
    'num.network.threads': 3,
    'num.io.threads': 4,
  };
  return (
    '# Written by tools/infra/kafka.mjs on every start - do not edit.\n' +
    Object.entries(props)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') +
    '\n'
  );
}

function clusterId() {
  const f = path.join(KAFKA_DATA_DIR, 'cluster-id');
  try {
    const id = fs.readFileSync(f, 'utf8').trim();
    if (id && !id.startsWith('-')) return id;
  } catch {
    /* create */
  }
  // Kafka Uuid format (22 chars); like Kafka's own random ids, never one starting with "-", which the storage
  // tool's command line would read as an option.
  let id;
  do id = crypto.randomBytes(16).toString('base64url');
  while (id.startsWith('-'));
  fs.writeFileSync(f, `${id}\n`);
  return id;
}

function isFormatted() {
  return fs.existsSync(path.join(KAFKA_LOG_DIRS, 'meta.properties'));
}

async function formatStorage(java, log) {
  const id = clusterId();
  log(`formatting KRaft storage (cluster id ${id})`);
  await run(
    java,
    [
      '-Xmx256m',
      `-Dlog4j.configuration=file:${LOG4J}`,
      '-cp',
      path.join(KAFKA_LIBS, '*'),
      'kafka.tools.StorageTool',
      'format',
      '-t',
      id,
      '-c',
      KAFKA_PROPERTIES,
      '--ignore-formatted',
    ],
    { log, quiet: true, cwd: KAFKA_DATA_DIR },
  );
}

/** Broker port of the running instance (second line of the pid file). */
function runningPort() {
  try {
    const n = Number.parseInt(fs.readFileSync(KAFKA_PID_FILE, 'utf8').split('\n')[1], 10);
    return Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}

async function newAdmin() {
  const { Admin } = await importFromRepo('@platformatic/kafka');
  return new Admin({ clientId: 'hintakori-infra', bootstrapBrokers: [KAFKA_BROKERS], connectTimeout: 2000, timeout: 10000, retries: 2, retryDelay: 200 });
}

async function brokerAnswers() {
  const admin = await newAdmin();
  try {
    const metadata = await admin.metadata({ topics: [] });
    return metadata.brokers.size > 0 && metadata.controllerId !== null && metadata.controllerId !== -1;
  } finally {
    await admin.close().catch(() => {});
  }
}

/** Waits until every partition of `topics` has a leader (a new topic's partitions get theirs a moment after creation). */
async function waitForLeaders(admin, topics, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const metadata = await admin.metadata({ topics, forceUpdate: true }).catch(() => null);
    const ready = metadata && topics.every((t) => metadata.topics.get(t)?.partitions.every((p) => p && p.leader >= 0));
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`no leader for every partition of ${topics.join(', ')} after ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

function displayPath(p) {
  const rel = path.relative(ROOT, p);
  return rel.startsWith('..') ? p : rel;
}

const TOPIC_RE = /^[a-zA-Z0-9._-]{1,249}$/;

/** Topic specs from KAFKA_TOPICS_FILE plus extra names (default 3 partitions). */
export function topicSpecs(extra = [], file = KAFKA_TOPICS_FILE) {
  const specs = new Map();
  if (fs.existsSync(file)) {
    const list = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!Array.isArray(list)) throw new Error(`${file} must contain a JSON array of {"topic","numPartitions"}`);
    for (const t of list) {
      const s = typeof t === 'string' ? { topic: t } : t;
      specs.set(s.topic, s);
    }
  } else if (process.env.KAFKA_TOPICS_FILE) {
    throw new Error(`KAFKA_TOPICS_FILE=${file} does not exist`);
  }
  for (const name of extra) if (!specs.has(name)) specs.set(name, { topic: name });
  for (const s of specs.values()) {
    if (!TOPIC_RE.test(s.topic || '')) throw new Error(`invalid topic name ${JSON.stringify(s.topic)}`);
  }
  return [...specs.values()];
}

/** Create missing topics (idempotent); grow partitions of existing ones if the spec asks for more. */
export async function ensureKafkaTopics(extra = [], { log = makeLogger('kafka') } = {}) {
  // A freshly started broker on a loaded machine can briefly answer topic operations with retriable
  // metadata errors (e.g. "This server does not host this topic-partition"): retry a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await ensureKafkaTopicsOnce(extra, { log });
    } catch (error) {
      const retriable = error?.canRetry === true || error?.errors?.some?.((e) => e?.canRetry) || /does not host this topic-partition|leader|not available|timed? ?out/i.test(String(error?.message));
      if (!retriable || attempt >= 6) throw error;
      log(`topic setup attempt ${attempt} failed (${error.message}); retrying in ${attempt} s`);
      await sleep(attempt * 1000);
    }
  }
}

async function ensureKafkaTopicsOnce(extra, { log }) {
  const specs = topicSpecs(extra);
  if (specs.length === 0) {
    log('no topics to create');
    return { created: [], existing: [] };
  }
  const admin = await newAdmin();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = specs.filter((s) => !existing.has(s.topic));
    if (missing.length) {
      const topic = (s) => ({ topic: s.topic, partitions: s.numPartitions ?? 3, replicas: s.replicationFactor ?? 1 });
      // Topic configs apply to a whole create request: a topic with its own configEntries ({name, value}) goes alone.
      const plain = missing.filter((s) => !s.configEntries);
      if (plain.length) await admin.createTopics({ topics: plain.map(topic) });
      for (const s of missing.filter((s) => s.configEntries)) await admin.createTopics({ topics: [topic(s)], configs: s.configEntries });
      await waitForLeaders(admin, missing.map((s) => s.topic));
    }
    const present = specs.filter((s) => existing.has(s.topic));
    if (present.length) {
      const meta = await admin.metadata({ topics: present.map((s) => s.topic) });
      const grow = [];
      for (const [name, t] of meta.topics) {
        const want = specs.find((s) => s.topic === name)?.numPartitions;
        if (want && t.partitionsCount < want) grow.push({ name, count: want });
        else if (want && t.partitionsCount > want) log(`note: ${name} has ${t.partitionsCount} partitions (> ${want} wanted; Kafka cannot shrink)`);
      }
      if (grow.length) {
        log(`increasing partitions: ${grow.map((g) => `${g.name}->${g.count}`).join(', ')}`);
        await admin.createPartitions({ topics: grow });
      }
    }
    log(
      `topics: ${missing.length} created, ${present.length} already present (${displayPath(KAFKA_TOPICS_FILE)}${extra.length ? ` + ${extra.length} from args` : ''})`,
    );
    return { created: missing.map((s) => s.topic), existing: present.map((s) => s.topic) };
  } finally {
    await admin.close().catch(() => {});
  }
}

/**
 * Ask for a group coordinator once so the broker creates __consumer_offsets now,
 * instead of stalling the first consumer of a test run (best effort).
 */
async function warmUpGroupCoordinator(log) {
  try {
    await waitFor(
      'group coordinator',
      async () => {
        const admin = await newAdmin();
        try {
          await admin.describeGroups({ groups: ['hintakori-infra-warmup'] });
          return true;
        } finally {
          await admin.close().catch(() => {});
        }
      },
      { timeoutMs: 120_000, intervalMs: 300 },
    );
  } catch (e) {
    log(`note: group coordinator not ready yet (${e.message})`);
  }
}

export async function startKafka({ log = makeLogger('kafka'), topics = true, extraTopics = [] } = {}) {
  const t0 = Date.now();
  const result = await withLock(
    lockFile('kafka'),
    async () => {
      const pid = runningPid(KAFKA_PID_FILE);
      if (pid) {
        assertSamePort('Kafka', 'kafka', pid, runningPort(), KAFKA_PORT);
        await waitFor(`Kafka broker ${KAFKA_BROKERS}`, brokerAnswers, { timeoutMs: 90_000, intervalMs: 500 });
        log(`already running (pid ${pid}): ${KAFKA_BROKERS}`);
        return { brokers: KAFKA_BROKERS, port: KAFKA_PORT, alreadyRunning: true };
      }
      const java = javaBin();
      await ensureKafkaLibs({ log });
      fs.mkdirSync(KAFKA_LOG_DIRS, { recursive: true });
      fs.writeFileSync(KAFKA_PROPERTIES, serverProperties());
      if (!isFormatted()) await formatStorage(java, log);
      for (const p of [KAFKA_PORT, KAFKA_CONTROLLER_PORT]) {
        if (await portOpen(p)) throw new Error(`port ${p} is already in use by another process (set KAFKA_PORT / KAFKA_CONTROLLER_PORT)`);
      }
      // Keep the log from growing forever across restarts.
      try {
        if (fs.statSync(KAFKA_LOG_FILE).size > 50 * 1024 * 1024) fs.renameSync(KAFKA_LOG_FILE, `${KAFKA_LOG_FILE}.1`);
      } catch {
        /* no log yet */
      }
      log(`starting Kafka ${KAFKA_VERSION} (KRaft) on ${KAFKA_BROKERS}, controller ${KAFKA_HOST}:${KAFKA_CONTROLLER_PORT}`);
      const out = fs.openSync(KAFKA_LOG_FILE, 'a');
      fs.writeSync(out, `\n===== ${new Date().toISOString()} starting kafka (tools/infra/kafka.mjs) =====\n`);
      const child = spawn(
        java,
        [
          ...HEAP_OPTS.split(/\s+/).filter(Boolean),
          '-server',
          '-XX:+UseG1GC',
          '-XX:MaxGCPauseMillis=20',
          '-XX:InitiatingHeapOccupancyPercent=35',
          '-XX:+ExplicitGCInvokesConcurrent',
          '-XX:+ExitOnOutOfMemoryError',
          '-Djava.awt.headless=true',
          `-Dlog4j.configuration=file:${LOG4J}`,
          `-Dkafka.logs.dir=${KAFKA_DATA_DIR}`,
          '-cp',
          path.join(KAFKA_LIBS, '*'),
          'kafka.Kafka',
          KAFKA_PROPERTIES,
        ],
        { cwd: KAFKA_DATA_DIR, detached: true, stdio: ['ignore', out, out] },
      );
      fs.closeSync(out);
      let exited = null;
      child.on('exit', (code, signal) => {
        exited = code ?? signal;
      });
      child.unref();
      fs.writeFileSync(KAFKA_PID_FILE, `${child.pid}\n${KAFKA_PORT}\n`);
      try {
        await waitFor(
          `Kafka broker ${KAFKA_BROKERS}`,
          async () => {
            if (exited !== null || !alive(child.pid)) {
              const e = new Error(`Kafka exited during startup (${exited ?? 'unknown'})`);
              e.fatal = true;
              throw e;
            }
            return brokerAnswers();
          },
          { timeoutMs: Number(process.env.KAFKA_START_TIMEOUT_MS ?? 420_000), intervalMs: 500 },
        );
      } catch (e) {
        if (alive(child.pid)) await terminate(child.pid, { timeoutMs: 10_000 }).catch(() => {});
        fs.rmSync(KAFKA_PID_FILE, { force: true });
        throw new Error(`${e.message}\n--- ${KAFKA_LOG_FILE} (tail) ---\n${tailFile(KAFKA_LOG_FILE, 40)}`);
      }
      log(`broker up after ${fmtMs(Date.now() - t0)} (pid ${child.pid}): ${KAFKA_BROKERS}`);
      return { brokers: KAFKA_BROKERS, port: KAFKA_PORT, alreadyRunning: false, pid: child.pid };
    },
    { log },
  );
  if (topics) await ensureKafkaTopics(extraTopics, { log });
  if (!result.alreadyRunning) await warmUpGroupCoordinator(log);
  result.ms = Date.now() - t0;
  if (!result.alreadyRunning) log(`ready in ${fmtMs(result.ms)}: ${KAFKA_BROKERS}`);
  return result;
}

export function stopKafka({ log = makeLogger('kafka') } = {}) {
  return stopByPidFile(KAFKA_PID_FILE, { timeoutMs: 60_000, log });
}

export async function statusKafka() {
  const pid = runningPid(KAFKA_PID_FILE);
  const accepting = pid ? await brokerAnswers().catch(() => false) : false;
  const actualPort = pid ? runningPort() : null;
  return {
    runningOnPort: actualPort,
    service: 'kafka',
    version: KAFKA_VERSION,
    libsReady: libsComplete(),
    formatted: isFormatted(),
    running: Boolean(pid),
    pid,
    accepting,
    brokers: KAFKA_BROKERS,
    port: KAFKA_PORT,
    dataDir: KAFKA_DATA_DIR,
  };
}
