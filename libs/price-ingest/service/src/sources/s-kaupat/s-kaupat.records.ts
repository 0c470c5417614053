import { slugify } from '@hintakori/demo-data';
import type { FeedPrice, FeedProduct, FeedStore } from '../../feeds/feed-record';
import { categoryRef, slugOr } from '../../feeds/adapters/common';
import { arr, campaignTime, checkedEan, euroCents, finnishLatLong, type Json, obj, optObj, optStr, RecordError, str } from '../../feeds/values';
import { type SKaupatHours, sKaupatHours } from './s-kaupat-hours';

/** The source id, also the prefix of its external store ids (`s-kaupat:517609418`). */
export const S_KAUPAT_SOURCE = 's-kaupat';

/**
 * `searchStores(brand:)` values asked for, and the chain each one's stores belong to. The answer's `brand` is a
 * lower-case string (`"prisma"`, `"abc"`), read by `chainOfBrand`.
 */
export const S_KAUPAT_BRANDS = ['PRISMA', 'S_MARKET', 'SALE', 'ALEPA', 'ABC', 'HERKKU'] as const;

const CHAINS: Record<string, string> = {
  prisma: 'prisma',
  's-market': 's-market',
  smarket: 's-market',
  sale: 'sale',
  alepa: 'alepa',
  abc: 'abc',
  herkku: 'herkku',
  'sokos-herkku': 'herkku',
  'mestarin-herkku': 'herkku',
};

/** The chain id of a store's `brand` ("prisma", "s-market", "S_MARKET" …), or null for another brand (ePrisma …). */
export function chainOfBrand(brand: unknown): string | null {
  if (typeof brand !== 'string') return null;
  return CHAINS[brand.trim().toLowerCase().replace(/[\s_]+/g, '-')] ?? null;
}

/** A store of `searchStores` has a web shop (and so prices) when its `domains` include `S_KAUPAT`. */
export function hasWebShop(store: Json): boolean {
  return Array.isArray(store.domains) && store.domains.includes('S_KAUPAT');
}

/** `searchStores`' StoreInfo (+ the store's `weeklyOpeningHours`, or why they are missing) → a store. */
export function sKaupatStore(info: Json, hours: { weeks: unknown } | { error: string }, today: string): FeedStore {
  const id = str(info.id, 'id');
  if (!/^\d+$/.test(id)) throw new RecordError(`store id ${JSON.stringify(info.id)} is not numeric`);
  const chain = chainOfBrand(info.brand);
  if (!chain) throw new RecordError(`unknown S group brand ${JSON.stringify(info.brand ?? null)} of store ${id}`);
  const location = obj(info.location, 'location');
  const coordinates = obj(location.coordinates, 'location.coordinates');
  const point = finnishLatLong(coordinates.lat, coordinates.lon);
  const address = optObj(location.address, 'location.address');
  const street = optStr(optObj(address?.street, 'location.address.street')?.default, 'location.address.street.default') ?? '';
  const city = optStr(optObj(address?.postcodeName, 'location.address.postcodeName')?.default, 'location.address.postcodeName.default') ?? '';
  const name = str(info.name, 'name');
  let known: SKaupatHours | null = null;
  if ('weeks' in hours) {
    try {
      known = sKaupatHours(hours.weeks, today);
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
    }
  }
  return {
    externalId: `${S_KAUPAT_SOURCE}:${id}`,
    chain,
    type: 'S',
    name,
    urlSlug: slugOr(info.slug, name, city),
    address: street.trim(),
    postalCode: optStr(address?.postcode, 'location.address.postcode')?.trim() ?? '',
    city: city.trim(),
    ...point,
    weeklyHours: known?.weeklyHours ?? [],
    exceptions: known?.exceptions ?? [],
    // Hours this run could not read leave the store with none and say so (not "closed every day").
    openingHoursKnown: known !== null,
  };
}

/** The shop's comparison and price units: GS1/UN codes (KGM, LTR, PCE) and the plain ones (KG, L, KPL). */
const COMPARISON_UNITS: Record<string, string> = { kgm: 'kg', kg: 'kg', ltr: 'l', l: 'l', pce: 'kpl', kpl: 'kpl', pc: 'kpl', st: 'kpl' };
const PRICE_UNITS: Record<string, string> = { kgm: 'kg', kg: 'kg', pce: 'kpl', kpl: 'kpl', pc: 'kpl', st: 'kpl' };

const unitOf = (table: Record<string, string>, value: unknown): string | null => (typeof value === 'string' ? (table[value.trim().toLowerCase()] ?? null) : null);

/** The image URL from the CDN template (`…/{MODIFIERS}/assets/dam-id/<id>.{EXTENSION}`). */
export function pictureUrl(product: Json): string | null {
  const images = optObj(optObj(product.productDetails, 'productDetails')?.productImages, 'productDetails.productImages');
  const template = optStr(optObj(images?.mainImage, 'productImages.mainImage')?.urlTemplate, 'mainImage.urlTemplate');
  if (!template || !/^https:\/\//.test(template)) return null;
  return template.replace('{MODIFIERS}', 'w_400,h_400,q_75').replace('{EXTENSION}', 'jpg');
}

function pricingOf(product: Json): Json {
  return optObj(product.pricing, 'pricing') ?? {};
}

/** A product of the shop's lists (`productListItems[].product`) → a product, for the catalog to create unknown ones. */
export function sKaupatProduct(product: Json): FeedProduct {
  const ean = checkedEan(product.ean);
  const name = str(product.name, 'name');
  const pricing = pricingOf(product);
  // hierarchyPath runs from the product's own category up to the top level: the category path is the other way.
  const path = arr(product.hierarchyPath ?? [], 'hierarchyPath')
    .map((entry, i) => str(obj(entry, `hierarchyPath[${i}]`).name, `hierarchyPath[${i}].name`))
    .reverse();
  const unit = unitOf(PRICE_UNITS, product.priceUnit) ?? unitOf(PRICE_UNITS, pricing.salesUnit) ?? 'kpl';
  return {
    ean,
    name,
    urlSlug: slugOr(product.slug, name) || slugify(ean),
    pictureUrl: pictureUrl(product),
    brandName: optStr(product.brandName, 'brandName'),
    originCountry: null,
    description: null,
    ingredients: null,
    nutritionalContent: [],
    priceUnit: unit,
    comparisonPriceUnit: unitOf(COMPARISON_UNITS, pricing.comparisonUnit ?? product.comparisonUnit) ?? unit,
    category: categoryRef(S_KAUPAT_SOURCE, path),
  };
}

const optCents = (value: unknown, field: string): number | null => (value === undefined || value === null ? null : euroCents(value, field));

/** A product with its `pricing` in one store → the price (cents). */
export function sKaupatPrice(product: Json, externalStoreId: string, observedAt: string | null): FeedPrice {
  const ean = checkedEan(product.ean);
  const pricing = pricingOf(product);
  const current = pricing.currentPrice ?? product.price;
  if (current === undefined || current === null) throw new RecordError(`product ${ean} has no price (pricing.currentPrice)`);
  const price = euroCents(current, 'pricing.currentPrice');
  const campaign = optCents(pricing.campaignPrice, 'pricing.campaignPrice');
  const isCampaign = campaign !== null && campaign === price;
  const comparisonUnit = unitOf(COMPARISON_UNITS, pricing.comparisonUnit ?? product.comparisonUnit);
  const comparison = optCents(pricing.comparisonPrice ?? product.comparisonPrice, 'pricing.comparisonPrice');
  const deposit = optCents(pricing.depositPrice ?? product.depositPrice, 'pricing.depositPrice');
  const approximate = pricing.isApproximatePrice ?? product.approxPrice;
  return {
    externalStoreId,
    ean,
    price,
    comparisonPrice: comparisonUnit === null ? null : comparison,
    priceUnit: unitOf(PRICE_UNITS, product.priceUnit) ?? unitOf(PRICE_UNITS, pricing.salesUnit),
    comparisonPriceUnit: comparison === null ? null : comparisonUnit,
    isCampaign,
    observedAt,
    regularPrice: optCents(pricing.regularPrice, 'pricing.regularPrice'),
    deposit: deposit !== null && deposit > 0 ? deposit : null,
    campaignEndsAt: isCampaign ? campaignTime(pricing.campaignPriceValidUntil, 'pricing.campaignPriceValidUntil', 'end') : null,
    sourceLowest30d: optCents(pricing.lowest30DayPrice, 'pricing.lowest30DayPrice'),
    isApproximate: approximate === true,
  };
}
