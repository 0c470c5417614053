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
  /**
   * Prefix of the deployment's BullMQ queues (INGEST_QUEUE_PREFIX, default hintakori): the Redis key prefix in the
   * distributed profile, the PostgreSQL schema `<prefix>_jobs` in the standalone one. A second database on the same
   * Redis gets its own, so job ids of different databases never meet.
   */
  queuePrefix: string;
  /** Kafka partition counts of the topics created by the project's setup (tools/build/kafka-topics.mjs). */
  kafkaPartitions: { rpc: number; prices: number; events: number };
  /** The gateway's `/api` requests per client a minute (RATE_LIMIT_PER_MINUTE, default 1200); 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Set the Secure flag on the gateway's cookies even on plain http, behind a TLS proxy (COOKIE_SECURE, default false). */
  cookieSecure: boolean;
  /** Port of the standalone profile's embedded PostgreSQL when DATABASE_URL is unset (PG_PORT, default 54329). */
  embeddedPgPort: number;
  /**
   * SEED_FROM_FEED=true: the demo data arrives as events from a feed run, so the services' seeders load only their
   * reference data (catalog: the category tree). Default false.
   */
  seedFromFeed: boolean;
  /** HINTAKORI_MIGRATE_ONLY=true: the service runs its migrations and exits (the migrations Job). Default false. */
  migrateOnly: boolean;
  /** SIGTERM drains HTTP and Kafka consumers within this many milliseconds (SHUTDOWN_GRACE_MS, default 25000). */
  shutdownGraceMs: number;
}

/**
 * A library's own settings, read beside it (the gateway's pages and admin area, the alerts service's mail) from the
 * same environment by the same readers (envInt, envBool, envOneOf), at boot with the app's: its problems join the
 * app's in the one ConfigError. `app` is the app's config (for defaults that depend on the profile or port).
 */
export type ConfigSection<T> = (env: Env, problems: string[], app: AppConfig) => T;
export type ConfigSections = Record<string, ConfigSection<unknown>>;
/** The app's config with each section's settings under its key. */
export type WithSections<S extends ConfigSections> = AppConfig & { [K in keyof S]: ReturnType<S[K]> };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

/** An integer variable within [min, max] (fallback when unset); a bad value adds a problem naming it. */
export function envInt(env: Env, name: string, fallback: number, problems: string[], min = 0, max = 65535): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
    return fallback;
  }
  return n;
}

/** A true/false (1/0, yes/no) variable (fallback when unset); a bad value adds a problem naming it. */
export function envBool(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  problems.push(`${name} must be true or false, got "${env[name]}"`);
  return fallback;
}

/**
 * The process's configuration, read from `env` (the app's main passes process.env; nothing else reads it): the
 * platform's variables, then each section's. Every bad value is named in one ConfigError.
 */
export function loadConfig<S extends ConfigSections = Record<never, never>>(env: Env = process.env, defaults: { port?: number } = {}, sections?: S): WithSections<S> {
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
  const data = envOneOf(env, 'HINTAKORI_DATA', ['demo', 'real'] as const, 'demo', problems);
  const queuePrefix = env.INGEST_QUEUE_PREFIX ?? 'hintakori';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(queuePrefix)) problems.push(`INGEST_QUEUE_PREFIX must be a lower-case identifier, got "${queuePrefix}"`);
  const config: AppConfig = {
    profile,
    port: envInt(env, 'PORT', defaults.port ?? 3000, problems, 1),
    databaseUrl,
    kafkaBrokers,
    redisUrl,
    dataDir: env.DATA_DIR ?? (data === 'real' ? '.data/real' : '.data'),
    data,
    seedDemoData: envBool(env, 'SEED_DEMO_DATA', true, problems),
    runMigrations: envBool(env, 'RUN_MIGRATIONS', true, problems),
    dbPoolSize: envInt(env, 'DB_POOL_SIZE', profile === 'standalone' ? 6 : 10, problems, 1, 200),
    rpcTimeoutMs: envInt(env, 'RPC_TIMEOUT_MS', 10000, problems, 100, 120000),
    rpcStallMs: envInt(env, 'RPC_STALL_MS', profile === 'distributed' ? 1000 : 0, problems, 0, 60000),
    rpcProbeTimeoutMs: envInt(env, 'RPC_PROBE_TIMEOUT_MS', 700, problems, 50, 60000),
    logLevel,
    queuePrefix,
    kafkaPartitions: {
      rpc: envInt(env, 'KAFKA_PARTITIONS_RPC', 3, problems, 1, 1000),
      prices: envInt(env, 'KAFKA_PARTITIONS_PRICES', 6, problems, 1, 1000),
      events: envInt(env, 'KAFKA_PARTITIONS_EVENTS', 3, problems, 1, 1000),
    },
    rateLimitPerMinute: envInt(env, 'RATE_LIMIT_PER_MINUTE', 1200, problems, 0, 1_000_000),
    cookieSecure: envBool(env, 'COOKIE_SECURE', false, problems),
    embeddedPgPort: envInt(env, 'PG_PORT', 54329, problems, 1),
    seedFromFeed: envBool(env, 'SEED_FROM_FEED', false, problems),
    migrateOnly: envBool(env, 'HINTAKORI_MIGRATE_ONLY', false, problems),
    shutdownGraceMs: envInt(env, 'SHUTDOWN_GRACE_MS', 25_000, problems, 1000, 600_000),
  };
  const read: Record<string, unknown> = {};
  for (const [key, section] of Object.entries(sections ?? {})) read[key] = section(env, problems, config);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, ...read } as WithSections<S>;
}

/** Loads the configuration (and its sections) or exits the process with a readable message. */
export function loadConfigOrExit<S extends ConfigSections = Record<never, never>>(env: Env = process.env, defaults: { port?: number } = {}, sections?: S): WithSections<S> {
  return orExit(() => loadConfig(env, defaults, sections));
}

/** Runs a configuration loader; a ConfigError exits the process (code 78) with its message. */
export function orExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

/** One of `values` (fallback when unset); another value adds a problem naming the variable. */
export function envOneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T, problems: string[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    problems.push(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
    return fallback;
  }
  return raw as T;
}
