import { Id } from '@hintakori/shared-contracts';
import { Type, type Static } from 'typebox';
import { CategorySlug } from './item-requests';

/**
 * Price levels over time (`GET /api/priceLevels`) and the week's price changes (`GET /api/priceChanges`):
 * the message payloads of the catalog service, which owns the price history. Each shape is declared once as a
 * TypeBox schema; its type is `Static<typeof …>`, the gateway composes its HTTP schemas from these, and the
 * limits below are stated in the OpenAPI document.
 */

/** Most stores one price-level request compares (a municipality's stores are capped by the page to this). */
export const MAX_PRICE_LEVEL_STORES = 50;
/** Longest price-level period, in days (from and to both count). */
export const MAX_PRICE_LEVEL_DAYS = 180;
/** Most stores one price-change request reads. */
export const MAX_PRICE_CHANGE_STORES = 100;
/** Longest look-back of the price changes, in days (default 7). */
export const MAX_PRICE_CHANGE_DAYS = 60;
export const DEFAULT_PRICE_CHANGE_DAYS = 7;
/** Page size of the price changes: at most 100, default 50. */
export const MAX_PRICE_CHANGES_PAGE = 100;
export const DEFAULT_PRICE_CHANGES_PAGE = 50;
export const MAX_PRICE_CHANGES_OFFSET = 10_000;

/**
 * The everyday categories of the reference basket (leaf category slugs of the catalogue's tree, which demo data
 * and the real feeds' mapped categories share), in the order the basket lists them. From each, the basket takes
 * one product: among those priced in at least half as many stores as the category's most widely priced product,
 * the one with the lowest average comparison price (then the lowest id). The choice is stored the first time a
 * category yields a product and kept from then on, so the basket stays fixed while prices change.
 */
export const REFERENCE_BASKET_CATEGORIES = [
  'kevytmaidot',
  'kananmunat',
  'voit',
  'ruokakermat',
  'raastejuustot',
  'banaanit',
  'tomaatit',
  'paahtoleivat',
  'karjalanpiirakat-ja-piiraat',
  'naudan-jauhelihat',
  'nakit',
  'jauhot',
  'sokerit',
  'pikapuurot',
  'mustat-teet',
] as const;

/**
 * A calendar day that exists, YYYY-MM-DD, in 1900–2099: `format: date` refuses 2026-02-30 and 0000-00-00 in the
 * schema itself, so a request the schema admits is never refused for its date (PostgreSQL has no year 0).
 */
export const CalendarDate = Type.String({
  format: 'date',
  pattern: '^(19|20)\\d{2}-\\d{2}-\\d{2}$',
  'x-expected': 'a date that exists, YYYY-MM-DD (1900–2099)',
  description: 'A date that exists, YYYY-MM-DD, 1900–2099',
});

const ChosenStoreIds = (max: number) => Type.Array(Id(), { minItems: 1, maxItems: max });

export const PriceLevelsRequestSchema = Type.Object(
  { storeIds: ChosenStoreIds(MAX_PRICE_LEVEL_STORES), from: CalendarDate, to: CalendarDate },
  { additionalProperties: false },
);
export type PriceLevelsRequest = Static<typeof PriceLevelsRequestSchema>;

/** The few product fields the price pages show. */
export const ItemSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  urlSlug: Type.String(),
  pictureUrl: Type.String(),
  brandName: Type.String(),
});
export type ItemSummary = Static<typeof ItemSummarySchema>;

export const BasketItemSchema = Type.Object({
  item: ItemSummarySchema,
  /** The everyday category it stands for. */
  categorySlug: Type.String(),
  categoryName: Type.String(),
  /** Stores that priced it when it was chosen. */
  storeCount: Type.Integer({ minimum: 0 }),
  /** Its average comparison price then (cents per comparisonPriceUnit). */
  comparisonPrice: Type.Union([Type.Integer(), Type.Null()]),
  comparisonPriceUnit: Type.String(),
  chosenAt: Type.String({ description: 'ISO time the product was chosen for the basket' }),
});
export type BasketItem = Static<typeof BasketItemSchema>;

/** `catalog.prices.reference-basket-items` (no payload): the basket's products, in basket order, with their EANs. */
export const ReferenceBasketItemsSchema = Type.Object({
  items: Type.Array(
    Type.Object({ itemId: Type.Integer(), ean: Type.Union([Type.String(), Type.Null()]), categorySlug: Type.String() }),
  ),
});
export type ReferenceBasketItems = Static<typeof ReferenceBasketItemsSchema>;

export const PriceLevelPointSchema = Type.Object({
  date: CalendarDate,
  /** Cents: the basket's cost that day, estimated prices included. */
  total: Type.Integer({ minimum: 0 }),
  /** total against the store's first day, which is 100 (one decimal). */
  index: Type.Number(),
  /** Share of the basket the store had a price for that day, 0–1 (the rest is estimated). */
  coverage: Type.Number({ minimum: 0, maximum: 1 }),
  /** Basket products whose price was estimated that day. */
  estimated: Type.Integer({ minimum: 0 }),
});
export type PriceLevelPoint = Static<typeof PriceLevelPointSchema>;

export const PriceLevelSeriesSchema = Type.Object({ storeId: Type.Integer(), points: Type.Array(PriceLevelPointSchema) });
export type PriceLevelSeries = Static<typeof PriceLevelSeriesSchema>;

export const PriceLevelsSchema = Type.Object({
  from: CalendarDate,
  to: CalendarDate,
  basket: Type.Object({ items: Type.Array(BasketItemSchema) }),
  /** In the order asked; a store without any basket price in the period (unknown, or no data) has no series. */
  series: Type.Array(PriceLevelSeriesSchema),
});
export type PriceLevels = Static<typeof PriceLevelsSchema>;

export const PriceChangeDirectionSchema = Type.Union([Type.Literal('down'), Type.Literal('up')], { 'x-expected': 'down or up' });
export type PriceChangeDirection = Static<typeof PriceChangeDirectionSchema>;

export const PriceChangesRequestSchema = Type.Object(
  {
    storeIds: ChosenStoreIds(MAX_PRICE_CHANGE_STORES),
    days: Type.Integer({ minimum: 1, maximum: MAX_PRICE_CHANGE_DAYS }),
    direction: PriceChangeDirectionSchema,
    /** A category slug (any level): only its products and those of its subcategories. */
    category: Type.Optional(CategorySlug),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PRICE_CHANGES_PAGE }),
    offset: Type.Integer({ minimum: 0, maximum: MAX_PRICE_CHANGES_OFFSET }),
  },
  { additionalProperties: false },
);
export type PriceChangesRequest = Static<typeof PriceChangesRequestSchema>;

export const PriceChangeSchema = Type.Object({
  item: ItemSummarySchema,
  storeId: Type.Integer(),
  /** Cents: the price before (after a campaign, the regular price before it). */
  previousPrice: Type.Integer(),
  /** Cents: the price now. */
  price: Type.Integer(),
  changedAt: Type.String({ description: 'ISO time the new price was first seen' }),
  /** (price − previousPrice) / previousPrice × 100, one decimal: negative for a drop. */
  changePercent: Type.Number(),
  /** The new price is a campaign price. */
  isCampaign: Type.Boolean(),
});
export type PriceChange = Static<typeof PriceChangeSchema>;

export const PriceChangesSchema = Type.Object({
  /** Changes matching the filter, over all pages. */
  total: Type.Integer({ minimum: 0 }),
  limit: Type.Integer(),
  offset: Type.Integer(),
  items: Type.Array(PriceChangeSchema),
});
export type PriceChanges = Static<typeof PriceChangesSchema>;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted; NaN for a date that does not exist. */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((parseCalendarDate(to) - parseCalendarDate(from)) / DAY_MS) + 1;
}

/** Midnight UTC of a YYYY-MM-DD that exists (2026-02-30 does not), else NaN. */
export function parseCalendarDate(text: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return Number.NaN;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text ? Number.NaN : time;
}

/** What is wrong with a price-level period, in words for a 400; null when it is fine. */
export function priceLevelPeriodError(from: string, to: string): string | null {
  if (Number.isNaN(parseCalendarDate(from))) return `from must be a date that exists, YYYY-MM-DD (got '${from}')`;
  if (Number.isNaN(parseCalendarDate(to))) return `to must be a date that exists, YYYY-MM-DD (got '${to}')`;
  const days = daysInPeriod(from, to);
  if (days < 1) return `from (${from}) must not be after to (${to})`;
  if (days > MAX_PRICE_LEVEL_DAYS) return `the period from ${from} to ${to} is ${days} days; at most ${MAX_PRICE_LEVEL_DAYS} days are allowed`;
  return null;
}
