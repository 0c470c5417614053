// `SEED_FROM_FEED` (AppConfig.seedFromFeed, libs/platform/config) decides whether the demo data comes by feed run instead of this seeder.

export interface CatalogModuleOptions {
  /** Seed only the category tree; default AppConfig.seedFromFeed (SEED_FROM_FEED). */
  seedFromFeed?: boolean;
  /** Kafka consumer group of the event projections (distributed); default `catalog-projections`. */
  eventConsumerGroup?: string;
}

export const CATALOG_SEED_FROM_FEED = Symbol('CATALOG_SEED_FROM_FEED');
