export type {
  ChainId,
  DemoCategory,
  DemoData,
  DemoItem,
  DemoNutrient,
  DemoOffer,
  DemoOpeningException,
  DemoOptions,
  DemoPrice,
  DemoStore,
  StoreType,
  WeeklyHours,
} from './lib/types';
export { CHAINS } from './lib/chains';
export { slugify } from './lib/slugify';
export { generateDemoData, DEFAULT_SEED } from './lib/generate';
export { parseSize, type ParsedSize } from './lib/sizes';
export { isValidEan13 } from './lib/items';
