import { helsinkiToday, isValidDate } from './dates';
import { generateCatalog } from './items';
import { generateOffers } from './offers';
import { PriceModel } from './prices';
import { generateStores } from './stores';
import type { DemoData, DemoOptions } from './types';

export const DEFAULT_SEED = 20190101;

/**
 * Generates the Hintakori demo data set. Same seed and same `today` give identical output;
 * only the default of `today` reads the clock.
 */
export function generateDemoData(options: DemoOptions = {}): DemoData {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) throw new Error(`Invalid seed ${seed}: expected an integer`);
  const today = options.today ?? helsinkiToday();
  if (!isValidDate(today)) throw new Error(`Invalid today '${today}': expected YYYY-MM-DD`);
  const small = options.size === 'small';
  // Fold the high bits in so that seeds beyond 32 bits still differ.
  const seed32 = (seed >>> 0) ^ Math.floor(Math.abs(seed) / 2 ** 32);

  const stores = generateStores(seed32, today, small);
  const { categories, items, meta } = generateCatalog(seed32, small);
  const model = new PriceModel(seed32, today, stores, items, meta);
  const offers = generateOffers(seed32, stores, items, model);
  return {
    stores,
    categories,
    items,
    offers,
    priceCount: model.count,
    prices: () => model.iterate(),
  };
}
