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
  seedDemoData: boolean;
  runMigrations: boolean;
  dbPoolSize: number;
  rpcTimeoutMs: number;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
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
  const config: AppConfig = {
    profile,
    port: int(env, 'PORT', defaults.port ?? 3000, problems, 1),
    databaseUrl,
    kafkaBrokers,
    redisUrl,
    dataDir: env.DATA_DIR ?? '.data',
    seedDemoData: bool(env, 'SEED_DEMO_DATA', true, problems),
    runMigrations: bool(env, 'RUN_MIGRATIONS', true, problems),
    dbPoolSize: int(env, 'DB_POOL_SIZE', profile === 'standalone' ? 6 : 10, problems, 1, 200),
    rpcTimeoutMs: int(env, 'RPC_TIMEOUT_MS', 10000, problems, 100, 120000),
    logLevel,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
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
