import type { OpeningExceptionValue, WeeklyHoursValue } from '@hintakori/price-ingest-contracts';
import type { FeedPrice, FeedRecord, SourceAdapter } from '../feed-record';
import { reject } from '../feed-record';
import { arr, campaignTime, comparisonUnit, ean, euroCents, hhmm, isoDate, isoTime, latLong, obj, optEuroCents, optGrams, optMultibuy, optObj, optStr, parseJsonLine, priceUnit, RecordError, str } from '../values';
import { categoryRef, guarded, nutrients, slugOr } from './common';

const CHAINS: Record<string, string> = { PRISMA: 'prisma', 'S-MARKET': 's-market', ALEPA: 'alepa', SALE: 'sale', ABC: 'abc', HERKKU: 'herkku' };
const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

const allDay = (opens: string | null, closes: string | null) => opens === '00:00' && closes === '24:00';

function weekly(value: unknown): WeeklyHoursValue[] {
  return arr(value ?? [], 'weeklyOpeningHours').map((entry, index) => {
    const day = obj(entry, `weeklyOpeningHours[${index}]`);
    const weekday = WEEKDAYS.indexOf(String(day.weekday)) + 1;
    if (weekday === 0) throw new RecordError(`weeklyOpeningHours[${index}].weekday ${JSON.stringify(day.weekday)} is not a weekday`);
    const opens = hhmm(day.opens, 'opens');
    const closes = hhmm(day.closes, 'closes');
    return allDay(opens, closes) ? { weekday, opens: null, closes: null, isOpenAllDay: true } : { weekday, opens, closes, isOpenAllDay: false };
  });
}

function exceptions(value: unknown): OpeningExceptionValue[] {
  return arr(value ?? [], 'openingHourExceptions').map((entry, index) => {
    const day = obj(entry, `openingHourExceptions[${index}]`);
    const opens = hhmm(day.opens, 'opens');
    const closes = hhmm(day.closes, 'closes');
    return { date: isoDate(day.date, 'date'), opens, closes, isOpenAllDay: day.allDay === true || allDay(opens, closes), description: optStr(day.info, 'info') };
  });
}

function store(node: Record<string, unknown>): FeedRecord {
  const brand = str(node.brand, 'brand').toUpperCase();
  const chain = CHAINS[brand];
  if (!chain) throw new RecordError(`unknown S group brand ${JSON.stringify(node.brand)}`);
  const location = obj(node.location, 'location');
  const address = obj(location.address, 'location.address');
  const coordinates = obj(location.coordinates, 'location.coordinates');
  const city = str(optObj(address.postcodeName, 'postcodeName')?.default, 'location.address.postcodeName.default');
  const name = str(node.name, 'name');
  return {
    kind: 'store',
    value: {
      externalId: str(node.id, 'id'),
      chain,
      type: 'S',
      name,
      urlSlug: slugOr(node.slug, name, city),
      address: str(optObj(address.street, 'street')?.default, 'location.address.street.default'),
      postalCode: str(address.postcode, 'location.address.postcode'),
      city,
      ...latLong(coordinates.lat, coordinates.lon),
      weeklyHours: weekly(node.weeklyOpeningHours),
      exceptions: exceptions(node.openingHourExceptions),
      // No weekly hours at all (the field null or absent): the shop does not say them, not "closed every day".
      ...(node.weeklyOpeningHours == null ? { openingHoursKnown: false } : {}),
    },
  };
}

function product(node: Record<string, unknown>): FeedRecord {
  const name = str(node.name, 'name');
  // hierarchyPath runs from the product's own category up to the top level.
  const path = arr(node.hierarchyPath, 'hierarchyPath')
    .map((entry, index) => str(obj(entry, `hierarchyPath[${index}]`).name, `hierarchyPath[${index}].name`))
    .reverse();
  return {
    kind: 'product',
    value: {
      ean: ean(node.ean),
      name,
      urlSlug: slugOr(node.slug, name),
      pictureUrl: optStr(node.imageUrl, 'imageUrl'),
      brandName: optStr(node.brandName, 'brandName'),
      originCountry: optStr(optObj(node.countryName, 'countryName')?.fi, 'countryName.fi'),
      description: optStr(node.description, 'description'),
      ingredients: optStr(node.ingredientStatement, 'ingredientStatement'),
      nutritionalContent: nutrients(node.nutrients, { name: 'name', value: 'value', ri: 'referenceIntake' }),
      priceUnit: priceUnit(node.priceUnit ?? 'KPL', 'priceUnit'),
      comparisonPriceUnit: comparisonUnit(node.comparisonUnit, 'comparisonUnit'),
      category: categoryRef('s-group', path),
    },
  };
}

function price(node: Record<string, unknown>): FeedRecord {
  const pricing = optObj(node.pricing, 'pricing');
  const current = pricing?.currentPrice ?? node.price;
  const campaign = optEuroCents(pricing?.campaignPrice, 'pricing.campaignPrice');
  return {
    kind: 'price',
    value: {
      externalStoreId: str(node.storeId, 'storeId'),
      ean: ean(node.ean),
      price: euroCents(current, 'pricing.currentPrice'),
      comparisonPrice: optEuroCents(node.comparisonPrice, 'comparisonPrice'),
      priceUnit: null,
      comparisonPriceUnit: node.comparisonUnit === undefined || node.comparisonUnit === null ? null : comparisonUnit(node.comparisonUnit, 'comparisonUnit'),
      isCampaign: campaign !== null,
      observedAt: isoTime(node.priceUpdatedAt, 'priceUpdatedAt'),
      // The container deposit (pantti) beside the price, in euros like the prices.
      deposit: optEuroCents(pricing?.deposit, 'pricing.deposit'),
      ...sTerms(pricing, campaign !== null),
    },
  };
}

/**
 * The till terms of an S group price: `pricing.campaignPriceValidFrom` / `campaignPriceValidUntil` (an ISO time, or a
 * date: that day in Helsinki) of a campaign price, `pricing.multibuy` { quantity, price in euros for the bundle } and
 * `averageWeightGrams`. An upcoming campaign (a start) carries its shelf price (`pricing.regularPrice`) as the
 * regular price. Only those given are set.
 */
function sTerms(pricing: Record<string, unknown> | null, isCampaign: boolean): Partial<FeedPrice> {
  if (pricing === null) return {};
  const out: Partial<FeedPrice> = {};
  if (isCampaign) {
    const starts = campaignTime(pricing.campaignPriceValidFrom, 'pricing.campaignPriceValidFrom', 'start');
    const ends = campaignTime(pricing.campaignPriceValidUntil, 'pricing.campaignPriceValidUntil', 'end');
    if (starts !== null) {
      out.campaignStartsAt = starts;
      out.regularPrice = optEuroCents(pricing.regularPrice, 'pricing.regularPrice');
    }
    if (ends !== null) out.campaignEndsAt = ends;
  }
  const multibuy = optMultibuy(pricing.multibuy, 'pricing.multibuy');
  if (multibuy !== null) out.multibuy = multibuy;
  const grams = optGrams(pricing.averageWeightGrams, 'pricing.averageWeightGrams');
  if (grams !== null) out.averageWeightGrams = grams;
  return out;
}

function campaign(node: Record<string, unknown>): FeedRecord {
  return {
    kind: 'offer',
    value: {
      externalStoreId: str(node.storeId, 'storeId'),
      ean: ean(node.ean),
      name: str(node.title, 'title'),
      image: optStr(node.imageUrl, 'imageUrl'),
      validUntil: isoTime(node.endDate, 'endDate'),
    },
  };
}

const KINDS = { Store: ['store', store], Product: ['product', product], StoreProduct: ['price', price], Campaign: ['offer', campaign] } as const;

/**
 * S group: one GraphQL node per line, as the S group web shop's public API answers them
 * (`__typename` Store, Product, StoreProduct — a product's price in one store — and Campaign).
 */
export class SGroupAdapter implements SourceAdapter {
  readonly source = 's-group';
  /** Each line one JSON node read on its own (SourceAdapter.lineCacheVersion): bump when a line's records change. */
  readonly lineCacheVersion = 1;

  createParser(): (line: string) => FeedRecord[] {
    return (line) => {
      if (line.trim() === '') return [];
      let node: Record<string, unknown>;
      try {
        node = parseJsonLine(line);
      } catch (error) {
        return [reject('line', (error as Error).message, line)];
      }
      const entry = KINDS[String(node.__typename) as keyof typeof KINDS];
      if (!entry) return [reject('line', `unknown __typename ${JSON.stringify(node.__typename)}`, node)];
      const [kind, parse] = entry;
      return [guarded(kind, node, () => parse(node))];
    };
  }
}
