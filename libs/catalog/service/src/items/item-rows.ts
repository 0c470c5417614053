import type { ItemDto, NutrientDto, StoreItemDto } from '@hintakori/catalog-contracts';
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
  }[];
}

/**
 * Wraps a query that defines `page(id, ord)` (ordered item ids) into one statement that also loads
 * the items and their prices in the stores of `$1::int[]` (in that order) — one round trip per answer.
 */
export function withItemDetails(pageSql: string): string {
  return `
    WITH page AS (${pageSql})
    SELECT i.id, i.ean, i.name, i.url_slug AS "urlSlug", i.picture_url AS "pictureUrl", i.brand_name AS "brandName",
           i.origin_country AS "originCountry", i.description, i.ingredients,
           i.nutritional_content AS "nutritionalContent", i.category_id AS "categoryId",
           coalesce(prices.store_items, '[]'::json) AS "storeItems"
    FROM page
    JOIN catalog.items i ON i.id = page.id
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object(
               'storeId', p.store_id, 'price', p.price, 'comparisonPrice', p.comparison_price,
               'priceUnit', p.price_unit, 'comparisonPriceUnit', p.comparison_price_unit, 'updatedAt', p.updated_at)
             ORDER BY array_position($1::int[], p.store_id)) AS store_items
      FROM catalog.store_prices p
      WHERE p.item_id = i.id AND p.store_id = ANY ($1::int[])
    ) prices ON true
    ORDER BY page.ord`;
}

/** How many of the chosen stores (`$1::int[]`) have a price for item `itemIdColumn`. */
export function availabilitySql(itemIdColumn: string): string {
  return `(SELECT count(*) FROM catalog.store_prices p WHERE p.item_id = ${itemIdColumn} AND p.store_id = ANY ($1::int[]))`;
}

export function toItemDto(row: ItemRow, categories: CategoryTree): ItemDto {
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
    itemCategories: categories.pathTo(row.categoryId).map((category) => ({ category: { ...category } })),
    storeItems: row.storeItems.map((price): StoreItemDto => ({
      storeId: price.storeId,
      price: price.price,
      comparisonPrice: price.comparisonPrice,
      priceUnit: price.priceUnit,
      comparisonPriceUnit: price.comparisonPriceUnit,
      isEstimated: false,
      updatedAt: new Date(price.updatedAt).toISOString(),
    })),
  };
}
