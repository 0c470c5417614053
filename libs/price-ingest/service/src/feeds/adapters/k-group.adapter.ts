import type { OpeningExceptionValue, WeeklyHoursValue } from '@hintakori/price-ingest-contracts';
import type { FeedPrice, FeedRecord, SourceAdapter } from '../feed-record';
import { reject } from '../feed-record';
import { arr, campaignTime, comparisonUnit, ean, euroCents, hhmm, isoDate, isoTime, latLong, num, obj, optEuroCents, optGrams, optMultibuy, optObj, optStr, parseJsonLine, priceUnit, RecordError, str } from '../values';
import { categoryRef, guarded, nutrients, slugOr } from './common';

const CHAINS: Record<string, string> = { 'k-citymarket': 'kcitymarket', 'k-supermarket': 'ksupermarket', 'k-market': 'kmarket', 'neste k': 'nokm' };

function weekly(value: unknown): WeeklyHoursValue[] {
  return arr(value ?? [], 'openingHours.regular').map((entry, index) => {
    const day = obj(entry, `openingHours.regular[${index}]`);
    const weekday = num(day.day, 'day');
    if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) throw new RecordError(`openingHours.regular[${index}].day must be 1-7`);
    if (day.open24h === true) return { weekday, opens: null, closes: null, isOpenAllDay: true };
    return { weekday, opens: hhmm(day.opens, 'opens'), closes: hhmm(day.closes, 'closes'), isOpenAllDay: false };
  });
}

function exceptions(value: unknown): OpeningExceptionValue[] {
  return arr(value ?? [], 'openingHours.exceptions').map((entry, index) => {
    const day = obj(entry, `openingHours.exceptions[${index}]`);
    return { date: isoDate(day.date, 'date'), opens: hhmm(day.opens, 'opens'), closes: hhmm(day.closes, 'closes'), isOpenAllDay: day.open24h === true, description: optStr(day.reason, 'reason') };
  });
}

function store(record: Record<string, unknown>): FeedRecord {
  const chainName = str(record.chain, 'chain');
  const chain = CHAINS[chainName.toLowerCase()];
  if (!chain) throw new RecordError(`unknown K group chain ${JSON.stringify(record.chain)}`);
  const geo = obj(record.geo, 'geo');
  const location = obj(record.location, 'location');
  const hours = optObj(record.openingHours, 'openingHours');
  const name = str(record.name, 'name');
  const city = str(location.city, 'location.city');
  return {
    kind: 'store',
    value: {
      externalId: str(record.id, 'id'),
      chain,
      type: 'K',
      name,
      urlSlug: slugOr(record.slug, name, city),
      address: str(location.streetAddress, 'location.streetAddress'),
      postalCode: str(location.postalCode, 'location.postalCode'),
      city,
      ...latLong(geo.lat, geo.lon),
      weeklyHours: weekly(hours?.regular),
      exceptions: exceptions(hours?.exceptions),
      // No regular hours at all (openingHours or its regular list absent): unknown, not "closed every day".
      ...(hours?.regular == null ? { openingHoursKnown: false } : {}),
    },
  };
}

function finnish(value: unknown, field: string): string | null {
  const localized = optObj(value, field);
  return localized ? optStr(localized.finnish, `${field}.finnish`) : null;
}

function product(record: Record<string, unknown>): FeedRecord {
  const name = finnish(record.localizedName, 'localizedName');
  if (!name) throw new RecordError('localizedName.finnish must be a non-empty string');
  const tree = arr(obj(record.category, 'category').tree, 'category.tree').map((entry, index) => {
    const node = obj(entry, `category.tree[${index}]`);
    const label = finnish(node.name, `category.tree[${index}].name`);
    if (!label) throw new RecordError(`category.tree[${index}].name.finnish must be a non-empty string`);
    return label;
  });
  const unit = priceUnit(record.unit ?? 'kpl', 'unit');
  return {
    kind: 'product',
    value: {
      ean: ean(record.ean),
      name,
      urlSlug: slugOr(record.urlSlug, name),
      pictureUrl: optStr(optObj(record.image, 'image')?.url, 'image.url'),
      brandName: optStr(optObj(record.brand, 'brand')?.name, 'brand.name'),
      originCountry: optStr(record.countryOfOrigin, 'countryOfOrigin'),
      description: finnish(record.description, 'description'),
      ingredients: finnish(record.ingredients, 'ingredients'),
      nutritionalContent: nutrients(record.nutritionalInformation, { name: 'label', value: 'amount', ri: 'dailyIntake' }),
      priceUnit: unit,
      // The comparison unit comes with each price (unitPrice.unit); this is the fallback.
      comparisonPriceUnit: unit === 'kg' ? 'kg' : 'kpl',
      category: categoryRef('k-group', tree),
    },
  };
}

function price(record: Record<string, unknown>): FeedRecord {
  const pricing = obj(record.pricing, 'pricing');
  const normal = obj(pricing.normal, 'pricing.normal');
  const discount = optObj(pricing.discount, 'pricing.discount');
  const batch = optObj(pricing.batch, 'pricing.batch');
  const active = discount ?? normal;
  const unitPrice = optObj(active.unitPrice, 'unitPrice');
  let cents = euroCents(active.price, discount ? 'pricing.discount.price' : 'pricing.normal.price');
  // A multi-buy ("3 for 5 €") is shown per piece when it beats the shelf price.
  if (batch) {
    const amount = num(batch.amount, 'pricing.batch.amount');
    if (!Number.isInteger(amount) || amount < 2) throw new RecordError('pricing.batch.amount must be an integer of at least 2');
    cents = Math.min(cents, Math.round(euroCents(batch.price, 'pricing.batch.price') / amount));
  }
  return {
    kind: 'price',
    value: {
      externalStoreId: str(record.storeId, 'storeId'),
      ean: ean(record.ean),
      price: cents,
      comparisonPrice: unitPrice ? euroCents(unitPrice.value, 'unitPrice.value') : null,
      priceUnit: null,
      comparisonPriceUnit: unitPrice ? comparisonUnit(unitPrice.unit, 'unitPrice.unit') : null,
      isCampaign: discount !== null || batch !== null,
      observedAt: isoTime(record.fetchedAt, 'fetchedAt'),
      // The shelf price beside a discount or multi-buy.
      regularPrice: discount !== null || batch !== null ? euroCents(normal.price, 'pricing.normal.price') : null,
      // The container deposit (pantti), never in the prices above.
      deposit: optEuroCents(pricing.deposit, 'pricing.deposit'),
      ...kTerms(record, pricing, discount),
    },
  };
}

/**
 * The till terms of a K group price: the discount's `startDate` / `endDate` (an ISO time, or a date: that day in
 * Helsinki; a start is given only for a discount that starts later), `pricing.multibuy` { quantity, price in euros
 * for the bundle } (`batch` keeps its meaning: a per-piece price), `pricing.plussaPrice` (euros: the K-Plussa member
 * price) and `soldBy` { kind: 'approximatePiece', averageWeight in kg }. Only those given are set.
 */
function kTerms(record: Record<string, unknown>, pricing: Record<string, unknown>, discount: Record<string, unknown> | null): Partial<FeedPrice> {
  const out: Partial<FeedPrice> = {};
  if (discount !== null) {
    const starts = campaignTime(discount.startDate, 'pricing.discount.startDate', 'start');
    const ends = campaignTime(discount.endDate, 'pricing.discount.endDate', 'end');
    if (starts !== null) out.campaignStartsAt = starts;
    if (ends !== null) out.campaignEndsAt = ends;
  }
  const multibuy = optMultibuy(pricing.multibuy, 'pricing.multibuy');
  if (multibuy !== null) out.multibuy = multibuy;
  const plussa = optEuroCents(pricing.plussaPrice, 'pricing.plussaPrice');
  if (plussa !== null) out.memberPrice = { card: 'k-plussa', price: plussa };
  const soldBy = optObj(record.soldBy, 'soldBy');
  if (soldBy !== null && soldBy.kind === 'approximatePiece' && soldBy.averageWeight !== undefined && soldBy.averageWeight !== null) {
    out.averageWeightGrams = optGrams(Math.round(num(soldBy.averageWeight, 'soldBy.averageWeight') * 1000), 'soldBy.averageWeight');
  }
  return out;
}

function offer(record: Record<string, unknown>): FeedRecord {
  return {
    kind: 'offer',
    value: {
      externalStoreId: str(record.storeId, 'storeId'),
      ean: ean(record.ean),
      name: str(record.title, 'title'),
      image: optStr(optObj(record.image, 'image')?.url, 'image.url'),
      validUntil: isoTime(record.validUntil, 'validUntil'),
    },
  };
}

const KINDS = { store: ['store', store], product: ['product', product], price: ['price', price], offer: ['offer', offer] } as const;

/** K group: one K-Ruoka web API record per line (`type` store, product, price or offer). */
export class KGroupAdapter implements SourceAdapter {
  readonly source = 'k-group';
  /** Each line one JSON node read on its own (SourceAdapter.lineCacheVersion): bump when a line's records change. */
  readonly lineCacheVersion = 1;

  createParser(): (line: string) => FeedRecord[] {
    return (line) => {
      if (line.trim() === '') return [];
      let record: Record<string, unknown>;
      try {
        record = parseJsonLine(line);
      } catch (error) {
        return [reject('line', (error as Error).message, line)];
      }
      const entry = KINDS[String(record.type) as keyof typeof KINDS];
      if (!entry) return [reject('line', `unknown record type ${JSON.stringify(record.type)}`, record)];
      const [kind, parse] = entry;
      return [guarded(kind, record, () => parse(record))];
    };
  }
}
