export type {
  ChainId,
  DemoCategory,
  DemoData,
  DemoItem,
  DemoNutrient,
  DemoOffer,
  DemoOpeningException,
  DemoOptions,
  DemoSize,
  DemoPrice,
  DemoStore,
  StoreType,
  WeeklyHours,
} from './lib/types';
export { CHAINS } from './lib/chains';
export { slugify } from './lib/slugify';
export { generateDemoData, DEFAULT_SEED } from './lib/generate';
export { demoObservation } from './lib/observation';
export { parseSize, type ParsedSize } from './lib/sizes';
export { isValidEan13 } from './lib/items';
export { DEPOSIT_CENTS, demoDeposit } from './lib/deposits';
export { FEED_FILES, FEED_ORDER, writeDemoFeed, type FeedProgress, type FeedSourceId, type FeedLineSink } from './lib/feeds';
export { FEED_SIZES, readFeedManifest, writeDemoFeedFiles, type FeedManifest, type FeedSize, type WriteFeedsOptions } from './lib/feed-files';
