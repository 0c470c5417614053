// Public API of tools/infra for scripts and JS test global-setups:
//   const infra = await import('../../tools/infra/lib.mjs');
//   await infra.startAll();            // or startPostgres() / startRedis() / startKafka()
//   process.env.DATABASE_URL = infra.DATABASE_URL; ...
// Every start function is idempotent (no-op when already running) and safe to call
// from several processes at once (a lock file in .data/locks serialises them).
import { makeLogger } from './internal/util.mjs';
import { startPostgres, stopPostgres, statusPostgres, DATABASE_URL, PG_PORT, PG_DATA_DIR } from './internal/postgres.mjs';
import { startRedis, stopRedis, statusRedis, REDIS_URL, REDIS_PORT, REDIS_DATA_DIR } from './internal/redis.mjs';
import {
  startKafka,
  stopKafka,
  statusKafka,
  ensureKafkaTopics,
  ensureKafkaLibs,
  topicSpecs,
  KAFKA_BROKERS,
  KAFKA_PORT,
  KAFKA_CONTROLLER_PORT,
  KAFKA_VERSION,
  KAFKA_DATA_DIR,
  KAFKA_HOME,
  KAFKA_TOPICS_FILE,
} from './internal/kafka.mjs';
import { ROOT, DATA_DIR, TOOLS_DIR } from './internal/util.mjs';

export {
  ROOT,
  DATA_DIR,
  TOOLS_DIR,
  makeLogger,
  startPostgres,
  stopPostgres,
  statusPostgres,
  startRedis,
  stopRedis,
  statusRedis,
  startKafka,
  stopKafka,
  statusKafka,
  ensureKafkaTopics,
  ensureKafkaLibs,
  topicSpecs,
  DATABASE_URL,
  PG_PORT,
  PG_DATA_DIR,
  REDIS_URL,
  REDIS_PORT,
  REDIS_DATA_DIR,
  KAFKA_BROKERS,
  KAFKA_PORT,
  KAFKA_CONTROLLER_PORT,
  KAFKA_VERSION,
  KAFKA_DATA_DIR,
  KAFKA_HOME,
  KAFKA_TOPICS_FILE,
};

/** Defaults (after env overrides PG_PORT / REDIS_PORT / KAFKA_PORT). */
export const defaults = Object.freeze({
  root: ROOT,
  dataDir: DATA_DIR,
  toolsDir: TOOLS_DIR,
  postgres: { host: '127.0.0.1', port: PG_PORT, user: 'hintakori', password: 'hintakori', database: 'hintakori', url: DATABASE_URL, dataDir: PG_DATA_DIR },
  redis: { host: '127.0.0.1', port: REDIS_PORT, url: REDIS_URL, dataDir: REDIS_DATA_DIR },
  kafka: {
    host: '127.0.0.1',
    port: KAFKA_PORT,
    controllerPort: KAFKA_CONTROLLER_PORT,
    brokers: KAFKA_BROKERS,
    version: KAFKA_VERSION,
    dataDir: KAFKA_DATA_DIR,
    home: KAFKA_HOME,
    topicsFile: KAFKA_TOPICS_FILE,
  },
});

/** The environment variables the apps read, pointing at these servers. */
export function infraEnv() {
  return { DATABASE_URL, REDIS_URL, KAFKA_BROKERS };
}

/**
 * Start all three in parallel. Resolves with { postgres, redis, kafka } results
 * (each { ms, alreadyRunning, ... }); rejects with an AggregateError-like message
 * if any failed (the others are left running).
 */
export async function startAll({ log } = {}) {
  const lg = (p) => makeLogger(p, log ?? console.log);
  const names = ['postgres', 'redis', 'kafka'];
  const results = await Promise.allSettled([startPostgres({ log: lg('postgres') }), startRedis({ log: lg('redis') }), startKafka({ log: lg('kafka') })]);
  const failed = results.map((r, i) => [names[i], r]).filter(([, r]) => r.status === 'rejected');
  if (failed.length) {
    throw new Error(failed.map(([n, r]) => `${n}: ${r.reason?.message ?? r.reason}`).join('\n\n'));
  }
  return Object.fromEntries(results.map((r, i) => [names[i], r.value]));
}

/** Stop all three (in parallel). Resolves with per-service outcome; rejects if any stop failed. */
export async function stopAll({ log } = {}) {
  const lg = (p) => makeLogger(p, log ?? console.log);
  const names = ['postgres', 'redis', 'kafka'];
  const results = await Promise.allSettled([stopPostgres({ log: lg('postgres') }), stopRedis({ log: lg('redis') }), stopKafka({ log: lg('kafka') })]);
  const failed = results.map((r, i) => [names[i], r]).filter(([, r]) => r.status === 'rejected');
  if (failed.length) throw new Error(failed.map(([n, r]) => `${n}: ${r.reason?.message ?? r.reason}`).join('\n'));
  return Object.fromEntries(results.map((r, i) => [names[i], r.value]));
}

export async function statusAll() {
  const [postgres, redis, kafka] = await Promise.all([statusPostgres(), statusRedis(), statusKafka()]);
  return { postgres, redis, kafka };
}
