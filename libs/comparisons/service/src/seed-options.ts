import { ConfigError } from '@hintakori/platform-config';

/**
 * `SEED_FROM_FEED=true`: demo prices arrive as `prices.observed` events from a feed run, so the seeder loads
 * nothing. Default false (the seeder loads them) during the transition.
 */
export function seedFromFeedEnv(env: Record<string, string | undefined> = process.env): boolean {
  const raw = env.SEED_FROM_FEED?.trim().toLowerCase();
  if (raw === undefined || raw === '') return false;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError([`SEED_FROM_FEED must be true or false, got "${env.SEED_FROM_FEED}"`]);
}

export interface ComparisonsModuleOptions {
  /** Leave the prices to the feed; default from SEED_FROM_FEED. */
  seedFromFeed?: boolean;
  /** Kafka consumer group of the price projection (distributed); default `comparisons-projections`. */
  eventConsumerGroup?: string;
}

export const COMPARISONS_SEED_FROM_FEED = Symbol('COMPARISONS_SEED_FROM_FEED');
