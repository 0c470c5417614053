/**
 * K-Ruoka (the K group's web shop, `kr-api` of k-ruoka.fi) records: a store of `GET /kr-api/stores`, a product of
 * the product search or of an offer, its store price (`mobilescan.pricing`) and an offer, each as the feed record,
 * and the line envelope `openInput` writes and the parser reads. The field names are those of the recorded answers
 * (see fixtures/k-ruoka/README.md).
 */
import type { OpeningExceptionValue } from '@hintakori/price-ingest-contracts';
import { categoryRef, slugOr } from '../../feeds/adapters/common';
import type { FeedOffer, FeedPrice, FeedProduct, FeedStore } from '../../feeds/feed-record';
import type { Multibuy } from '@hintakori/shared-contracts';
import { arr, campaignTime, checkedEan, comparisonUnit, euroCents, finnishLatLong, isObject, isoTime, type Json, multibuyQuantity, optEuroCents, optGrams, optObj, optStr, RecordError, str } from '../../feeds/values';

/** External store ids of this source are prefixed with it: `k-ruoka:N110`. */
export const K_RUOKA_STORE_PREFIX = 'k-ruoka:';

/**
 * One line of the K-Ruoka input (JSON text), in this adapter's own envelope:
 * - `store`: one store of the store list as it came (`s`);
 * - `product`: a product (`p`, the shop's product object) the first time this run prices its EAN;
 * - `price`: the store price of a product in store `store` (`pricing` = its `mobilescan.pricing`), read at `at`;
 * - `offer`: an offer of store `store` for the product `ean` (`o`, the offer object without its products; `end` the
 *   end of the product's discount or multibuy, when the offer has no date of its own);
 * - `unreadable`: an answer that could not be read (`what` says which), nothing of it applied.
 */
export type KRuokaLine =
  | { t: 'store'; s: unknown }
  | { t: 'product'; p: unknown }
  | { t: 'price'; store: string; ean: unknown; at: string; pricing: unknown }
  | { t: 'offer'; store: string; ean: string; o: unknown; end: string | null }
  | { t: 'unreadable'; what: string; reason: string };

/** `chainName` (normalised: lower case, any dash as '-') → our chain id. */
const CHAINS: Record<string, string> = { 'k-citymarket': 'kcitymarket', 'k-supermarket': 'ksupermarket', 'k-market': 'kmarket', 'neste k': 'nokm' };

/** K-Ruoka writes its names with a non-breaking hyphen (U+2011, "K‑Citymarket"); any dash counts as '-'. */
export function normaliseChainName(name: string): string {
  return name
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function kRuokaChain(chainName: string): string {
  const chain = CHAINS[normaliseChainName(chainName)];
  if (!chain) throw new RecordError(`unknown K group chain ${JSON.stringify(chainName)}`);
  return chain;
}

const HELSINKI_PARTS = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An ISO time's Helsinki calendar day and wall-clock time. */
function helsinki(ms: number): { date: string; time: string } {
  const parts = HELSINKI_PARTS.formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** `openNextTwoDays[].date`: a YYYY-MM-DD day or an ISO time (its Helsinki day). */
function dayOf(value: unknown, field: string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new RecordError(`${field} must be a date`);
  return helsinki(ms).date;
}

/** `opens` / `closes`: HH:MM (or HH:MM:SS), or an ISO time (its Helsinki wall-clock time). */
function clockOf(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    const hm = /^([01]\d|2[0-4]):([0-5]\d)(:[0-5]\d)?$/.exec(value);
    if (hm) return `${hm[1]}:${hm[2]}`;
    const ms = Date.parse(value);
    if (!Number.isNaN(ms) && value.includes('T')) return helsinki(ms).time;
  }
  throw new RecordError(`${field} must be HH:MM or an ISO time`);
}

/**
 * The store list gives the opening hours of the next two days (`openNextTwoDays`), not a regular week: they become
 * dated exceptions of those days (a day `notAvailable` is left out; `closedAllDay` is a closed day).
 */
function twoDays(value: unknown): OpeningExceptionValue[] {
  if (value === undefined || value === null) return [];
  return arr(value, 'openNextTwoDays').flatMap((entry, index) => {
    const field = `openNextTwoDays[${index}]`;
    if (!isObject(entry)) throw new RecordError(`${field} must be an object`);
    if (entry.notAvailable === true) return [];
    const date = dayOf(entry.date, `${field}.date`);
    if (entry.closedAllDay === true) return [{ date, opens: null, closes: null, isOpenAllDay: false, description: null }];
    const opens = clockOf(entry.opens, `${field}.opens`);
    const closes = clockOf(entry.closes, `${field}.closes`);
    const allDay = opens !== null && opens === closes && opens === '00:00';
    return [{ date, opens: allDay ? null : opens, closes: allDay ? null : closes, isOpenAllDay: allDay, description: null }];
  });
}

function address(store: Json): { address: string; postalCode: string; city: string } {
  const details = optObj(store.details, 'details');
  if (details && typeof details.streetAddress === 'string')
    return { address: details.streetAddress.trim(), postalCode: optStr(details.postalCode, 'details.postalCode')?.trim() ?? '', city: optStr(details.addressLocality, 'details.addressLocality')?.trim() ?? '' };
  const location = store.location;
  // The store list's `location` is the place's name ("Helsinki"); some answers give an address object.
  if (typeof location === 'string') return { address: '', postalCode: '', city: location.trim() };
  const place = optObj(location, 'location');
  if (!place) return { address: '', postalCode: '', city: '' };
  return {
    address: optStr(place.address ?? place.streetAddress, 'location.address')?.trim() ?? '',
    postalCode: optStr(place.postalCode, 'location.postalCode')?.trim() ?? '',
    city: optStr(place.city, 'location.city')?.trim() ?? '',
  };
}

/** `geo` is `{latitude, longitude}` in the store list, `{lat, lon}` in some answers. */
function coordinates(store: Json): { lat: number; long: number } {
  const geo = optObj(store.geo, 'geo');
  if (!geo) throw new RecordError('the store has no geo');
  return finnishLatLong(geo.latitude ?? geo.lat, geo.longitude ?? geo.lon);
}

/** A store of the store list as a FeedStore (external id `k-ruoka:<id>`). */
export function kRuokaStore(store: unknown): FeedStore {
  if (!isObject(store)) throw new RecordError('a store must be an object');
  const id = str(store.id, 'id');
  const chain = kRuokaChain(str(store.chainName ?? store.chain, 'chainName'));
  const name = str(store.name, 'name').replace(/[\u2010-\u2015]/g, '-');
  const place = address(store);
  return {
    externalId: `${K_RUOKA_STORE_PREFIX}${id}`,
    chain,
    type: 'K',
    name,
    urlSlug: slugOr(store.slug, name, place.city, id),
    ...place,
    ...coordinates(store),
    weeklyHours: [],
    exceptions: twoDays(store.openNextTwoDays),
  };
}

/** Whether the store list says the store has a web shop (only those are asked for prices). */
export function isWebStore(store: unknown): boolean {
  return isObject(store) && store.isWebStore === true;
}

/** A text with its runs of white space (the shop writes non-breaking spaces: "240\u00a0g") as one space. */
function spaced(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function finnish(value: unknown): string | null {
  if (!isObject(value)) return null;
  const text = value.finnish ?? value.fi;
  return typeof text === 'string' && text.trim() !== '' ? spaced(text) : null;
}

/** `soldBy.kind` of a product sold by weight (the price is per kilogram). */
const WEIGHED_KINDS = new Set(['kilogram', 'kg', 'weight', 'weighed']);

/** Sold by weight: `soldBy` of a kind by weight, or the price's unit kg. */
function weighed(entry: Json | null): boolean {
  if (!entry) return false;
  const soldBy = optObj(entry.soldBy, 'soldBy');
  const kind = typeof soldBy?.kind === 'string' ? soldBy.kind.toLowerCase() : '';
  return WEIGHED_KINDS.has(kind) || (typeof entry.unit === 'string' && entry.unit.trim().toLowerCase() === 'kg');
}

function normalOf(pricing: unknown): Json | null {
  return isObject(pricing) && isObject(pricing.normal) ? pricing.normal : null;
}

/** The shop's product object (product search hit's or offer's `product`) as a FeedProduct. */
export function kRuokaProduct(product: unknown): FeedProduct {
  if (!isObject(product)) throw new RecordError('a product must be an object');
  const ean = checkedEan(product.ean);
  const attributes = optObj(product.productAttributes, 'productAttributes');
  const name = finnish(product.localizedName) ?? finnish(attributes?.marketingName);
  if (!name) throw new RecordError(`product ${ean} has no Finnish name (localizedName.finnish)`);
  const category = optObj(product.category, 'category');
  const tree = category ? arr(category.tree ?? [], 'category.tree') : [];
  const path = tree.map((node, index) => {
    const label = isObject(node) ? finnish(node.localizedName) : null;
    if (!label) throw new RecordError(`category.tree[${index}].localizedName.finnish must be a non-empty string`);
    return label;
  });
  const mobilescan = optObj(product.mobilescan, 'mobilescan');
  const normal = normalOf(mobilescan?.pricing);
  const byWeight = weighed(normal);
  const unitPrice = normal ? optObj(normal.unitPrice, 'unitPrice') : null;
  let comparison = byWeight ? 'kg' : 'kpl';
  if (unitPrice && typeof unitPrice.unit === 'string') comparison = comparisonUnit(unitPrice.unit, 'unitPrice.unit');
  const images = Array.isArray(product.images) ? product.images.filter((u): u is string => typeof u === 'string') : [];
  const image = optStr(optObj(attributes?.image, 'productAttributes.image')?.url, 'productAttributes.image.url') ?? images[0] ?? null;
  const origin = optObj(attributes?.origin, 'productAttributes.origin');
  const brand = optObj(product.brand, 'brand');
  return {
    ean,
    name,
    urlSlug: slugOr(attributes?.urlSlug, name, ean),
    pictureUrl: image,
    brandName: optStr(brand?.name, 'brand.name')?.trim() || null,
    originCountry: finnish(optObj(origin?.countryOfOriginI18n, 'origin.countryOfOriginI18n')) ?? optStr(origin?.countryOfOrigin, 'origin.countryOfOrigin'),
    description: finnish(attributes?.description),
    ingredients: null,
    nutritionalContent: [],
    priceUnit: byWeight ? 'kg' : 'kpl',
    comparisonPriceUnit: comparison,
    category: categoryRef('k-ruoka', path),
  };
}

/** Whether a discount (or multibuy) starts after `atMs` (its startDate ahead). */
function startsAfter(entry: Json, atMs: number): boolean {
  const start = typeof entry.startDate === 'string' ? Date.parse(entry.startDate) : Number.NaN;
  return !Number.isNaN(start) && start > atMs;
}

/** `mobilescan.pricing.batch` ({ amount: pieces, price: the bundle in euros }) as a multibuy. */
function batchMultibuy(batch: Json): Multibuy {
  return { quantity: multibuyQuantity(batch.amount, 'pricing.batch.amount'), price: euroCents(batch.price, 'pricing.batch.price') };
}

/** Whether a discount (or multibuy) is valid at `atMs`: started (or no start) and not ended (or no end). */
export function validAt(entry: Json, atMs: number): boolean {
  const start = typeof entry.startDate === 'string' ? Date.parse(entry.startDate) : Number.NaN;
  const end = typeof entry.endDate === 'string' ? Date.parse(entry.endDate) : Number.NaN;
  if (entry.startDate !== undefined && entry.startDate !== null && Number.isNaN(start)) throw new RecordError('discount.startDate must be an ISO time');
  if (entry.endDate !== undefined && entry.endDate !== null && Number.isNaN(end)) throw new RecordError('discount.endDate must be an ISO time');
  return (Number.isNaN(start) || start <= atMs) && (Number.isNaN(end) || atMs <= end);
}

/** The price of one unit sold (a piece, or a kilogram of a weighed product) in cents, with its comparison price. */
function unitAmounts(entry: Json, field: string, byWeight: boolean): { price: number; comparison: number | null; comparisonUnit: string | null } {
  const unitPrice = optObj(entry.unitPrice, `${field}.unitPrice`);
  const comparison = unitPrice && unitPrice.value !== undefined && unitPrice.value !== null ? euroCents(unitPrice.value, `${field}.unitPrice.value`) : null;
  const unit = comparison !== null ? comparisonUnit(unitPrice?.unit, `${field}.unitPrice.unit`) : null;
  const pricedPerKg = typeof entry.unit === 'string' && entry.unit.trim().toLowerCase() === 'kg';
  if (byWeight && !pricedPerKg) {
    // Sold by weight but priced per piece: the price per kilogram is the comparison price per kg.
    if (comparison === null || unit !== 'kg') throw new RecordError(`${field}: a weighed product needs its price per kg (unitPrice in kg)`);
    return { price: comparison, comparison, comparisonUnit: 'kg' };
  }
  const price = euroCents(entry.price, `${field}.price`);
  if (byWeight) return { price, comparison: comparison ?? price, comparisonUnit: unit ?? 'kg' };
  return { price, comparison, comparisonUnit: unit };
}

/**
 * A store price from `mobilescan.pricing` at the time `at` it was read: the price of one item now — the discount's
 * when a discount is valid at `at` (its regular price the normal one, ending at its `endDate`), else the normal
 * price; a discount that starts later is the price too, with its start (an upcoming campaign), an ended one is
 * dropped. A multibuy (`batch`, "2 for 6 €": `amount` pieces, `price` the bundle) is the multibuy beside the price;
 * `soldBy` { kind: 'approximatePiece', averageWeight in kg } the average weight in grams.
 */
export function kRuokaPrice(storeId: string, ean: unknown, pricing: unknown, at: string): FeedPrice {
  const code = checkedEan(ean);
  if (!isObject(pricing)) throw new RecordError(`product ${code} has no price in store ${storeId} (mobilescan.pricing)`);
  const normal = normalOf(pricing);
  if (!normal) throw new RecordError(`product ${code} has no normal price in store ${storeId}`);
  const atMs = Date.parse(at);
  if (Number.isNaN(atMs)) throw new RecordError('the time the price was read is not an ISO time');
  const byWeight = weighed(normal);
  const regular = unitAmounts(normal, 'pricing.normal', byWeight);
  const discount = optObj(pricing.discount, 'pricing.discount');
  // A discount valid now, or one that starts later (an upcoming campaign: its price with its start); an ended one is dropped.
  const upcoming = discount !== null && startsAfter(discount, atMs);
  const current = discount && (upcoming || validAt(discount, atMs)) ? unitAmounts(discount, 'pricing.discount', byWeight) : null;
  const batch = optObj(pricing.batch, 'pricing.batch');
  const multibuy = batch && (startsAfter(batch, atMs) || validAt(batch, atMs)) ? batchMultibuy(batch) : null;
  const soldBy = isObject(normal.soldBy) ? normal.soldBy : null;
  const grams = soldBy && soldBy.kind === 'approximatePiece' && typeof soldBy.averageWeight === 'number' ? optGrams(Math.round(soldBy.averageWeight * 1000), 'soldBy.averageWeight') : null;
  const chosen = current ?? regular;
  const approximate = !byWeight && (normal.isApproximate === true || (isObject(normal.soldBy) && normal.soldBy.kind === 'approximatePiece'));
  return {
    externalStoreId: `${K_RUOKA_STORE_PREFIX}${storeId}`,
    ean: code,
    price: chosen.price,
    comparisonPrice: chosen.comparison,
    priceUnit: byWeight ? 'kg' : 'kpl',
    comparisonPriceUnit: chosen.comparisonUnit,
    isCampaign: current !== null,
    observedAt: isoTime(at, 'at'),
    regularPrice: current !== null ? regular.price : null,
    campaignEndsAt: current !== null && discount ? campaignTime(discount.endDate, 'pricing.discount.endDate', 'end') : null,
    ...(upcoming && discount ? { campaignStartsAt: campaignTime(discount.startDate, 'pricing.discount.startDate', 'start') } : {}),
    ...(multibuy ? { multibuy } : {}),
    ...(grams !== null ? { averageWeightGrams: grams } : {}),
    deposit: optEuroCents(pricing.deposit, 'pricing.deposit'),
    ...(approximate ? { isApproximate: true } : {}),
  };
}

/** The end of a product's discount, else of its multibuy (the validity of an offer that gives none of its own). */
export function pricingEnd(pricing: unknown): string | null {
  if (!isObject(pricing)) return null;
  for (const key of ['discount', 'batch']) {
    const entry = pricing[key];
    if (isObject(entry) && typeof entry.endDate === 'string') return entry.endDate;
  }
  return null;
}

/** An offer of a store for one product as a FeedOffer: its Finnish title, picture and end. */
export function kRuokaOffer(storeId: string, ean: string, offer: unknown, end: string | null): FeedOffer {
  if (!isObject(offer)) throw new RecordError('an offer must be an object');
  const name = finnish(offer.localizedTitle) ?? (typeof offer.title === 'string' && offer.title.trim() ? spaced(offer.title) : null);
  if (!name) throw new RecordError(`offer ${JSON.stringify(offer.id ?? null)} has no title`);
  const image = typeof offer.image === 'string' ? offer.image : (optStr(optObj(offer.image, 'image')?.url, 'image.url') ?? null);
  return {
    externalStoreId: `${K_RUOKA_STORE_PREFIX}${storeId}`,
    ean: checkedEan(ean),
    name,
    image: image || null,
    validUntil: isoTime(offer.validUntil ?? end, 'validUntil'),
  };
}
