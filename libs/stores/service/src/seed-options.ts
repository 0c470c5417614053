// `SEED_FROM_FEED` (AppConfig.seedFromFeed, libs/platform/config) decides whether the demo data comes by feed run instead of this seeder.

export interface StoresModuleOptions {
  /** Leave stores and offers to the feed; default AppConfig.seedFromFeed (SEED_FROM_FEED). */
  seedFromFeed?: boolean;
  /** Kafka consumer group of the event projections (distributed); default `stores-projections`. */
  eventConsumerGroup?: string;
}

export const STORES_SEED_FROM_FEED = Symbol('STORES_SEED_FROM_FEED');
