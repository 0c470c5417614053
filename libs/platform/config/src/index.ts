export { APP_CONFIG } from './tokens';
export { AppConfigModule } from './app-config.module';
/**
 * One validated configuration per process, read from the environment at boot.
 * A bad value stops the process with a message naming the variable.
 */
export type Profile = 'standalone' | 'distributed';

export interface AppConfig {
  profile: Profile;
  /** HTTP port of the gateway (or of a service's health endpoint). */
  port: number;
  /** PostgreSQL URL; in the standalone profile empty until the embedded server is up. */
  databaseUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
  dataDir: string;
  /**
   * Where the data comes from (HINTAKORI_DATA, `npm start -- --real`): `demo` (default) loads the generated demo feeds;
   * `real` starts on an empty database of its own (DATA_DIR default `.data/real`) filled only from the open-data
   * sources (OpenStreetMap, Open Prices, Open Food Facts), which are then scheduled like any feed.
   */
  data: 'demo' | 'real';
  seedDemoData: boolean;
  runMigrations: boolean;
  dbPoolSize: number;
  rpcTimeoutMs: number;
  /**
   * The gateway's breaker: a call unanswered this long, from a service that answered nothing meanwhile, makes it
   * probe the service; no answer to the probe either opens the breaker (fast 503s with Retry-After). 0 turns it off.
   */
  rpcStallMs: number;
  /** How long the breaker's probe may take before the service counts as not answering (RPC_PROBE_TIMEOUT_MS). */
  rpcProbeTimeoutMs: number;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** Price ingest: feeds, schedule, workers and the demo feed. */
  ingest: IngestConfig;
  /** Kafka partition counts of the topics created by the project's setup (tools/build/kafka-topics.mjs). */
  kafkaPartitions: { rpc: number; prices: number; events: number };
}

export type DemoFeedSize = 'tiny' | 'small' | 'finland';

export interface IngestConfig {
  /**
   * Scheduled feeds, `INGEST_FEEDS=s-group=https://…;k-group=/data/k.jsonl;osm;open-prices=https://…` (source=file path
   * or URL, `;`-separated; an open-data source alone or with an empty location pulls from its public endpoint), each
   * with its cron pattern.
   */
  feeds: { source: string; location: string; schedule: string }[];
  /** Cron pattern of the chain feeds' repeatable jobs (default: four times a day). */
  schedule: string;
  /**
   * Open-data sources: Open Food Facts for EAN look-ups (OPEN_FOOD_FACTS_URL; 'off' → none), the contact in the
   * User-Agent (INGEST_CONTACT; unset: price-ingest's default), category prices.
   */
  openData: { openFoodFactsUrl: string | null; contact: string | undefined; openPricesCategoryEans: string; osmExceptionDays: number };
  /** Feed runs one worker process handles at the same time. */
  workerConcurrency: number;
  /** Attempts of a failed feed run (each resumes from its checkpoint), with exponential backoff from backoffMs. */
  jobAttempts: number;
  backoffMs: number;
  /** BullMQ key prefix (Redis) or schema (PostgreSQL) of the ingest queue. */
  queuePrefix: string;
  /** Whether this process runs feed-run workers (the standalone host does; the distributed API process does not). */
  runWorkers: boolean;
  /** Load the demo data by a feed run of the generated demo feeds (instead of the services' own seeders). */
  demoViaFeed: boolean;
  demoFeedSize: DemoFeedSize;
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, problems: string[], min = 0, max = 65535): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
    return fallback;
  }
  return n;
}

function bool(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  problems.push(`${name} must be true or false, got "${env[name]}"`);
  return fallback;
}

export function loadConfig(env: Env = process.env, defaults: { port?: number } = {}): AppConfig {
  const problems: string[] = [];
  const profileRaw = env.HINTAKORI_PROFILE ?? 'standalone';
  if (profileRaw !== 'standalone' && profileRaw !== 'distributed') {
    problems.push(`HINTAKORI_PROFILE must be "standalone" or "distributed", got "${profileRaw}"`);
  }
  const profile: Profile = profileRaw === 'distributed' ? 'distributed' : 'standalone';
  const databaseUrl = env.DATABASE_URL ?? '';
  const kafkaBrokers = (env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  const redisUrl = env.REDIS_URL ?? '';
  if (profile === 'distributed') {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// URL in the distributed profile');
    if (kafkaBrokers.length === 0) problems.push('KAFKA_BROKERS must list at least one host:port in the distributed profile');
    if (!/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must be a redis:// URL in the distributed profile');
  }
  for (const broker of kafkaBrokers) {
    if (!/^[\w.-]+:\d+$/.test(broker)) problems.push(`KAFKA_BROKERS entry "${broker}" is not host:port`);
  }
  const logLevel = (env.LOG_LEVEL ?? 'log') as AppConfig['logLevel'];
  if (!['error', 'warn', 'log', 'debug'].includes(logLevel)) problems.push(`LOG_LEVEL must be error, warn, log or debug, got "${logLevel}"`);
  const data = oneOf(env, 'HINTAKORI_DATA', ['demo', 'real'] as const, 'demo', problems);
  const config: AppConfig = {
    profile,
    port: int(env, 'PORT', defaults.port ?? 3000, problems, 1),
    databaseUrl,
    kafkaBrokers,
    redisUrl,
    dataDir: env.DATA_DIR ?? (data === 'real' ? '.data/real' : '.data'),
    data,
    seedDemoData: bool(env, 'SEED_DEMO_DATA', true, problems),
    runMigrations: bool(env, 'RUN_MIGRATIONS', true, problems),
    dbPoolSize: int(env, 'DB_POOL_SIZE', profile === 'standalone' ? 6 : 10, problems, 1, 200),
    rpcTimeoutMs: int(env, 'RPC_TIMEOUT_MS', 10000, problems, 100, 120000),
    rpcStallMs: int(env, 'RPC_STALL_MS', profile === 'distributed' ? 1000 : 0, problems, 0, 60000),
    rpcProbeTimeoutMs: int(env, 'RPC_PROBE_TIMEOUT_MS', 700, problems, 50, 60000),
    logLevel,
    ingest: ingestConfig(env, profile, data, problems),
    kafkaPartitions: {
      rpc: int(env, 'KAFKA_PARTITIONS_RPC', 3, problems, 1, 1000),
      prices: int(env, 'KAFKA_PARTITIONS_PRICES', 6, problems, 1, 1000),
      events: int(env, 'KAFKA_PARTITIONS_EVENTS', 3, problems, 1, 1000),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * The open-data feeds of HINTAKORI_DATA=real when INGEST_FEEDS is unset: every source from its public endpoint, or all
 * three from one base URL (OPEN_DATA_URL, e.g. the local stand-ins of `npm run ingest:stand-ins`).
 */
function realDataFeeds(env: Env): string {
  const base = env.OPEN_DATA_URL?.trim().replace(/\/+$/, '');
  return base ? `osm=${base}/api/interpreter;open-prices=${base};open-food-facts=${base}` : 'osm;open-prices;open-food-facts';
}

function ingestConfig(env: Env, profile: Profile, data: AppConfig['data'], problems: string[]): IngestConfig {
  const feeds: IngestConfig['feeds'] = [];
  const cron = (name: string, fallback: string) => {
    const pattern = env[name]?.trim() || fallback;
    if (pattern.split(/\s+/).length < 5 || pattern.split(/\s+/).length > 6) problems.push(`${name} must be a cron pattern of 5 or 6 fields, got "${pattern}"`);
    return pattern;
  };
  const schedule = cron('INGEST_SCHEDULE', '0 5,11,17,23 * * *');
  // Open data: stores weekly (Monday 03:00), products nightly (02:30; EANs not refreshed in 30 days), prices hourly.
  const openSchedules: Record<string, string> = {
    osm: cron('INGEST_SCHEDULE_OSM', '0 3 * * 1'),
    'open-food-facts': cron('INGEST_SCHEDULE_OPEN_FOOD_FACTS', '30 2 * * *'),
    'open-prices': cron('INGEST_SCHEDULE_OPEN_PRICES', '15 * * * *'),
  };
  const feedList = env.INGEST_FEEDS ?? (data === 'real' ? realDataFeeds(env) : '');
  for (const entry of feedList.split(';').map((e) => e.trim()).filter(Boolean)) {
    const eq = entry.indexOf('=');
    const source = (eq > 0 ? entry.slice(0, eq) : entry).trim();
    const location = eq > 0 ? entry.slice(eq + 1).trim() : '';
    const open = source in openSchedules;
    if (!(open || /^(s-group|k-group|lidl|csv:[a-z0-9-]+|jsonl:[a-z0-9-]+)$/.test(source)) || (!open && !location)) {
      problems.push(
        `INGEST_FEEDS entry "${entry}" must be <source>=<path or URL> with source s-group, k-group, lidl, csv:<name> or jsonl:<name>, or osm, open-food-facts, open-prices (optionally =<URL>)`,
      );
    } else feeds.push({ source, location, schedule: openSchedules[source] ?? schedule });
  }
  const offUrl = env.OPEN_FOOD_FACTS_URL?.trim() || (data === 'real' ? env.OPEN_DATA_URL?.trim() : undefined);
  const demoFeedSize = (env.DEMO_FEED_SIZE ?? 'small') as DemoFeedSize;
  if (!['tiny', 'small', 'finland'].includes(demoFeedSize)) problems.push(`DEMO_FEED_SIZE must be tiny, small or finland, got "${demoFeedSize}"`);
  const queuePrefix = env.INGEST_QUEUE_PREFIX ?? 'hintakori';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(queuePrefix)) problems.push(`INGEST_QUEUE_PREFIX must be a lower-case identifier, got "${queuePrefix}"`);
  return {
    feeds,
    schedule,
    openData: {
      openFoodFactsUrl: offUrl === 'off' ? null : (offUrl || 'https://world.openfoodfacts.org').replace(/\/+$/, ''),
      contact: env.INGEST_CONTACT?.trim() || undefined,
      openPricesCategoryEans: env.OPEN_PRICES_CATEGORY_EANS ?? '',
      osmExceptionDays: int(env, 'INGEST_OSM_EXCEPTION_DAYS', 21, problems, 1, 400),
    },
    workerConcurrency: int(env, 'INGEST_WORKER_CONCURRENCY', 1, problems, 1, 16),
    jobAttempts: int(env, 'INGEST_JOB_ATTEMPTS', 5, problems, 1, 100),
    backoffMs: int(env, 'INGEST_BACKOFF_MS', 30000, problems, 100, 3_600_000),
    queuePrefix,
    runWorkers: bool(env, 'INGEST_RUN_WORKERS', profile === 'standalone', problems),
    demoViaFeed: bool(env, 'DEMO_VIA_FEED', true, problems),
    demoFeedSize,
  };
}

/**
 * `SEED_FROM_FEED=true`: the demo data arrives as events from a feed run, so the services' seeders load only
 * their reference data (catalog: the category tree). Default false. Throws ConfigError on a bad value.
 */
export function seedFromFeedEnv(env: Env = process.env): boolean {
  const problems: string[] = [];
  const value = bool(env, 'SEED_FROM_FEED', false, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return value;
}

/** Loads the configuration or exits the process with a readable message. */
export function loadConfigOrExit(env: Env = process.env, defaults: { port?: number } = {}): AppConfig {
  try {
    return loadConfig(env, defaults);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T, problems: string[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    problems.push(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
    return fallback;
  }
  return raw as T;
}
