import { ConfigError } from '@hintakori/platform-config';

/**
 * `SEED_FROM_FEED=true`: the demo items and prices arrive as events from a feed run, so the seeder loads
 * only the category tree. Default false (the seeder loads everything) during the transition.
 */
export function seedFromFeedEnv(env: Record<string, string | undefined> = process.env): boolean {
  const raw = env.SEED_FROM_FEED?.trim().toLowerCase();
  if (raw === undefined || raw === '') return false;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError([`SEED_FROM_FEED must be true or false, got "${env.SEED_FROM_FEED}"`]);
}

export interface CatalogModuleOptions {
  /** Seed only the category tree; default from SEED_FROM_FEED. */
  seedFromFeed?: boolean;
  /** Kafka consumer group of the event projections (distributed); default `catalog-projections`. */
  eventConsumerGroup?: string;
}

export const CATALOG_SEED_FROM_FEED = Symbol('CATALOG_SEED_FROM_FEED');
