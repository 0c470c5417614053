/**
 * Open Prices (prices.openfoodfacts.org) records: one price of the list API as a FeedPrice, the price's embedded
 * product as a FeedProduct, and the line envelope `openInput` writes and the parser reads.
 */
import { slugify } from '@hintakori/demo-data';
import type { FeedPrice, FeedProduct } from '../../feeds/feed-record';
import { checkedEan, euroCents, FINLAND_BOUNDS, isObject, isoDate, type Json, optStr, RecordError } from '../../feeds/values';

/** Category tag (Open Food Facts taxonomy, e.g. 'en:bananas') → EAN of the product that stands for that loose produce. */
export type CategoryEans = Readonly<Record<string, string>>;

/**
 * One line of the Open Prices input (JSON text), in this adapter's own envelope:
 * - `price`: one price of the API as it came (`p`), from page `page`;
 * - `product`: the product of an EAN the prices name and the source has not listed — Open Food Facts' (`off`, already
 *   normalised), else the price's embedded product (`op`, raw), else neither (a reject, `reason`);
 * - `listed`: an EAN the source has already listed (nothing to do; the line keeps the line numbering of a resumed run
 *   the same as the first attempt's whatever got listed in between);
 * - `unreadable`: a page that could not be read even on its retry.
 */
export type OpenPricesLine =
  | { t: 'price'; page: number; p: unknown }
  | { t: 'product'; ean: string; off: FeedProduct }
  | { t: 'product'; ean: string; op: unknown; categoryTag: string | null }
  | { t: 'product'; ean: string; reason: string }
  | { t: 'listed'; ean: string }
  | { t: 'unreadable'; page: number; reason: string };

/** `OPEN_PRICES_CATEGORY_EANS` ("en:bananas=2000000000015;en:apples=2000000000022") → the mapping; throws on a bad entry. */
export function parseCategoryEans(text: string | undefined | null): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const entry of (text ?? '').split(';')) {
    if (entry.trim() === '') continue;
    const at = entry.indexOf('=');
    const tag = (at < 0 ? entry : entry.slice(0, at)).trim().toLowerCase();
    const code = at < 0 ? '' : entry.slice(at + 1).trim();
    if (!/^[a-z]{2,3}:[^\s=;]+$/.test(tag)) throw new Error(`OPEN_PRICES_CATEGORY_EANS: "${entry.trim()}" must be <category tag>=<EAN>, e.g. en:bananas=2000000000015`);
    try {
      mapping[tag] = checkedEan(code);
    } catch (error) {
      throw new Error(`OPEN_PRICES_CATEGORY_EANS: ${tag}: ${(error as Error).message}`);
    }
  }
  return mapping;
}

const HELSINKI_OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Helsinki', timeZoneName: 'longOffset' });

/** Noon in Helsinki of a YYYY-MM-DD day, as an ISO time: a day's prices compare by day, newer days win. */
export function helsinkiNoon(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const noonUtc = Date.UTC(y, m - 1, d, 12);
  if (Number.isNaN(noonUtc) || new Date(noonUtc).toISOString().slice(0, 10) !== day) throw new RecordError(`date ${day} is not a calendar day`);
  const name = HELSINKI_OFFSET.formatToParts(noonUtc).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+02:00';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offsetMs = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 2 * 3_600_000;
  return new Date(noonUtc - offsetMs).toISOString();
}

/** The Helsinki calendar day (YYYY-MM-DD) of an ISO time, `daysBefore` days earlier. */
export function helsinkiDay(iso: string, daysBefore = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - daysBefore)).toISOString().slice(0, 10);
}

/** The EAN a price is priced as: its product code (check digit checked) or its category's mapped EAN. */
export function priceEan(item: Json, categoryEans: CategoryEans): string {
  if (item.type === 'CATEGORY') {
    const tag = typeof item.category_tag === 'string' ? item.category_tag : '';
    const mapped = categoryEans[tag];
    if (!mapped) throw new RecordError(`skipped: category price (${tag || 'no category'}) without a mapping`);
    return mapped;
  }
  if (item.type !== 'PRODUCT' && item.type !== undefined) throw new RecordError(`skipped: price type ${JSON.stringify(item.type)}`);
  if (item.product_code === undefined || item.product_code === null || item.product_code === '') throw new RecordError('skipped: product price without product_code');
  return checkedEan(item.product_code);
}

/** `osm:node/123`: the OpenStreetMap element the price was seen at, as the OSM store registry names it. */
export function osmStoreId(item: Json): string {
  const type = item.location_osm_type;
  const id = item.location_osm_id;
  if ((typeof id !== 'number' && typeof id !== 'string') || id === '' || typeof type !== 'string' || type === '') throw new RecordError('skipped: no OpenStreetMap location');
  if (!['NODE', 'WAY', 'RELATION'].includes(type.toUpperCase()) || !/^\d+$/.test(String(id))) throw new RecordError(`skipped: OpenStreetMap location ${type}/${id} is not an element`);
  return `osm:${type.toLowerCase()}/${id}`;
}

/**
 * Whether the price's embedded location is outside `countryCode` (ISO 3166-1 alpha-2): by its country code, else by
 * its coordinates (Finland's bounds); false when the location says neither (the run's store lookup decides).
 */
export function outsideCountry(item: Json, countryCode: string): boolean {
  const location = isObject(item.location) ? item.location : null;
  if (!location) return false;
  const code = location.osm_address_country_code;
  if (typeof code === 'string' && code !== '') return code.toUpperCase() !== countryCode.toUpperCase();
  const lat = Number(location.osm_lat);
  const lon = Number(location.osm_lon);
  if (countryCode.toUpperCase() !== 'FI' || location.osm_lat == null || location.osm_lon == null || !Number.isFinite(lat) || !Number.isFinite(lon)) return false;
  const b = FINLAND_BOUNDS;
  return lat < b.minLat || lat > b.maxLat || lon < b.minLong || lon > b.maxLong;
}

/** Grams or millilitres of the embedded product → the comparison unit and how many of it one package holds. */
function packageSize(product: Json | null): { unit: 'kg' | 'l'; amount: number } | null {
  if (!product) return null;
  const quantity = Number(product.product_quantity);
  const unit = typeof product.product_quantity_unit === 'string' ? product.product_quantity_unit.toLowerCase() : '';
  if (!Number.isFinite(quantity) || quantity <= 0) return null;
  if (unit === 'g') return { unit: 'kg', amount: quantity / 1000 };
  if (unit === 'ml') return { unit: 'l', amount: quantity / 1000 };
  return null;
}

/** One price of `GET /api/v1/prices` as a FeedPrice; a price that cannot be used throws a RecordError with the reason. */
export function openPricesPrice(item: Json, categoryEans: CategoryEans): FeedPrice {
  if (item.currency !== 'EUR') throw new RecordError(`rejected: currency ${typeof item.currency === 'string' && item.currency !== '' ? item.currency : 'missing'}`);
  const externalStoreId = osmStoreId(item);
  const ean = priceEan(item, categoryEans);
  const price = euroCents(item.price, 'price');
  const observedAt = helsinkiNoon(isoDate(item.date, 'date'));
  const isCampaign = item.price_is_discounted === true;
  const regularPrice = regularPriceCents(item);
  if (item.price_per === 'KILOGRAM') return { externalStoreId, ean, price, comparisonPrice: price, priceUnit: 'kg', comparisonPriceUnit: 'kg', isCampaign, observedAt, regularPrice };
  if (item.price_per === 'UNIT') return { externalStoreId, ean, price, comparisonPrice: price, priceUnit: 'kpl', comparisonPriceUnit: 'kpl', isCampaign, observedAt, regularPrice };
  const size = item.type === 'CATEGORY' ? null : packageSize(isObject(item.product) ? item.product : null);
  return {
    externalStoreId,
    ean,
    price,
    comparisonPrice: size ? Math.round(price / size.amount) : null,
    priceUnit: null,
    comparisonPriceUnit: size?.unit ?? null,
    isCampaign,
    observedAt,
    regularPrice,
  };
}

/** The regular (undiscounted) price in cents of a discounted price (`price_without_discount`), or null. */
export function regularPriceCents(item: Json): number | null {
  if (item.price_is_discounted !== true || item.price_without_discount === undefined || item.price_without_discount === null) return null;
  return euroCents(item.price_without_discount, 'price_without_discount');
}

/** A price's embedded Open Prices product as a FeedProduct of source 'open-prices'; no name → a RecordError. */
export function openPricesProduct(ean: string, raw: unknown, categoryTag: string | null): FeedProduct {
  const product = isObject(raw) ? raw : null;
  const name = typeof product?.product_name === 'string' ? product.product_name.trim() : '';
  if (name === '') throw new RecordError(`skipped: product ${ean} has no name in Open Food Facts or Open Prices`);
  const brands = optStr(product?.brands, 'brands');
  const brandName = brands?.split(',')[0]?.trim() || null;
  const tags = Array.isArray(product?.categories_tags) ? product.categories_tags.filter((tag): tag is string => typeof tag === 'string' && tag !== '') : [];
  const path = tags.length > 0 ? tags : [categoryTag ?? 'en:unknown'];
  const leaf = path[path.length - 1];
  const size = packageSize(product);
  return {
    ean,
    name,
    urlSlug: slugify(brandName && !name.toLowerCase().includes(brandName.toLowerCase()) ? `${brandName} ${name}` : name) || ean,
    pictureUrl: optStr(product?.image_url, 'image_url'),
    brandName,
    originCountry: null,
    description: optStr(product?.quantity, 'quantity'),
    ingredients: null,
    nutritionalContent: [],
    priceUnit: 'kpl',
    comparisonPriceUnit: size?.unit ?? 'kpl',
    category: { externalType: 'open-food-facts', externalId: leaf, name: leaf, path },
    source: 'open-prices',
  };
}
