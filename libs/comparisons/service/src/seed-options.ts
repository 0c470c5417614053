/** `SEED_FROM_FEED` (libs/platform/config) decides whether the demo data comes by feed run instead of this seeder. */
export { seedFromFeedEnv } from '@hintakori/platform-config';

export interface ComparisonsModuleOptions {
  /** Leave the prices to the feed; default from SEED_FROM_FEED. */
  seedFromFeed?: boolean;
  /** Kafka consumer group of the price projection (distributed); default `comparisons-projections`. */
  eventConsumerGroup?: string;
}

export const COMPARISONS_SEED_FROM_FEED = Symbol('COMPARISONS_SEED_FROM_FEED');
