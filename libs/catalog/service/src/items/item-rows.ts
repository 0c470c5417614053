import type { ItemDto, NutrientDto, StoreItemDto } from '@hintakori/catalog-contracts';
import type { PriceCard } from '@hintakori/shared-contracts';
import type { CategoryTree } from '../categories/category-tree';

/** One item with its prices in the requested stores, as the hydrating query returns it. */
export interface ItemRow {
  id: number;
  ean: string | null;
  name: string;
  urlSlug: string;
  pictureUrl: string;
  brandName: string;
  originCountry: string;
  description: string;
  ingredients: string;
  nutritionalContent: NutrientDto[];
  categoryId: number | null;
  storeItems: {
    storeId: number;
    price: number;
    comparisonPrice: number | null;
    priceUnit: string;
    comparisonPriceUnit: string;
    updatedAt: string;
    isCampaign: boolean;
    lowestPrice30d: number | null;
    source: string | null;
    regularPrice?: number | null;
    deposit?: number | null;
    /** As json_build_object writes a timestamptz ('2025-11-30T21:59:59+00:00'), or null. */
    campaignEndsAt?: string | null;
    sourceLowest30d?: number | null;
    /** The till terms (migration 1796290000000), each null where the source gave none. */
    memberCard?: string | null;
    memberPrice?: number | null;
    multibuyQuantity?: number | null;
    multibuyPrice?: number | null;
    campaignStartsAt?: string | null;
    averageWeightGrams?: number | null;
  }[];
}

/** The window of `lowestPrice30d`. */
export const LOWEST_PRICE_DAYS = 30;

/**
 * Lowest price of the pair (item `p.item_id`, store `p.store_id`) during the 30 days before its current
 * period started: the periods that began inside that window, plus the one already in effect when it opened.
 * Both parts are bounded range scans of the history's primary key (item, store, valid_from); the current
 * period comes from the unique index of open periods.
 */
export const LOWEST_PRICE_30D_SQL = `(
  SELECT least(
           (SELECT min(h.price) FROM catalog.price_history h
             WHERE h.item_id = cur.item_id AND h.store_id = cur.store_id
               AND h.valid_from >= cur.valid_from - interval '${LOWEST_PRICE_DAYS} days' AND h.valid_from < cur.valid_from),
           (SELECT h.price FROM catalog.price_history h
             WHERE h.item_id = cur.item_id AND h.store_id = cur.store_id
               AND h.valid_from < cur.valid_from - interval '${LOWEST_PRICE_DAYS} days'
               AND h.valid_to > cur.valid_from - interval '${LOWEST_PRICE_DAYS} days'
             ORDER BY h.valid_from DESC LIMIT 1))
  FROM catalog.price_history cur
  WHERE cur.item_id = p.item_id AND cur.store_id = p.store_id AND cur.valid_to IS NULL)`;

/** An item's own columns as ItemRow names them (alias `i` for catalog.items). */
export const ITEM_COLUMNS_SQL = `i.id, i.ean, i.name, i.url_slug AS "urlSlug", i.picture_url AS "pictureUrl", i.brand_name AS "brandName",
           i.origin_country AS "originCountry", i.description, i.ingredients,
           i.nutritional_content AS "nutritionalContent", i.category_id AS "categoryId"`;

/**
 * The price age of row `p`: its own time, or the last time a run of its source saw its store (`r`, joined by
 * PRICE_RUN_JOIN_SQL), when that is later and the price was not missing from a later run of the source (a run
 * publishes only changed prices; see StoreFreshnessProjection).
 */
export const PRICE_AGE_SQL = `greatest(p.updated_at, CASE WHEN p.unlisted_at IS NULL THEN r.seen_at END)`;

/**
 * Joins `r`, the last run of price row `p`'s source that saw its store, for PRICE_AGE_SQL. A join, not a subquery per
 * price: the planner hashes the few hundred runs once instead of probing them for every price (13× cheaper over
 * 18,000 prices).
 */
export const PRICE_RUN_JOIN_SQL = `LEFT JOIN catalog.store_feed_runs r ON r.store_id = p.store_id AND r.source = p.source`;

/** The price row `p` (catalog.store_prices) as a JSON object of ItemRow's `storeItems`. */
export const STORE_ITEM_JSON_SQL = `json_build_object(
               'storeId', p.store_id, 'price', p.price, 'comparisonPrice', p.comparison_price,
               'priceUnit', p.price_unit, 'comparisonPriceUnit', p.comparison_price_unit, 'updatedAt', ${PRICE_AGE_SQL},
               'isCampaign', p.is_campaign, 'lowestPrice30d', ${LOWEST_PRICE_30D_SQL}, 'source', p.source,
               'regularPrice', p.regular_price, 'deposit', p.deposit,
               'campaignEndsAt', p.campaign_ends_at, 'sourceLowest30d', p.source_lowest_30d,
               'memberCard', p.member_card, 'memberPrice', p.member_price, 'multibuyQuantity', p.multibuy_quantity,
               'multibuyPrice', p.multibuy_price, 'campaignStartsAt', p.campaign_starts_at, 'averageWeightGrams', p.average_weight_grams)`;

/** Item `i.id`'s prices in the stores of `$1::int[]` (in that order) as `prices.store_items`, a JSON array or null. */
const STORE_ITEMS_SQL = `
    LEFT JOIN LATERAL (
      SELECT json_agg(${STORE_ITEM_JSON_SQL} ORDER BY array_position($1::int[], p.store_id)) AS store_items
      FROM catalog.store_prices p
      ${PRICE_RUN_JOIN_SQL}
      WHERE p.item_id = i.id AND p.store_id = ANY ($1::int[])
    ) prices ON true`;

/**
 * Wraps a query that defines `page(id, ord)` (ordered item ids) into one statement that also loads
 * the items and their prices in the stores of `$1::int[]` (in that order) — one round trip per answer.
 */
export function withItemDetails(pageSql: string): string {
  return `
    WITH page AS (${pageSql})
    SELECT ${ITEM_COLUMNS_SQL},
           coalesce(prices.store_items, '[]'::json) AS "storeItems"
    FROM page
    JOIN catalog.items i ON i.id = page.id
    ${STORE_ITEMS_SQL}
    ORDER BY page.ord`;
}

/** As withItemDetails, but only each item's id and prices (ItemPricesRow): the rest comes from ItemJsonCache. */
export function withItemPrices(pageSql: string): string {
  return `
    WITH page AS (${pageSql})
    SELECT i.id, coalesce(prices.store_items, '[]'::json) AS "storeItems"
    FROM page
    JOIN catalog.items i ON i.id = page.id
    ${STORE_ITEMS_SQL}
    ORDER BY page.ord`;
}

/** How many of the chosen stores (`$1::int[]`) have a price for item `itemIdColumn`. */
export function availabilitySql(itemIdColumn: string): string {
  return `(SELECT count(*) FROM catalog.store_prices p WHERE p.item_id = ${itemIdColumn} AND p.store_id = ANY ($1::int[]))`;
}

/** An item's own fields, in ItemDto's order: everything but its categories and prices. */
export function toItemHead(row: Omit<ItemRow, 'storeItems'>): Omit<ItemDto, 'itemCategories' | 'storeItems'> {
  return {
    id: row.id,
    ean: row.ean,
    name: row.name,
    urlSlug: row.urlSlug,
    pictureUrl: row.pictureUrl,
    brandName: row.brandName,
    originCountry: row.originCountry,
    description: row.description,
    ingredients: row.ingredients,
    nutritionalContent: row.nutritionalContent,
  };
}

export function toItemDto(row: ItemRow, categories: CategoryTree): ItemDto {
  return {
    ...toItemHead(row),
    itemCategories: categories.pathTo(row.categoryId).map((category) => ({ category: { ...category } })),
    storeItems: row.storeItems.map(toStoreItemDto),
  };
}

/** A price row as the StoreItemDto the API answers. */
export function toStoreItemDto(price: ItemRow['storeItems'][number]): StoreItemDto {
  return {
    storeId: price.storeId,
    price: price.price,
    comparisonPrice: price.comparisonPrice,
    priceUnit: price.priceUnit,
    comparisonPriceUnit: price.comparisonPriceUnit,
    isEstimated: false,
    updatedAt: new Date(price.updatedAt).toISOString(),
    isCampaign: price.isCampaign,
    lowestPrice30d: price.lowestPrice30d,
    source: price.source ?? null,
    // Only where a source gave one: most prices have none, and every answer would carry the null.
    ...(typeof price.regularPrice === 'number' ? { regularPrice: price.regularPrice } : {}),
    deposit: price.deposit ?? null,
    // What the chain's own shop said, only where it said it (as regularPrice: most prices have neither).
    ...(typeof price.campaignEndsAt === 'string' ? { campaignEndsAt: new Date(price.campaignEndsAt).toISOString() } : {}),
    ...(typeof price.sourceLowest30d === 'number' ? { sourceLowest30d: price.sourceLowest30d } : {}),
    // The till terms, each only where the source gave it.
    ...(typeof price.memberCard === 'string' && typeof price.memberPrice === 'number' ? { memberPrice: { card: price.memberCard as PriceCard, price: price.memberPrice } } : {}),
    ...(typeof price.multibuyQuantity === 'number' && typeof price.multibuyPrice === 'number' ? { multibuy: { quantity: price.multibuyQuantity, price: price.multibuyPrice } } : {}),
    ...(typeof price.campaignStartsAt === 'string' ? { campaignStartsAt: new Date(price.campaignStartsAt).toISOString() } : {}),
    ...(typeof price.averageWeightGrams === 'number' ? { averageWeightGrams: price.averageWeightGrams } : {}),
  };
}
