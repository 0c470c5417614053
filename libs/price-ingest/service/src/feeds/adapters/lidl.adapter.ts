import type { OpeningExceptionValue, WeeklyHoursValue } from '@hintakori/price-ingest-contracts';
import type { FeedPrice, FeedRecord, SourceAdapter } from '../feed-record';
import { reject } from '../feed-record';
import { arr, campaignTime, comparisonUnit, ean, euroCents, isoDate, isoTime, isObject, latLong, obj, optEuroCents, optGrams, optMultibuy, optStr, parseJsonLine, priceUnit, RecordError, str } from '../values';
import { categoryRef, guarded, nutrients, slugOr } from './common';

const SPAN = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/;

function hours(text: unknown, field: string): { opens: string | null; closes: string | null; isOpenAllDay: boolean } {
  if (text === 'closed') return { opens: null, closes: null, isOpenAllDay: false };
  const match = typeof text === 'string' ? SPAN.exec(text) : null;
  if (!match) throw new RecordError(`${field} must be "HH:MM-HH:MM" or "closed"`);
  if (match[1] === '00:00' && match[2] === '24:00') return { opens: null, closes: null, isOpenAllDay: true };
  return { opens: match[1], closes: match[2], isOpenAllDay: false };
}

function store(record: Record<string, unknown>): FeedRecord {
  const week = arr(record.hours, 'hours');
  if (week.length !== 7) throw new RecordError('hours must list the seven weekdays, Monday first');
  const weeklyHours: WeeklyHoursValue[] = week.map((text, index) => ({ weekday: index + 1, ...hours(text, `hours[${index}]`) }));
  const exceptions: OpeningExceptionValue[] = arr(record.specialDays ?? [], 'specialDays').map((entry, index) => {
    const day = obj(entry, `specialDays[${index}]`);
    return { date: isoDate(day.date, 'date'), ...hours(day.hours, `specialDays[${index}].hours`), description: optStr(day.note, 'note') };
  });
  const name = str(record.name, 'name');
  const city = str(record.city, 'city');
  return {
    kind: 'store',
    value: {
      externalId: str(record.storeId, 'storeId'),
      chain: 'lidl',
      type: 'L',
      name,
      urlSlug: slugOr(record.slug, name, city),
      address: str(record.street, 'street'),
      postalCode: str(record.zip, 'zip'),
      city,
      ...latLong(record.latitude, record.longitude),
      weeklyHours,
      exceptions,
    },
  };
}

/** '2,58 €/kg' → cents and unit. */
function basePrice(text: unknown): { cents: number; unit: string } | null {
  if (text === undefined || text === null || text === '') return null;
  const match = typeof text === 'string' ? /^(.+)\/\s*(\w+)$/.exec(text) : null;
  if (!match) throw new RecordError(`basePrice ${JSON.stringify(text)} must look like "2,58 €/kg"`);
  return { cents: euroCents(match[1], 'basePrice'), unit: comparisonUnit(match[2], 'basePrice unit') };
}

/** An article of the national list is both the product and its price in every Lidl store. */
function article(record: Record<string, unknown>): FeedRecord[] {
  const name = str(record.title, 'title');
  const path = str(record.categoryPath, 'categoryPath')
    .split('>')
    .map((p) => p.trim())
    .filter(Boolean);
  const unit = priceUnit(record.salesUnit ?? 'kpl', 'salesUnit');
  const base = basePrice(record.basePrice);
  const code = ean(record.ean);
  return [
    {
      kind: 'product',
      value: {
        ean: code,
        name,
        urlSlug: slugOr(record.slug, name),
        pictureUrl: optStr(record.image, 'image'),
        brandName: optStr(record.brand, 'brand'),
        originCountry: optStr(record.origin, 'origin'),
        description: optStr(record.description, 'description'),
        ingredients: optStr(record.ingredients, 'ingredients'),
        nutritionalContent: nutrients(record.nutrition, { name: 'name', value: 'value', ri: 'ri' }),
        priceUnit: unit,
        comparisonPriceUnit: base?.unit ?? (unit === 'kg' ? 'kg' : 'kpl'),
        category: categoryRef('lidl', path),
      },
    },
    {
      kind: 'price',
      value: {
        externalStoreId: null,
        ean: code,
        price: euroCents(record.price, 'price'),
        comparisonPrice: base?.cents ?? null,
        priceUnit: unit,
        comparisonPriceUnit: base?.unit ?? null,
        isCampaign: record.isOffer === true,
        observedAt: isoTime(record.validFrom, 'validFrom'),
        // The container deposit (pantti), "0,15" like the price.
        deposit: optEuroCents(record.deposit, 'deposit'),
        ...lidlTerms(record),
      },
    },
  ];
}

/**
 * The till terms of a Lidl article: `lidlPlus` [{ price: { price in euros } }] (the Lidl Plus price: the lowest),
 * `offerValidFrom` / `validTo` of an offer (an ISO time, or a date: that day in Helsinki), `multibuy` { quantity,
 * price in euros for the bundle } and `averageWeightGrams`. Only those given are set.
 */
function lidlTerms(record: Record<string, unknown>): Partial<FeedPrice> {
  const out: Partial<FeedPrice> = {};
  const plus = lidlPlusPrice(record.lidlPlus, 'lidlPlus');
  if (plus !== null) out.memberPrice = { card: 'lidl-plus', price: plus };
  if (record.isOffer === true) {
    const starts = campaignTime(record.offerValidFrom, 'offerValidFrom', 'start');
    const ends = campaignTime(record.validTo, 'validTo', 'end');
    if (starts !== null) {
      out.campaignStartsAt = starts;
      out.regularPrice = optEuroCents(record.regularPrice, 'regularPrice');
    }
    if (ends !== null) out.campaignEndsAt = ends;
  }
  const multibuy = optMultibuy(record.multibuy, 'multibuy');
  if (multibuy !== null) out.multibuy = multibuy;
  const grams = optGrams(record.averageWeightGrams, 'averageWeightGrams');
  if (grams !== null) out.averageWeightGrams = grams;
  return out;
}

/** The lowest Lidl Plus price of `gridbox.data.lidlPlus`-shaped entries ({ price: { price } }), in cents; none: null. */
export function lidlPlusPrice(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new RecordError(`${field} must be an array`);
  let lowest: number | null = null;
  value.forEach((entry, index) => {
    if (!isObject(entry)) throw new RecordError(`${field}[${index}] must be an object`);
    const price = isObject(entry.price) ? entry.price.price : entry.price;
    const cents = euroCents(price, `${field}[${index}].price.price`);
    if (lowest === null || cents < lowest) lowest = cents;
  });
  return lowest;
}

function offer(record: Record<string, unknown>): FeedRecord[] {
  return [
    {
      kind: 'offer',
      value: { externalStoreId: str(record.storeId, 'storeId'), ean: ean(record.ean), name: str(record.title, 'title'), image: optStr(record.image, 'image'), validUntil: isoTime(record.validTo, 'validTo') },
    },
  ];
}

/** Lidl: the national price list (`recordType` store, article — one price for every Lidl store — and offer). */
export class LidlAdapter implements SourceAdapter {
  readonly source = 'lidl';

  createParser(): (line: string) => FeedRecord[] {
    return (line) => {
      if (line.trim() === '') return [];
      let record: Record<string, unknown>;
      try {
        record = parseJsonLine(line);
      } catch (error) {
        return [reject('line', (error as Error).message, line)];
      }
      if (record.recordType === 'store') return [guarded('store', record, () => store(record))];
      if (record.recordType === 'article') {
        try {
          return article(record);
        } catch (error) {
          if (error instanceof RecordError) return [reject('product', error.message, record)];
          throw error;
        }
      }
      if (record.recordType === 'offer') {
        try {
          return offer(record);
        } catch (error) {
          if (error instanceof RecordError) return [reject('offer', error.message, record)];
          throw error;
        }
      }
      return [reject('line', `unknown recordType ${JSON.stringify(record.recordType)}`, record)];
    };
  }
}
