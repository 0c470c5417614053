/**
 * Lidl Finland's records: a store of the Schwarz group's store API (`stores-frontend/stores`) as a FeedStore with its
 * dated opening hours turned into the regular week and the days that differ, and one product of lidl.fi's search API
 * (`/q/api/search`, the `gridbox.data` of an item) as a FeedProduct and its national FeedPrice. Field names and
 * formats: fixtures/lidl/README.md.
 */
import type { OpeningExceptionValue, WeeklyHoursValue } from '@hintakori/price-ingest-contracts';
import { categoryRef, slugOr } from '../../feeds/adapters/common';
import { lidlPlusPrice } from '../../feeds/adapters/lidl.adapter';
import type { FeedPrice, FeedProduct, FeedStore } from '../../feeds/feed-record';
import { checkedEan, comparisonUnit, euroCents, finnishLatLong, isObject, type Json, optStr, RecordError, str } from '../../feeds/values';
import { type DayHours, mostCommonHours } from '../day-hours';

/** What the site says of a Lidl price: one national price, the same in every Lidl store in Finland. */
export const LIDL_NATIONAL_PRICE_NOTE = 'Lidlin valtakunnallinen hinta';

/**
 * One line of the Lidl input (JSON text), in this adapter's own envelope:
 * - `store`: one store of the store API as it came (`s`);
 * - `item`: one product of a search answer as it came (`d`, the item's `gridbox.data`), from `from` (the offers
 *   list, a search for an EAN, or a page of the assortment);
 * - `unreadable`: an answer that could not be read (`what` names it).
 */
export type LidlLine = { t: 'store'; s: unknown } | { t: 'item'; from: string; d: unknown } | { t: 'unreadable'; what: string; reason: string };

// ---------------------------------------------------------------------------------------------------------------
// Stores

/** `openingHours.items[].reason` values that are the store's regular week (alltheplaces' lidl spider reads these). */
const REGULAR_REASONS = new Set(['REGULAR', 'SUNDAY_REPEAT', 'CLOSED']);
/** Reasons whose day is closed whatever its time ranges say. */
const CLOSED_REASONS = new Set(['CLOSED', 'PERMANENT_CLOSING', 'TEMPORARY_CLOSING']);

/** A dated day's reason, in Finnish, as the exception's description. */
const REASON_TEXT: Record<string, string> = {
  HOLIDAY: 'Pyhäpäivä',
  SPECIAL_DAY: 'Poikkeava aukioloaika',
  SUNDAY_PERIOD: 'Sunnuntaiaukiolo',
  SUNDAY_SPECIFIC_DAY: 'Sunnuntaiaukiolo',
  TEMPORARY_CLOSING: 'Tilapäisesti suljettu',
  PERMANENT_CLOSING: 'Suljettu pysyvästi',
  CLOSED: 'Suljettu',
};

/** Finnish public holidays on a fixed date (MM-DD), to name a HOLIDAY day the API gives only a reason for. */
const FIXED_HOLIDAYS: Record<string, string> = {
  '01-01': 'Uudenvuodenpäivä',
  '01-06': 'Loppiainen',
  '05-01': 'Vappu',
  '12-06': 'Itsenäisyyspäivä',
  '12-24': 'Jouluaatto',
  '12-25': 'Joulupäivä',
  '12-26': 'Tapaninpäivä',
  '12-31': 'Uudenvuodenaatto',
};

/** "2026-12-06T10:00:00" → "10:00" (the API gives local wall-clock times of the day). */
function clock(value: unknown, field: string): string {
  const match = typeof value === 'string' ? /T(\d{2}):(\d{2})/.exec(value) : null;
  if (!match) throw new RecordError(`${field} ${JSON.stringify(value)} must be a local time YYYY-MM-DDTHH:MM:SS`);
  return `${match[1]}:${match[2]}`;
}

function dayHours(entry: Json, index: number): DayHours {
  const ranges = entry.timeRanges === undefined || entry.timeRanges === null ? [] : entry.timeRanges;
  if (!Array.isArray(ranges)) throw new RecordError(`openingHours.items[${index}].timeRanges must be an array`);
  if (CLOSED_REASONS.has(String(entry.reason)) || ranges.length === 0) return { opens: null, closes: null, isOpenAllDay: false };
  const spans = ranges.map((range, r) => {
    if (!isObject(range)) throw new RecordError(`openingHours.items[${index}].timeRanges[${r}] must be an object`);
    return {
      from: clock(range.from, `openingHours.items[${index}].timeRanges[${r}].from`),
      to: clock(range.to, `openingHours.items[${index}].timeRanges[${r}].to`),
    };
  });
  // One span a day in the contract: from the first opening to the last closing (a lunch break is not kept).
  const opens = spans.map((s) => s.from).sort()[0];
  const closes = spans.map((s) => (s.to === '00:00' ? '24:00' : s.to)).sort()[spans.length - 1];
  if (opens === '00:00' && (closes === '24:00' || closes === '23:59')) return { opens: null, closes: null, isOpenAllDay: true };
  return { opens, closes, isOpenAllDay: false };
}

const same = (a: DayHours, b: DayHours) => a.opens === b.opens && a.closes === b.closes && a.isOpenAllDay === b.isOpenAllDay;

/** ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

function description(reason: string, date: string): string | null {
  if (reason === 'REGULAR' || reason === 'SUNDAY_REPEAT') return null;
  if (reason === 'HOLIDAY') {
    const name = FIXED_HOLIDAYS[date.slice(5)];
    return name ? `${REASON_TEXT.HOLIDAY}: ${name}` : REASON_TEXT.HOLIDAY;
  }
  return REASON_TEXT[reason] ?? reason;
}

/**
 * The store API's opening hours by date (`openingHours.items[]`: `date`, `reason`, `timeRanges[{from, to}]`) →
 * the regular week (per weekday, the most common hours of its regular days: REGULAR, SUNDAY_REPEAT, CLOSED) and the
 * dated days that differ from it — every day of another reason (HOLIDAY, SPECIAL_DAY, …) and a regular day whose
 * hours are not its weekday's — each with its reason as the description (a holiday named when it falls on a fixed
 * date). A weekday the listed days do not show on a regular day is left out of the week.
 */
export function lidlHours(value: unknown): { weeklyHours: WeeklyHoursValue[]; exceptions: OpeningExceptionValue[]; known: boolean } {
  if (value === undefined || value === null) return { weeklyHours: [], exceptions: [], known: false };
  if (!isObject(value) || !Array.isArray(value.items)) throw new RecordError('openingHours must be an object with items');
  const days = value.items.map((raw, index) => {
    if (!isObject(raw)) throw new RecordError(`openingHours.items[${index}] must be an object`);
    const date = typeof raw.date === 'string' ? raw.date.slice(0, 10) : '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw new RecordError(`openingHours.items[${index}].date must be a date`);
    const reason = str(raw.reason, `openingHours.items[${index}].reason`);
    return { date, weekday: isoWeekday(date), reason, hours: dayHours(raw, index) };
  });
  days.sort((a, b) => a.date.localeCompare(b.date));
  const weeklyHours: WeeklyHoursValue[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const regular = days.filter((d) => d.weekday === weekday && REGULAR_REASONS.has(d.reason));
    if (regular.length === 0) continue;
    weeklyHours.push({ weekday, ...(mostCommonHours(regular) as DayHours) });
  }
  const exceptions: OpeningExceptionValue[] = [];
  for (const d of days) {
    // A day Lidl gives a reason of its own (a holiday, a special day) is always listed; a regular day only when its
    // hours differ from its weekday's.
    const week = weeklyHours.find((w) => w.weekday === d.weekday);
    if (REGULAR_REASONS.has(d.reason) && week && same(week, d.hours)) continue;
    exceptions.push({ date: d.date, ...d.hours, description: description(d.reason, d.date) });
  }
  return { weeklyHours, exceptions, known: days.length > 0 };
}

/** One store of the store API → a FeedStore (`lidl:<objectNumber>`, chain lidl, type L); outside Finland rejected. */
export function lidlStore(raw: Json): FeedStore {
  const objectNumber = str(raw.objectNumber, 'objectNumber');
  const address = isObject(raw.address) ? raw.address : null;
  if (!address) throw new RecordError('address must be an object');
  const country = optStr(address.countryCode ?? raw.countryCode, 'countryCode');
  if (country !== null && country.toUpperCase() !== 'FI') throw new RecordError(`store ${objectNumber} is in ${country}, not in Finland`);
  const point = finnishLatLong(address.latitude, address.longitude);
  const street = [
    optStr(address.streetName ?? address.street, 'address.streetName'),
    optStr(address.streetNumber ?? address.houseNumber, 'address.streetNumber'),
  ]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
  if (street === '') throw new RecordError('address.streetName must be a non-empty string');
  const city = str(address.city, 'address.city');
  const storeName = str(raw.storeName ?? raw.name, 'storeName');
  const name = /^lidl\b/i.test(storeName) ? storeName : `Lidl ${storeName}`;
  const hours = lidlHours(raw.openingHours);
  return {
    externalId: `lidl:${objectNumber}`,
    chain: 'lidl',
    type: 'L',
    name,
    urlSlug: slugOr(undefined, name),
    address: street,
    postalCode: str(address.zip ?? address.postalCode, 'address.zip'),
    city,
    ...point,
    weeklyHours: hours.weeklyHours,
    exceptions: hours.exceptions,
    ...(hours.known ? {} : { openingHoursKnown: false }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Products and national prices

/** Sanity bound on a price from the site (the run rejects absurd prices too). */
const MAX_CENTS = 100_000;

function optNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The EAN of a search item: the first of `eans` (or `ean`); without one the product cannot be matched. */
export function lidlItemEan(data: Json): string {
  const listed = Array.isArray(data.eans) ? data.eans : data.ean !== undefined && data.ean !== null && data.ean !== '' ? [data.ean] : [];
  if (listed.length === 0)
    throw new RecordError(`skipped: no EAN in Lidl's answer for product ${String(data.productId ?? data.erpNumber ?? data.itemId ?? '?')}`);
  return checkedEan(listed[0]);
}

/** `price.basePrice.text`: "1 kg = 5,98 €", "5,98 €/kg" or "1 l = 1,19 €" → cents and unit. */
function comparison(price: Json): { cents: number; unit: string } | null {
  const base = price.basePrice;
  const text = isObject(base) ? base.text : typeof base === 'string' ? base : undefined;
  if (typeof text !== 'string' || text.trim() === '') return null;
  const perUnit = /^\s*1?\s*(kg|l|kpl)\s*=\s*(.+?)\s*$/i.exec(text) ?? null;
  if (perUnit) return { cents: euroCents(perUnit[2], 'basePrice'), unit: comparisonUnit(perUnit[1], 'basePrice unit') };
  const slash = /^\s*(.+?)\s*\/\s*(kg|l|kpl)\s*$/i.exec(text);
  if (slash) return { cents: euroCents(slash[1], 'basePrice'), unit: comparisonUnit(slash[2], 'basePrice unit') };
  throw new RecordError(`basePrice ${JSON.stringify(text)} must look like "1 kg = 5,98 €"`);
}

/** A deposit (pantti) among `price.specialTaxes`, in cents, or null. */
function deposit(price: Json): number | null {
  const taxes = price.specialTaxes;
  if (taxes === undefined || taxes === null) return null;
  if (!Array.isArray(taxes)) throw new RecordError('price.specialTaxes must be an array');
  for (const tax of taxes) {
    if (!isObject(tax)) continue;
    const label = [tax.label, tax.name, tax.text, tax.type].filter((v) => typeof v === 'string').join(' ');
    if (!/pantti|pant\b|deposit|pfand/i.test(label)) continue;
    const cents = euroCents(tax.amount ?? tax.price ?? tax.value, 'deposit');
    return cents > 0 ? cents : null;
  }
  return null;
}

function unixIso(value: unknown): string | null {
  const seconds = optNumber(value);
  return seconds === null || seconds <= 0 ? null : new Date(seconds * 1000).toISOString();
}

/** The category path of a search item: `keyfacts.wonCategoryPrimary` without its root ("Tarvemaailmat"), else `category`. */
function categoryPath(data: Json): string[] {
  const keyfacts = isObject(data.keyfacts) ? data.keyfacts : null;
  const won = keyfacts && typeof keyfacts.wonCategoryPrimary === 'string' ? keyfacts.wonCategoryPrimary : null;
  if (won) {
    const path = won
      .split('/')
      .map((p) => p.trim())
      .filter(Boolean);
    if (path.length > 1) return path.slice(1);
    if (path.length === 1) return path;
  }
  return typeof data.category === 'string' && data.category.trim() !== '' ? [data.category.trim()] : [];
}

/** `price.packaging.text` saying the price is per kilogram ("kg", "per kg", "/kg"). */
function soldByWeight(price: Json): boolean {
  const packaging = isObject(price.packaging) ? price.packaging.text : null;
  return typeof packaging === 'string' && /^(\s*(per|\/)?\s*kg\s*)$/i.test(packaging);
}

/**
 * One search item (`gridbox.data`) → Lidl's product and its national price (externalStoreId null: the run gives it
 * to every Lidl store). An offer (`price.oldPrice` or `price.discount.deletedPrice` above the price, or an item of
 * the offers list with a discount text) is a campaign price with its regular price and end (`storeEndDate`).
 */
export function lidlItem(data: Json, options: { fromOffers: boolean; now: Date }): { product: FeedProduct; price: FeedPrice } {
  const ean = lidlItemEan(data);
  const price = isObject(data.price) ? data.price : null;
  if (!price) throw new RecordError(`product ${ean} has no price`);
  const currency = optStr(price.currencyCode, 'price.currencyCode');
  if (currency !== null && currency !== 'EUR') throw new RecordError(`rejected: currency ${currency}`);
  if (price.price === undefined || price.price === null) throw new RecordError(`product ${ean} has no price`);
  const cents = euroCents(price.price, 'price.price');
  if (cents <= 0) throw new RecordError(`price ${cents / 100} € of ${ean} is not above 0`);
  if (cents > MAX_CENTS) throw new RecordError(`price ${cents / 100} € of ${ean} is absurd`);
  const startsAt = unixIso(data.storeStartDate);
  if (startsAt !== null && Date.parse(startsAt) > options.now.getTime()) throw new RecordError(`skipped: the offer of ${ean} starts ${startsAt}`);
  const discount = isObject(price.discount) ? price.discount : null;
  const old = [optNumber(price.oldPrice), optNumber(discount?.deletedPrice)].find((v): v is number => v !== null && v > 0) ?? null;
  const regularCents = old === null ? null : euroCents(old, 'price.oldPrice');
  const discounted = regularCents !== null && regularCents > cents;
  const isCampaign = discounted || (options.fromOffers && typeof discount?.discountText === 'string' && discount.discountText.trim() !== '');
  const endsAt = unixIso(data.storeEndDate);
  const base = comparison(price);
  const byWeight = soldByWeight(price);
  const path = categoryPath(data);
  const name = str(data.fullTitle ?? data.title, 'fullTitle');
  const brand = isObject(data.brand) ? optStr(data.brand.name, 'brand.name') : null;
  const slugSource = typeof data.canonicalPath === 'string' ? (/^\/p\/([^/]+)\//.exec(data.canonicalPath)?.[1] ?? undefined) : undefined;
  const product: FeedProduct = {
    ean,
    name,
    urlSlug: slugOr(slugSource, name),
    pictureUrl: optStr(data.image, 'image'),
    brandName: brand,
    originCountry: null,
    description: null,
    ingredients: null,
    nutritionalContent: [],
    priceUnit: byWeight ? 'kg' : 'kpl',
    comparisonPriceUnit: base?.unit ?? (byWeight ? 'kg' : 'kpl'),
    category: categoryRef('lidl', path),
  };
  return {
    product,
    price: {
      externalStoreId: null,
      ean,
      price: cents,
      comparisonPrice: base?.cents ?? null,
      priceUnit: byWeight ? 'kg' : 'kpl',
      comparisonPriceUnit: base?.unit ?? null,
      isCampaign,
      observedAt: null,
      regularPrice: discounted ? regularCents : null,
      deposit: deposit(price),
      campaignEndsAt: isCampaign ? endsAt : null,
      ...lidlPlusTerm(data),
    },
  };
}

/**
 * The Lidl Plus price of an item: the lowest `gridbox.data.lidlPlus[].price.price` (euros), in the shape public
 * scrapers of Lidl's site recorded (fixtures/lidl/lidl-plus-item.json). Absent when the item has none.
 */
function lidlPlusTerm(data: Json): Partial<FeedPrice> {
  const cents = lidlPlusPrice(data.lidlPlus, 'lidlPlus');
  return cents === null ? {} : { memberPrice: { card: 'lidl-plus', price: cents } };
}
