// Public API of tools/infra for scripts and JS test global-setups:
//   const infra = await import('../../tools/infra/lib.mjs');
//   await infra.startAll();            // or startPostgres() / startRedis() / startKafka()
//   process.env.DATABASE_URL = infra.DATABASE_URL; ...
// Every start function is idempotent (no-op when already running) and safe to call
// from several processes at once (a lock file in .data/locks serialises them).
import { CACHE_DIR, DATA_DIR, ROOT, makeLogger } from './internal/util.mjs';
import * as postgres from './internal/postgres.mjs';
import * as redis from './internal/redis.mjs';
import * as kafka from './internal/kafka.mjs';

export { ROOT, DATA_DIR, CACHE_DIR, makeLogger } from './internal/util.mjs';
export { startPostgres, stopPostgres, statusPostgres, DATABASE_URL, PG_PORT, PG_DATA_DIR } from './internal/postgres.mjs';
export { startRedis, stopRedis, statusRedis, REDIS_URL, REDIS_PORT, REDIS_DATA_DIR } from './internal/redis.mjs';
export {
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

/** Defaults (after env overrides PG_PORT / REDIS_PORT / KAFKA_PORT). */
export const defaults = Object.freeze({
  root: ROOT,
  dataDir: DATA_DIR,
  cacheDir: CACHE_DIR,
  postgres: { host: '127.0.0.1', port: postgres.PG_PORT, user: 'hintakori', password: 'hintakori', database: 'hintakori', url: postgres.DATABASE_URL, dataDir: postgres.PG_DATA_DIR },
  redis: { host: '127.0.0.1', port: redis.REDIS_PORT, url: redis.REDIS_URL, dataDir: redis.REDIS_DATA_DIR },
  kafka: {
    host: '127.0.0.1',
    port: kafka.KAFKA_PORT,
    controllerPort: kafka.KAFKA_CONTROLLER_PORT,
    brokers: kafka.KAFKA_BROKERS,
    version: kafka.KAFKA_VERSION,
    dataDir: kafka.KAFKA_DATA_DIR,
    home: kafka.KAFKA_HOME,
    topicsFile: kafka.KAFKA_TOPICS_FILE,
  },
});

/** The environment variables the apps read, pointing at these servers. */
export function infraEnv() {
  return { DATABASE_URL: postgres.DATABASE_URL, REDIS_URL: redis.REDIS_URL, KAFKA_BROKERS: kafka.KAFKA_BROKERS };
}

const SERVERS = {
  postgres: { start: postgres.startPostgres, stop: postgres.stopPostgres, status: postgres.statusPostgres },
  redis: { start: redis.startRedis, stop: redis.stopRedis, status: redis.statusRedis },
  kafka: { start: kafka.startKafka, stop: kafka.stopKafka, status: kafka.statusKafka },
};

/** Runs start or stop of the three servers in parallel; resolves with { postgres, redis, kafka } results. */
async function eachServer(action, log) {
  const names = Object.keys(SERVERS);
  const results = await Promise.allSettled(names.map((name) => SERVERS[name][action]({ log: makeLogger(name, log ?? console.log) })));
  const failed = results.map((r, i) => [names[i], r]).filter(([, r]) => r.status === 'rejected');
  if (failed.length) throw new Error(failed.map(([n, r]) => `${n}: ${r.reason?.message ?? r.reason}`).join('\n\n'));
  return Object.fromEntries(results.map((r, i) => [names[i], r.value]));
}

/**
 * Start all three in parallel. Resolves with { postgres, redis, kafka } results (each { ms, alreadyRunning, ... });
 * rejects with every failure's message if any failed (the others are left running).
 */
export const startAll = ({ log } = {}) => eachServer('start', log);

/** Stop all three (in parallel). Resolves with per-service outcome; rejects if any stop failed. */
export const stopAll = ({ log } = {}) => eachServer('stop', log);

export async function statusAll() {
  return Object.fromEntries(await Promise.all(Object.entries(SERVERS).map(async ([name, server]) => [name, await server.status()])));
}
