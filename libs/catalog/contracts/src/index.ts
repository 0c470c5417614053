/** Message patterns and payloads of the catalog service (categories, items, current display prices). */

export const CatalogPatterns = {
  ListCategories: 'catalog.categories.list',
  SearchItems: 'catalog.items.search',
  ItemsByCategory: 'catalog.items.by-category',
  GetItem: 'catalog.items.get',
  GetItems: 'catalog.items.get-many',
  ItemsExist: 'catalog.items.exist',
} as const;
export type CatalogPattern = (typeof CatalogPatterns)[keyof typeof CatalogPatterns];

export interface CategoryDto {
  id: number;
  name: string;
  slug: string;
  parentCategoryId: number | null;
}

export interface NutrientDto {
  name: string;
  value: string;
  ri: string | null;
}

/** A store's current price of an item. Money is integer cents. */
export interface StoreItemDto {
  storeId: number;
  price: number | null;
  comparisonPrice: number | null;
  priceUnit: string;
  comparisonPriceUnit: string;
  isEstimated: boolean;
  /** ISO timestamp of the last time a feed confirmed the price. */
  updatedAt: string | null;
}

export interface ItemDto {
  id: number;
  name: string;
  urlSlug: string;
  pictureUrl: string;
  brandName: string;
  originCountry: string;
  description: string;
  ingredients: string;
  nutritionalContent: NutrientDto[];
  /** Ordered from the top-level category to the leaf (breadcrumb order). */
  itemCategories: { category: CategoryDto }[];
  /** Only the stores that were asked for. */
  storeItems: StoreItemDto[];
}

export interface SearchItemsRequest {
  search: string;
  storeIds: number[];
  limit: number;
  offset: number;
}

export interface ItemsByCategoryRequest {
  /** One to three category slugs, e.g. ['maito-juusto-munat-ja-rasvat', 'maidot']. */
  slugPath: string[];
  storeIds: number[];
  limit: number;
  offset: number;
}

export interface GetItemRequest {
  id: number;
  storeIds: number[];
}

export interface GetItemsRequest {
  ids: number[];
  storeIds: number[];
}

export interface ItemsExistRequest {
  ids: number[];
}

export interface ItemsExistResult {
  missing: number[];
}
