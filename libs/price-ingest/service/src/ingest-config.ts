import { AppConfig, ConfigError, type ConfigSections, Env, envBool, envInt, loadConfig } from '@hintakori/platform-config';
import { DEFAULT_FEED_LIMITS, type FeedLimits, GIB, MIB } from './feeds/feed-input';
import type { ShardSettings } from './runs/shard-plan';

/**
 * Price-ingest's settings, read from the environment beside the platform's AppConfig: the feeds and their schedules,
 * the open-data sources, the workers and the demo feed. The queue prefix (INGEST_QUEUE_PREFIX) is the platform's
 * `queuePrefix`: the alerts queue shares it.
 */
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
   * The chains' own web shops the operator has enabled for scheduled runs, after an agreement with the chain:
   * `INGEST_CHAIN_SOURCES=s-kaupat,k-ruoka,lidl` (each optionally `=<URL>`), scheduled by INGEST_SCHEDULE_CHAIN
   * (default hourly: each run spends an hour's request budget). Also in `feeds`; empty: none is ever run unasked.
   */
  chainSources: string[];
  /**
   * Open-data sources: Open Food Facts for EAN look-ups (OPEN_FOOD_FACTS_URL; 'off' → none), the contact in the
   * User-Agent (INGEST_CONTACT; unset: price-ingest's default), category prices.
   */
  openData: {
    openFoodFactsUrl: string | null;
    contact: string | undefined;
    openPricesCategoryEans: string;
    osmExceptionDays: number;
    /**
     * Requests a second each pull source may make, all workers and processes together (INGEST_RATE_S_KAUPAT,
     * INGEST_RATE_K_RUOKA, INGEST_RATE_LIDL, INGEST_RATE_OSM, INGEST_RATE_OPEN_PRICES, INGEST_RATE_OPEN_FOOD_FACTS; see
     * REQUEST_RATES), keyed by source id: the shared limiter's (sources/http/source-rate-limiter.ts).
     */
    requestRates: Record<string, number>;
    /** The sources whose INGEST_RATE_<SOURCE> is set: their rate holds for a stand-in on this machine too (unset: the defaults spare only public services). */
    requestRatesOnLoopback: string[];
  };
  /**
   * Requests per hour each chain source may spend on prices (INGEST_BUDGET_S_KAUPAT, INGEST_BUDGET_K_RUOKA,
   * INGEST_BUDGET_LIDL; 1–3,600, at most one a second), keyed by source id: OpenDataWiring.requestBudgets.
   */
  requestBudgets: Record<string, number>;
  /**
   * How much of a feed a run reads: the longest line (INGEST_MAX_LINE_BYTES, default 1 MiB: a longer one is skipped and
   * rejected), the most a .gz feed may decompress to (INGEST_MAX_GZ_BYTES, default 2 GiB: past it the run stops) and
   * the same for the bulk Open Food Facts export (INGEST_MAX_GZ_BYTES_BULK, default 200 GiB).
   */
  feedLimits: FeedLimits;
  /**
   * How a run is split across workers (runs/shard-plan.ts): a file in parts of about INGEST_SHARD_BYTES (default 8 MiB in the
   * distributed profile, 0 in the standalone; 0: never split) after the file's head; a chain shop's pull in its store
   * listing and INGEST_PULL_PARTS parts by store (default 4 distributed, 0 standalone); at most INGEST_MAX_SHARDS parts a run (default 64).
   */
  shards: ShardSettings;
  /** Feed runs one worker process handles at the same time. */
  workerConcurrency: number;
  /** Attempts of a failed feed run (each resumes from its checkpoint), with exponential backoff from backoffMs. */
  jobAttempts: number;
  backoffMs: number;
  /** Whether this process runs feed-run workers (the standalone host does; the distributed API process does not). */
  runWorkers: boolean;
  /** Load the demo data by a feed run of the generated demo feeds (instead of the services' own seeders). */
  demoViaFeed: boolean;
  demoFeedSize: DemoFeedSize;
}

/** The configuration price-ingest's module and tools take: the platform's, with the ingest settings. */
export type IngestAppConfig = AppConfig & { ingest: IngestConfig };

/**
 * The open-data feeds of HINTAKORI_DATA=real when INGEST_FEEDS is unset: every source from its public endpoint, or all
 * three from one base URL (OPEN_DATA_URL, e.g. the local stand-ins of `npm run ingest:stand-ins`).
 */
function realDataFeeds(env: Env): string {
  const base = env.OPEN_DATA_URL?.trim().replace(/\/+$/, '');
  return base ? `osm=${base}/api/interpreter;open-prices=${base};open-food-facts=${base}` : 'osm;open-prices;open-food-facts';
}

/** The chains' web-shop sources: pulled from the chains' own shops, run on a schedule only when the operator enables them. */
export const CHAIN_SHOP_SOURCES = ['s-kaupat', 'k-ruoka', 'lidl'] as const;

/**
 * Where each chain source is at one local base URL (OPEN_DATA_URL: the stand-ins of `npm run ingest:stand-ins`): all
 * three at the base, as on the stand-ins' server (S-kaupat's GraphQL endpoint is the root path, as the real one).
 */
export function chainSourceAt(_source: string, base: string): string {
  return base;
}

/** Each budgeted chain source: its id, its budget's variable and the default requests per hour (under one a second). */
export const REQUEST_BUDGETS = [
  { source: 's-kaupat', variable: 'INGEST_BUDGET_S_KAUPAT', perHour: 3000 },
  { source: 'k-ruoka', variable: 'INGEST_BUDGET_K_RUOKA', perHour: 3000 },
  { source: 'lidl', variable: 'INGEST_BUDGET_LIDL', perHour: 600 },
] as const;

/**
 * Each pull source's rate variable and default requests a second, shared by every worker (source-rate-limiter.ts):
 * the chains' web shops one request every 2 s (they publish no limit), the open-data services what they ask for
 * (Overpass one national query a minute, Open Prices 30 a minute, Open Food Facts' product reads 15 a minute; the
 * Open Food Facts look-ups of an Open Prices run count as Open Food Facts').
 */
export const REQUEST_RATES = [
  { source: 's-kaupat', variable: 'INGEST_RATE_S_KAUPAT', perSecond: 0.5 },
  { source: 'k-ruoka', variable: 'INGEST_RATE_K_RUOKA', perSecond: 0.5 },
  { source: 'lidl', variable: 'INGEST_RATE_LIDL', perSecond: 0.5 },
  { source: 'osm', variable: 'INGEST_RATE_OSM', perSecond: 1 / 60 },
  { source: 'open-prices', variable: 'INGEST_RATE_OPEN_PRICES', perSecond: 0.5 },
  { source: 'open-food-facts', variable: 'INGEST_RATE_OPEN_FOOD_FACTS', perSecond: 0.25 },
] as const;

/** Most requests a second a source may be given (INGEST_RATE_<SOURCE>). */
export const MAX_REQUEST_RATE = 100;

/**
 * A request rate variable: a fraction below one (0.5: one request every 2 s) or a whole number of requests a second
 * from one to MAX_REQUEST_RATE; a bad value adds a problem naming it.
 */
export function envRequestRate(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n > 0 && n <= MAX_REQUEST_RATE) || (n >= 1 && !Number.isInteger(n))) {
    problems.push(`${name} must be requests a second: a fraction below 1 (0.5 = one every 2 s) or a whole number from 1 to ${MAX_REQUEST_RATE}, got "${env[name]}"`);
    return fallback;
  }
  return n;
}

/** The ingest settings of `env` for a process of this profile and data; each bad value adds a problem naming it. */
export function readIngestConfig(env: Env, { profile, data }: Pick<AppConfig, 'profile' | 'data'>, problems: string[]): IngestConfig {
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
  const chainSchedule = cron('INGEST_SCHEDULE_CHAIN', '40 * * * *');
  const chainSources: string[] = [];
  const localBase = data === 'real' ? env.OPEN_DATA_URL?.trim().replace(/\/+$/, '') : undefined;
  for (const entry of (env.INGEST_CHAIN_SOURCES ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const eq = entry.indexOf('=');
    const source = (eq > 0 ? entry.slice(0, eq) : entry).trim();
    const location = eq > 0 ? entry.slice(eq + 1).trim() : localBase ? chainSourceAt(source, localBase) : '';
    if (!(CHAIN_SHOP_SOURCES as readonly string[]).includes(source)) {
      problems.push(`INGEST_CHAIN_SOURCES entry "${entry}" must be one of ${CHAIN_SHOP_SOURCES.join(', ')} (optionally =<URL>)`);
    } else if (location !== '' && !/^https?:\/\/\S+$/.test(location)) {
      problems.push(`INGEST_CHAIN_SOURCES entry "${entry}" must give an http(s) URL after "="`);
    } else if (chainSources.includes(source)) {
      problems.push(`INGEST_CHAIN_SOURCES names ${source} twice`);
    } else {
      chainSources.push(source);
      feeds.push({ source, location, schedule: chainSchedule });
    }
  }
  for (const entry of feedList.split(';').map((e) => e.trim()).filter(Boolean)) {
    const eq = entry.indexOf('=');
    const source = (eq > 0 ? entry.slice(0, eq) : entry).trim();
    const location = eq > 0 ? entry.slice(eq + 1).trim() : '';
    if (source === 's-kaupat' || source === 'k-ruoka') {
      problems.push(`INGEST_FEEDS entry "${entry}": ${source} is a chain's web shop, scheduled only when enabled in INGEST_CHAIN_SOURCES (after an agreement with the chain)`);
      continue;
    }
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
  return {
    feeds,
    schedule,
    chainSources,
    openData: {
      openFoodFactsUrl: offUrl === 'off' ? null : (offUrl || 'https://world.openfoodfacts.org').replace(/\/+$/, ''),
      contact: env.INGEST_CONTACT?.trim() || undefined,
      openPricesCategoryEans: env.OPEN_PRICES_CATEGORY_EANS ?? '',
      osmExceptionDays: envInt(env, 'INGEST_OSM_EXCEPTION_DAYS', 21, problems, 1, 400),
      requestRates: Object.fromEntries(REQUEST_RATES.map((r) => [r.source, envRequestRate(env, r.variable, r.perSecond, problems)])),
      requestRatesOnLoopback: REQUEST_RATES.filter((r) => (env[r.variable]?.trim() ?? '') !== '').map((r) => r.source),
    },
    requestBudgets: Object.fromEntries(REQUEST_BUDGETS.map((b) => [b.source, envInt(env, b.variable, b.perHour, problems, 1, 3600)])),
    feedLimits: {
      maxLineBytes: envInt(env, 'INGEST_MAX_LINE_BYTES', DEFAULT_FEED_LIMITS.maxLineBytes, problems, 4096, 256 * MIB),
      maxGzBytes: envInt(env, 'INGEST_MAX_GZ_BYTES', DEFAULT_FEED_LIMITS.maxGzBytes, problems, MIB, 1024 * GIB),
      maxGzBytesBulk: envInt(env, 'INGEST_MAX_GZ_BYTES_BULK', DEFAULT_FEED_LIMITS.maxGzBytesBulk, problems, MIB, 1024 * GIB),
    },
    shards: {
      // The standalone's one in-process worker gains nothing from shards (measured: an unchanged small run 6.0 s whole,
      // 9.3 s in 8 shards), so it reads a file whole unless told otherwise; the distributed workers split it.
      shardBytes: envInt(env, 'INGEST_SHARD_BYTES', profile === 'standalone' ? 0 : 8 * MIB, problems, 0, 1024 * GIB),
      // A chain shop's pull: its store listing, then this many parts of its stores' prices that any worker takes, so
      // several workers wait for the shop's answers at once (its rate and hourly budget stay shared by them all).
      pullParts: envInt(env, 'INGEST_PULL_PARTS', profile === 'standalone' ? 0 : 4, problems, 0, 1024),
      maxShards: envInt(env, 'INGEST_MAX_SHARDS', 64, problems, 2, 1024),
    },
    workerConcurrency: envInt(env, 'INGEST_WORKER_CONCURRENCY', 1, problems, 1, 16),
    jobAttempts: envInt(env, 'INGEST_JOB_ATTEMPTS', 5, problems, 1, 100),
    backoffMs: envInt(env, 'INGEST_BACKOFF_MS', 30000, problems, 100, 3_600_000),
    runWorkers: envBool(env, 'INGEST_RUN_WORKERS', profile === 'standalone', problems),
    demoViaFeed: envBool(env, 'DEMO_VIA_FEED', true, problems),
    demoFeedSize,
  };
}

/**
 * A platform configuration read from `env` with the ingest settings of the same `env` added; `overrides` replaces
 * some of them (e.g. `{ feeds: [] }` for a process that must not schedule the configured feeds). Throws ConfigError.
 */
export function withIngestConfig(config: AppConfig, env: Env, overrides: Partial<IngestConfig> = {}): IngestAppConfig {
  const problems: string[] = [];
  const ingest = readIngestConfig(env, config, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, ingest: { ...ingest, ...overrides } };
}

/** Price-ingest's own settings beside the platform's, read at boot with them (loadConfig's sections). */
export const INGEST_CONFIG_SECTIONS = { ingest: (env: Env, problems: string[], app: AppConfig): IngestConfig => readIngestConfig(env, app, problems) } satisfies ConfigSections;

/** loadConfig and the ingest settings, every bad value of both named in one ConfigError. */
export function loadIngestAppConfig(env: Env, defaults: { port?: number } = {}, overrides: Partial<IngestConfig> = {}): IngestAppConfig {
  const config = loadConfig(env, defaults, INGEST_CONFIG_SECTIONS);
  return { ...config, ingest: { ...config.ingest, ...overrides } };
}
