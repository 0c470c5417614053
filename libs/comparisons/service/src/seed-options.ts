// `SEED_FROM_FEED` (AppConfig.seedFromFeed, libs/platform/config) decides whether the demo data comes by feed run instead of this seeder.

export interface ComparisonsModuleOptions {
  /** Leave the prices to the feed; default AppConfig.seedFromFeed (SEED_FROM_FEED). */
  seedFromFeed?: boolean;
  /** Kafka consumer group of the price projection (distributed); default `comparisons-projections`. */
  eventConsumerGroup?: string;
}

export const COMPARISONS_SEED_FROM_FEED = Symbol('COMPARISONS_SEED_FROM_FEED');
