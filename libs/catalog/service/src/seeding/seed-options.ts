/** `SEED_FROM_FEED` (libs/platform/config) decides whether the demo data comes by feed run instead of this seeder. */
export { seedFromFeedEnv } from '@hintakori/platform-config';

export interface CatalogModuleOptions {
  /** Seed only the category tree; default from SEED_FROM_FEED. */
  seedFromFeed?: boolean;
  /** Kafka consumer group of the event projections (distributed); default `catalog-projections`. */
  eventConsumerGroup?: string;
}

export const CATALOG_SEED_FROM_FEED = Symbol('CATALOG_SEED_FROM_FEED');
