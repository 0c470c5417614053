import { REFERENCE_BASKET_CATEGORIES } from '@hintakori/catalog-contracts';
import { helsinkiToday, isValidDate } from './dates';
import { FINLAND_ITEMS_FACTOR, generateCatalog, type ItemMeta } from './items';
import { generateOffers } from './offers';
import { FINLAND_ASSORTMENT, PriceModel } from './prices';
import { generateStores } from './stores';
import type { DemoData, DemoItem, DemoOptions, DemoStore, StoreType } from './types';

export const DEFAULT_SEED = 20190101;

/** Feed order of the retail groups: the demo feed runs S group, then K group, then Lidl. */
const GROUP_ORDER: Record<StoreType, number> = { S: 0, K: 1, L: 2 };

/**
 * Generates the Hintakori demo data set. Same seed and same `today` give identical output;
 * only the default of `today` reads the clock.
 *
 * Ids are numbered in the order price-ingest's registries assign them when the demo feeds run
 * (S group feed, then K group, then Lidl): S group stores first, then K group, then Lidl; items sold
 * by S group (national brands and S labels) first, then K group labels, then Lidl labels. So the ids
 * a demo feed run produces are the ids of this data set.
 */
export function generateDemoData(options: DemoOptions = {}): DemoData {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) throw new Error(`Invalid seed ${seed}: expected an integer`);
  const today = options.today ?? helsinkiToday();
  if (!isValidDate(today)) throw new Error(`Invalid today '${today}': expected YYYY-MM-DD`);
  const small = options.size === 'small';
  // Fold the high bits in so that seeds beyond 32 bits still differ.
  const seed32 = (seed >>> 0) ^ Math.floor(Math.abs(seed) / 2 ** 32);

  const finland = options.size === 'finland';
  const stores = inFeedOrder(generateStores(seed32, today, options.size ?? 'standard'));
  const catalog = generateCatalog(seed32, small, finland ? FINLAND_ITEMS_FACTOR : 1);
  const { items, meta } = itemsInFeedOrder(catalog.items, catalog.meta);
  // Nationally, a store carries its format's share of the (much larger) catalogue, not nearly all of it.
  const everydayCategories = new Set(catalog.categories.filter((category) => (REFERENCE_BASKET_CATEGORIES as readonly string[]).includes(category.slug)).map((c) => c.id));
  const everyday = new Set(items.flatMap((item, index) => (everydayCategories.has(item.categoryId) ? [index] : [])));
  const model = new PriceModel(seed32, today, stores, items, meta, finland ? FINLAND_ASSORTMENT : undefined, everyday);
  const offers = generateOffers(seed32, stores, items, model);
  return {
    stores,
    categories: catalog.categories,
    items,
    offers,
    priceCount: model.count,
    prices: () => model.iterate(),
    pricesWithHistory: () => model.iterateWithHistory(),
    priceWithHistoryCount: model.count + model.historyCount,
    priceAt: (storeIndex, itemIndex) => model.price(storeIndex, itemIndex),
    earlierPriceAt: (storeIndex, itemIndex, current) => model.earlierPrice(storeIndex, itemIndex, current),
    historyAt: (storeIndex, itemIndex, current) => {
      const history = model.historyOf(storeIndex, itemIndex, current);
      const earlier = model.earlierPrice(storeIndex, itemIndex, current);
      if (earlier) history.push(earlier);
      return history.sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
    },
  };
}

function inFeedOrder(stores: DemoStore[]): DemoStore[] {
  return stores
    .map((store, index) => ({ store, index }))
    .sort((a, b) => GROUP_ORDER[a.store.type] - GROUP_ORDER[b.store.type] || a.index - b.index)
    .map(({ store }, index) => ({ ...store, id: index + 1 }));
}

/** Which group's feed first lists an item: national brands and S labels in S group's, others in their own group's. */
function firstGroup(meta: ItemMeta): number {
  return meta.own === undefined ? 0 : GROUP_ORDER[meta.own];
}

function itemsInFeedOrder(items: readonly DemoItem[], meta: readonly ItemMeta[]): { items: DemoItem[]; meta: ItemMeta[] } {
  const order = items.map((_, index) => index).sort((a, b) => firstGroup(meta[a]) - firstGroup(meta[b]) || a - b);
  return {
    items: order.map((index, position) => ({ ...items[index], id: position + 1 })),
    meta: order.map((index) => meta[index]),
  };
}
