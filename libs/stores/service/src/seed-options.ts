/** `SEED_FROM_FEED` (libs/platform/config) decides whether the demo data comes by feed run instead of this seeder. */
export { seedFromFeedEnv } from '@hintakori/platform-config';

export interface StoresModuleOptions {
  /** Leave stores and offers to the feed; default from SEED_FROM_FEED. */
  seedFromFeed?: boolean;
  /** Kafka consumer group of the event projections (distributed); default `stores-projections`. */
  eventConsumerGroup?: string;
}

export const STORES_SEED_FROM_FEED = Symbol('STORES_SEED_FROM_FEED');
