/**
 * Message patterns and payloads of the catalog service (categories, items, current display prices). The request
 * payloads are TypeBox schemas (./item-requests, ./item-by-ean, ./price-trends) with their types derived from them.
 */

export * from './item-requests';
export * from './price-trends';

export const CatalogPatterns = {
  ListCategories: 'catalog.categories.list',
  SearchItems: 'catalog.items.search',
  /** SearchItems' answer as JSON text (ItemsJsonReply): what the gateway sends as the body. */
  SearchItemsJson: 'catalog.items.search-json',
  ItemsByCategory: 'catalog.items.by-category',
  GetItem: 'catalog.items.get',
  /** GetItemByEanRequest → ItemDto (as GetItem answers it); 404 for a code no item has. */
  GetItemByEan: 'catalog.items.get-by-ean',
  GetItems: 'catalog.items.get-many',
  ItemsExist: 'catalog.items.exist',
  ItemHistory: 'catalog.items.history',
  ItemAlternatives: 'catalog.items.alternatives',
  StoreCampaignItems: 'catalog.items.store-campaigns',
  /** PriceLevelsRequest → PriceLevels (./price-trends). */
  PriceLevels: 'catalog.prices.levels',
  /** PriceChangesRequest → PriceChanges (./price-trends). */
  PriceChanges: 'catalog.prices.changes',
  /** No payload → ReferenceBasketItems (./price-trends): the price-level basket's products with their EANs. */
  ReferenceBasketItems: 'catalog.prices.reference-basket-items',
  ListCategoryMappings: 'catalog.category-mappings.list',
  ListUnmappedCategories: 'catalog.category-mappings.unmapped',
  CreateCategoryMapping: 'catalog.category-mappings.create',
  DeleteCategoryMapping: 'catalog.category-mappings.delete',
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
  /** The store marks the price as a campaign (offer) price. */
  isCampaign: boolean;
  /**
   * Lowest price (cents) in effect in this store during the 30 days before the current price took effect
   * (the EU price-indication rule's reference price); null when the store has no earlier price in that window.
   */
  lowestPrice30d: number | null;
  /**
   * Where the current price came from: the source id of the feed run that observed it ('s-group', 'k-group', 'lidl',
   * 'csv:<name>', 'open-prices', …; see `DATA_SOURCES` in @hintakori/shared-util); null for estimates and seeded prices.
   * `updatedAt` is when that source saw it (for Open Prices: the day the shopper reported).
   */
  source: string | null;
  /** Cents: the regular price beside a campaign price when its source gave one (Open Prices, K group); else null or absent. */
  regularPrice?: number | null;
  /**
   * Cents: the container deposit (pantti) the shop adds on top of `price`, when its source gave one; null otherwise.
   * Never part of `price` or `comparisonPrice` (absent only in answers of services that know no deposits).
   */
  deposit?: number | null;
  /** ISO time a campaign price ends, when its source (a chain's own shop) said; absent (or null) otherwise. */
  campaignEndsAt?: string | null;
  /**
   * Cents: the shop's own published lowest price of the 30 days before, when its source gave one; absent (or null)
   * otherwise. Shown beside `lowestPrice30d` (computed here from the price history), never in its place.
   */
  sourceLowest30d?: number | null;
}

/** Which source gave one of a product's fields, and when (a chain feed's fields are never overwritten by open data). */
export interface FieldSourceDto {
  /** 'name', 'brandName', 'pictureUrl', 'originCountry', 'description', 'ingredients', 'nutritionalContent' */
  field: string;
  source: string;
  observedAt: string | null;
}

export interface ItemDto {
  id: number;
  /** The product's EAN (GTIN-13) when a feed gave one; the browser extension searches the shops with it. */
  ean: string | null;
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
  /** The source of each product field that has one (item by id only; empty in lists). */
  fieldSources?: FieldSourceDto[];
}

/** An answer of ItemDto[] already serialized: `json` is the JSON text of the items (SearchItemsJson). */
export interface ItemsJsonReply {
  json: string;
}

export interface ItemsExistResult {
  missing: number[];
}

/** One period during which a store's price stayed the same. Money is integer cents. */
export interface PricePeriodDto {
  /** ISO time the price was first observed. */
  from: string;
  /** ISO time it was replaced; null while current. */
  to: string | null;
  price: number;
  isCampaign: boolean;
}

export interface StorePriceHistoryDto {
  storeId: number;
  /** Oldest first. */
  periods: PricePeriodDto[];
  /** Lowest price in effect at any time during the last 30 days (null without data). */
  lowest30Days: number | null;
}

export interface ItemHistoryDto {
  itemId: number;
  stores: StorePriceHistoryDto[];
}

/** A product of the same lowest category and comparison unit whose comparison price is lower. */
export interface ItemAlternativeDto {
  item: ItemDto;
  /** Its lowest comparison price in the chosen stores, cents per comparisonPriceUnit. */
  comparisonPrice: number;
  /** The asked item's lowest comparison price minus this one, cents per unit (> 0). */
  savingPerUnit: number;
}

export interface ItemAlternativesDto {
  itemId: number;
  /** The asked item's lowest comparison price in the chosen stores; null when none of them prices it. */
  comparisonPrice: number | null;
  comparisonPriceUnit: string | null;
  /** Best (lowest comparison price) first, at most 5. */
  alternatives: ItemAlternativeDto[];
}

/**
 * One campaign-priced product of a store. Money is integer cents. `isRealDiscount` is true when the campaign price is
 * below `lowestPrice30d`, false when it is not (no real discount under the EU price-indication rule), null without an
 * earlier price in the 30 days.
 */
export interface CampaignItemDto {
  /** The item with only this store's price in `storeItems`. */
  item: ItemDto;
  price: number;
  lowestPrice30d: number | null;
  isRealDiscount: boolean | null;
  /** lowestPrice30d − price for a real discount, else null. */
  saving: number | null;
}

export interface StoreCampaignItemsDto {
  storeId: number;
  /** Campaign items matching the filter, over all pages. */
  total: number;
  limit: number;
  offset: number;
  /** Real discounts first (biggest saving first), then campaigns without history, then the rest; by name within each. */
  items: CampaignItemDto[];
}

/** A feed category (externalType + externalId) mapped to one of our categories. */
export interface CategoryMappingDto {
  id: number;
  categoryId: number;
  externalType: string;
  externalId: string;
  /** The feed's name of the category (last path element), when catalog has seen it. */
  externalName: string | null;
  /** Items currently placed by this mapping. */
  itemCount: number;
  createdAt: string;
}

/** A feed category no mapping covers; its items sit in the "Muut" category. */
export interface UnmappedCategoryDto {
  externalType: string;
  externalId: string;
  name: string;
  path: string[];
  itemCount: number;
  /** Where its items sit now (a category matched by name, or "Muut"); null without items. */
  currentCategoryId?: number | null;
}

/** Answer of DeleteCategoryMapping: the mapping as it was; `itemCount` items went back to their default placement. */
export type DeletedCategoryMappingDto = CategoryMappingDto;

export * from './item-by-ean';
