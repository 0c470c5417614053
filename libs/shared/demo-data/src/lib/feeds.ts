import { CHAINS } from './chains';
import type { DemoCategory, DemoData, DemoItem, DemoPrice, DemoStore, StoreType, WeeklyHours } from './types';

/**
 * The demo data set written as source feeds, in the shapes price-ingest's adapters read:
 *   s-group.jsonl  — S group web shop GraphQL nodes (`__typename` Store, Product, StoreProduct, Campaign)
 *   k-group.jsonl  — K-Ruoka web API records (`type` store, product, price, offer)
 *   lidl.jsonl     — Lidl's national price list (`recordType` store, article)
 * One JSON document per line. Stores come first, then products, then prices (grouped by product,
 * so a feed run can publish one message per product), then offers.
 */
export type FeedSourceId = 's-group' | 'k-group' | 'lidl';

export const FEED_FILES: Record<FeedSourceId, string> = { 's-group': 's-group.jsonl', 'k-group': 'k-group.jsonl', lidl: 'lidl.jsonl' };

/** Feed run order: the registries assign ids in this order, which is the order of the demo data's ids. */
export const FEED_ORDER: readonly FeedSourceId[] = ['s-group', 'k-group', 'lidl'];

const SOURCE_TYPE: Record<FeedSourceId, StoreType> = { 's-group': 'S', 'k-group': 'K', lidl: 'L' };

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

const S_UNITS: Record<string, string> = { kg: 'KGM', l: 'LTR', kpl: 'PCE' };

const euros = (cents: number): number => Math.round(cents) / 100;
const lidlEuros = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');

/** A campaign price is 10–30 % off; the feed's regular price is the price before the campaign. */
const regularOf = (price: DemoPrice): number => price.regularPrice ?? (price.isCampaign ? Math.round(price.price / 0.8) : price.price);
/** The comparison price of the regular price. */
const regularComparisonOf = (price: DemoPrice): number =>
  price.regularPrice !== undefined ? Math.round((price.comparisonPrice * price.regularPrice) / price.price) : price.isCampaign ? Math.round(price.comparisonPrice / 0.8) : price.comparisonPrice;
/** A multibuy as the S and Lidl feeds write it: { quantity, price in euros for the bundle }. */
const multibuyOf = (price: DemoPrice, toEuros: (cents: number) => number | string) => (price.multibuy ? { multibuy: { quantity: price.multibuy.quantity, price: toEuros(price.multibuy.price) } } : {});

export interface FeedLineSink {
  /** Receives whole lines (without the newline) in feed order. */
  (line: string): void;
}

export interface FeedProgress {
  source: FeedSourceId;
  /** Products whose prices are written so far, of `total`. */
  done: number;
  total: number;
}

class CategoryPaths {
  private readonly byId: Map<number, DemoCategory>;
  constructor(categories: readonly DemoCategory[]) {
    this.byId = new Map(categories.map((c) => [c.id, c]));
  }

  /** Top level first. */
  path(categoryId: number): DemoCategory[] {
    const path: DemoCategory[] = [];
    for (let c = this.byId.get(categoryId); c; c = c.parentCategoryId === null ? undefined : this.byId.get(c.parentCategoryId)) path.unshift(c);
    return path;
  }
}

function storesOf(data: DemoData, source: FeedSourceId): { store: DemoStore; index: number }[] {
  return data.stores.map((store, index) => ({ store, index })).filter(({ store }) => store.type === SOURCE_TYPE[source]);
}

function hoursText(hours: WeeklyHours): { opens: string | null; closes: string | null } {
  return hours.isOpenAllDay ? { opens: '00:00', closes: '24:00' } : { opens: hours.opens, closes: hours.closes };
}

/**
 * The S and K group stores whose shop does not say their hours (one in 29 by id, never the first ones): their feed
 * records carry no weekly hours, so the site shows "hours unknown" for them, a state real sources have too (an
 * OpenStreetMap shop without opening_hours). Lidl's format always lists the week.
 */
export const hoursUnknown = (store: DemoStore): boolean => store.type !== 'L' && store.id % 29 === 13;

function sStore(store: DemoStore): unknown {
  return {
    __typename: 'Store',
    id: store.externalId,
    name: store.name,
    brand: CHAINS[store.chain].displayName.toUpperCase(),
    slug: store.urlSlug,
    location: {
      address: { street: { default: store.address }, postcode: store.postalCode, postcodeName: { default: store.city } },
      coordinates: { lat: store.lat, lon: store.long },
    },
    weeklyOpeningHours: hoursUnknown(store) ? null : store.weeklyHours.map((h) => ({ weekday: WEEKDAYS[h.weekday - 1], ...hoursText(h) })),
    openingHourExceptions: hoursUnknown(store) ? [] : store.exceptions.map((e) => ({ date: e.date, opens: e.opens, closes: e.closes, allDay: e.isOpenAllDay, info: e.description })),
  };
}

function kStore(store: DemoStore): unknown {
  return {
    type: 'store',
    id: store.externalId,
    name: store.name,
    chain: CHAINS[store.chain].displayName,
    slug: store.urlSlug,
    geo: { lat: store.lat, lon: store.long },
    location: { streetAddress: store.address, postalCode: store.postalCode, city: store.city },
    ...(hoursUnknown(store)
      ? {}
      : {
          openingHours: {
            regular: store.weeklyHours.map((h) => ({ day: h.weekday, ...(h.isOpenAllDay ? { open24h: true } : { opens: h.opens, closes: h.closes }) })),
            exceptions: store.exceptions.map((e) => ({ date: e.date, opens: e.opens, closes: e.closes, open24h: e.isOpenAllDay, reason: e.description })),
          },
        }),
  };
}

function lidlStore(store: DemoStore): unknown {
  return {
    recordType: 'store',
    storeId: store.externalId,
    name: store.name,
    slug: store.urlSlug,
    street: store.address,
    zip: store.postalCode,
    city: store.city,
    latitude: store.lat,
    longitude: store.long,
    hours: store.weeklyHours.map((h) => (h.isOpenAllDay ? '00:00-24:00' : h.opens && h.closes ? `${h.opens}-${h.closes}` : 'closed')),
    specialDays: store.exceptions.map((e) => ({ date: e.date, hours: e.isOpenAllDay ? '00:00-24:00' : e.opens && e.closes ? `${e.opens}-${e.closes}` : 'closed', note: e.description })),
  };
}

function sProduct(item: DemoItem, path: DemoCategory[]): unknown {
  return {
    __typename: 'Product',
    ean: item.ean,
    name: item.name,
    slug: item.urlSlug,
    brandName: item.brandName,
    imageUrl: item.pictureUrl,
    countryName: { fi: item.originCountry },
    description: item.description,
    ingredientStatement: item.ingredients,
    nutrients: item.nutritionalContent.map((n) => ({ name: n.name, value: n.value, referenceIntake: n.ri })),
    priceUnit: item.priceUnit === 'kg' ? 'KG' : 'KPL',
    comparisonUnit: S_UNITS[item.comparisonPriceUnit],
    // The web shop lists the hierarchy from the product's own category up to the top.
    hierarchyPath: [...path].reverse().map((c) => ({ name: c.name, slug: c.slug })),
  };
}

function kProduct(item: DemoItem, path: DemoCategory[]): unknown {
  return {
    type: 'product',
    ean: item.ean,
    localizedName: { finnish: item.name, swedish: null, english: null },
    urlSlug: item.urlSlug,
    brand: { name: item.brandName },
    image: { url: item.pictureUrl },
    countryOfOrigin: item.originCountry,
    description: { finnish: item.description },
    ingredients: { finnish: item.ingredients },
    nutritionalInformation: item.nutritionalContent.map((n) => ({ label: n.name, amount: n.value, dailyIntake: n.ri })),
    unit: item.priceUnit,
    category: { tree: path.map((c) => ({ name: { finnish: c.name }, slug: c.slug })) },
  };
}

function lidlArticle(item: DemoItem, path: DemoCategory[], price: DemoPrice): unknown {
  return {
    recordType: 'article',
    ean: item.ean,
    title: item.name,
    slug: item.urlSlug,
    brand: item.brandName,
    image: item.pictureUrl,
    origin: item.originCountry,
    description: item.description,
    ingredients: item.ingredients,
    nutrition: item.nutritionalContent.map((n) => ({ name: n.name, value: n.value, ri: n.ri })),
    categoryPath: path.map((c) => c.name).join(' > '),
    salesUnit: item.priceUnit,
    price: lidlEuros(price.price),
    basePrice: `${lidlEuros(price.comparisonPrice)} €/${item.comparisonPriceUnit}`,
    isOffer: price.isCampaign,
    validFrom: price.updatedAt,
    ...(price.deposit ? { deposit: lidlEuros(price.deposit) } : {}),
    // The till terms (price-ingest README, "Lidl"): the Lidl Plus price in the shape of Lidl's own pages.
    ...(price.memberPrice ? { lidlPlus: [{ price: { price: euros(price.memberPrice.price), oldPrice: euros(price.price) }, highlightText: 'Lidl Plus' }] } : {}),
    ...(price.isCampaign && price.campaignStartsAt ? { offerValidFrom: price.campaignStartsAt, regularPrice: lidlEuros(regularOf(price)) } : {}),
    ...(price.isCampaign && price.campaignEndsAt ? { validTo: price.campaignEndsAt } : {}),
    ...multibuyOf(price, lidlEuros),
    ...(price.averageWeightGrams ? { averageWeightGrams: price.averageWeightGrams } : {}),
  };
}

function sPrice(store: DemoStore, item: DemoItem, price: DemoPrice): unknown {
  const regular = regularOf(price);
  return {
    __typename: 'StoreProduct',
    storeId: store.externalId,
    ean: item.ean,
    price: euros(price.price),
    comparisonPrice: euros(price.comparisonPrice),
    comparisonUnit: S_UNITS[price.comparisonPriceUnit],
    pricing: {
      currentPrice: euros(price.price),
      regularPrice: euros(regular),
      campaignPrice: price.isCampaign ? euros(price.price) : null,
      lowest30DayPrice: euros(price.price),
      ...(price.deposit ? { deposit: euros(price.deposit) } : {}),
      ...(price.isCampaign && price.campaignStartsAt ? { campaignPriceValidFrom: price.campaignStartsAt } : {}),
      ...(price.isCampaign && price.campaignEndsAt ? { campaignPriceValidUntil: price.campaignEndsAt } : {}),
      ...multibuyOf(price, euros),
      ...(price.averageWeightGrams ? { averageWeightGrams: price.averageWeightGrams } : {}),
    },
    priceUpdatedAt: price.updatedAt,
  };
}

function kPrice(store: DemoStore, item: DemoItem, price: DemoPrice): unknown {
  const normal = regularOf(price);
  return {
    type: 'price',
    storeId: store.externalId,
    ean: item.ean,
    pricing: {
      normal: { price: euros(normal), unitPrice: { value: euros(regularComparisonOf(price)), unit: price.comparisonPriceUnit } },
      discount: price.isCampaign
        ? {
            price: euros(price.price),
            unitPrice: { value: euros(price.comparisonPrice), unit: price.comparisonPriceUnit },
            ...(price.campaignStartsAt ? { startDate: price.campaignStartsAt } : {}),
            ...(price.campaignEndsAt ? { endDate: price.campaignEndsAt } : {}),
          }
        : null,
      batch: null,
      ...(price.deposit ? { deposit: euros(price.deposit) } : {}),
      ...(price.multibuy ? { multibuy: { quantity: price.multibuy.quantity, price: euros(price.multibuy.price) } } : {}),
      ...(price.memberPrice ? { plussaPrice: euros(price.memberPrice.price) } : {}),
    },
    ...(price.averageWeightGrams ? { soldBy: { kind: 'approximatePiece', averageWeight: price.averageWeightGrams / 1000 } } : {}),
    fetchedAt: price.updatedAt,
  };
}

/**
 * A source's feed in two runs, so that the demo shows stale prices as a real source makes them: a price the chain's
 * list stopped carrying keeps the age it had when last seen (catalog.store_prices.unlisted_at). The earlier run
 * carries the stores and products (in the same order, so the registries give the same ids) and the stale prices
 * (older than `staleBefore`, ms since the epoch) with their history; Lidl's, whose article is its product and its
 * national price at once, every article. The current run is the feed without those prices, offers included.
 */
export interface FeedPart {
  kind: 'earlier' | 'current';
  staleBefore: number;
}

/** The file of a feed's earlier run (FeedPart). */
export const earlierFeedFile = (source: FeedSourceId): string => FEED_FILES[source].replace(/\.jsonl$/, '.earlier.jsonl');

/**
 * Writes one source's feed for the data set (with `part`, one of its two runs: FeedPart). Returns the number of
 * lines written.
 */
export function writeDemoFeed(data: DemoData, source: FeedSourceId, sink: FeedLineSink, onProgress?: (progress: FeedProgress) => void, part?: FeedPart): number {
  const stale = (price: DemoPrice) => Date.parse(price.updatedAt) < (part?.staleBefore ?? Number.NEGATIVE_INFINITY);
  /** Whether this run carries the pair whose current price is `price`. */
  const carries = (price: DemoPrice) => !part || (part.kind === 'earlier' ? source === 'lidl' || stale(price) : !stale(price));
  const paths = new CategoryPaths(data.categories);
  const stores = storesOf(data, source);
  let lines = 0;
  const emit = (record: unknown) => {
    sink(JSON.stringify(record));
    lines++;
  };
  for (const { store } of stores) emit(source === 's-group' ? sStore(store) : source === 'k-group' ? kStore(store) : lidlStore(store));

  const total = data.items.length;
  const report = (done: number) => onProgress?.({ source, done, total });
  if (source === 'lidl') {
    // One national price per article: the first Lidl store's price stands for all of them.
    data.items.forEach((item, itemIndex) => {
      for (const { index } of stores) {
        const price = data.priceAt(index, itemIndex);
        if (price) {
          if (!carries(price)) break;
          // Its history first (the article again with each earlier price), then today's article.
          for (const earlier of data.historyAt(index, itemIndex, price)) emit(lidlArticle(item, paths.path(item.categoryId), earlier));
          emit(lidlArticle(item, paths.path(item.categoryId), price));
          break;
        }
      }
      if (itemIndex % 250 === 249) report(itemIndex + 1);
    });
  } else {
    const type = SOURCE_TYPE[source];
    // The group's product catalogue: national brands and its own labels.
    const sells = (itemIndex: number) => stores.some(({ index }) => data.priceAt(index, itemIndex) !== null);
    const catalogue = data.items.map((item, itemIndex) => ({ item, itemIndex })).filter(({ itemIndex }) => sells(itemIndex));
    for (const { item } of catalogue) emit(type === 'S' ? sProduct(item, paths.path(item.categoryId)) : kProduct(item, paths.path(item.categoryId)));
    catalogue.forEach(({ item, itemIndex }, n) => {
      for (const { store, index } of stores) {
        const price = data.priceAt(index, itemIndex);
        if (!price || !carries(price)) continue;
        // The pair's history comes first, oldest first: 60 days of the reference basket's everyday products, some
        // other prices' last change, the price before a campaign.
        for (const earlier of data.historyAt(index, itemIndex, price)) emit(type === 'S' ? sPrice(store, item, earlier) : kPrice(store, item, earlier));
        emit(type === 'S' ? sPrice(store, item, price) : kPrice(store, item, price));
      }
      if (n % 250 === 249) report(n + 1);
    });
  }
  report(total);
  if (part?.kind === 'earlier') return lines;

  const storeById = new Map(stores.map(({ store }) => [store.id, store]));
  const itemById = new Map(data.items.map((item) => [item.id, item]));
  for (const offer of data.offers) {
    const store = storeById.get(offer.storeId);
    const item = itemById.get(offer.itemId);
    if (!store || !item) continue;
    if (source === 's-group') emit({ __typename: 'Campaign', storeId: store.externalId, ean: item.ean, title: offer.name, imageUrl: offer.image, endDate: null });
    else if (source === 'k-group') emit({ type: 'offer', storeId: store.externalId, ean: item.ean, title: offer.name, image: { url: offer.image }, validUntil: null });
    else emit({ recordType: 'offer', storeId: store.externalId, ean: item.ean, title: offer.name, image: offer.image, validTo: null });
  }
  return lines;
}
