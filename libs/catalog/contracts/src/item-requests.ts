import { Id, NonBlankText } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';

/**
 * The request payloads of the catalog's item, price-history and category-mapping patterns, each declared once as a
 * TypeBox schema: the service checks every message against it (PayloadPipe), its type is `Static<typeof …>`, and the
 * gateway composes its HTTP parameters from the same schemas and limits.
 */

/** The catalog's limits, for the service and the gateway alike. */
export const CATALOG_LIMITS = {
  /** Stores one request prices its items in. */
  storeIds: 100,
  /** Items one GetItems or ItemsExist names. */
  itemIds: 1000,
  /** Characters of search text (the gateway refuses longer text; the service cuts it). */
  searchLength: 200,
  /** Largest page of items, and the page when none is asked for. */
  limit: 500,
  defaultLimit: 50,
  /** A search's page over HTTP (GET /api/items): at most 200, 100 when not asked. */
  searchPage: { max: 200, default: 100 },
  /** A category's page over HTTP (GET /api/items/categories/…): 200 when not asked (at most `limit`). */
  categoryPageDefault: 200,
  /** Most items skipped by a page's offset. */
  offset: 100_000,
  /** Slugs in a category path: the tree has three levels. */
  slugPath: 3,
  /** Characters of a feed category mapping's externalType and externalId. */
  externalType: 100,
  externalId: 500,
} as const;

/** Most campaign items one page answers. */
export const MAX_CAMPAIGN_ITEMS_PAGE = 100;
/** Campaign items a page answers when none is asked for (a grid of 4, 6 or 8 across fills evenly). */
export const DEFAULT_CAMPAIGN_ITEMS_PAGE = 48;

/** The stores to price items in: ids, at most 100 (repeats are answered once). */
export const StoreIdList = Type.Array(Id(), { maxItems: CATALOG_LIMITS.storeIds });
/** Items skipped by a page, 0 … 100,000. */
export const PageOffset = Type.Integer({ minimum: 0, maximum: CATALOG_LIMITS.offset });
/** A category's slug, as in its URL. */
export const CategorySlug = Type.String({ pattern: '^[a-z0-9-]{1,120}$', 'x-expected': 'a category slug (a-z, 0-9 and hyphens, at most 120 characters)' });

/** A page of items: 1 … 500 (default 50) after 0 … 100,000 skipped (default 0). */
const Page = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CATALOG_LIMITS.limit })),
  offset: Type.Optional(PageOffset),
};

/**
 * `catalog.items.search` and `catalog.items.search-json`: no items without search text or stores. Text longer than
 * CATALOG_LIMITS.searchLength is cut there, not refused.
 */
export const SearchItemsRequest = Type.Object({ search: Type.Optional(Type.String()), storeIds: Type.Optional(StoreIdList), ...Page });
export type SearchItemsRequest = Static<typeof SearchItemsRequest>;

/** `catalog.items.by-category`: one to three category slugs, top level first, e.g. ['maito-juusto-munat-ja-rasvat', 'maidot']. */
export const ItemsByCategoryRequest = Type.Object({
  slugPath: Type.Array(CategorySlug, { minItems: 1, maxItems: CATALOG_LIMITS.slugPath }),
  storeIds: Type.Optional(StoreIdList),
  ...Page,
});
export type ItemsByCategoryRequest = Static<typeof ItemsByCategoryRequest>;

/** `catalog.items.get`. */
export const GetItemRequest = Type.Object({ id: Id(), storeIds: Type.Optional(StoreIdList) });
export type GetItemRequest = Static<typeof GetItemRequest>;

/** Item ids, at most 1000 (repeats are answered once). */
const ItemIdList = Type.Array(Id(), { maxItems: CATALOG_LIMITS.itemIds });

/** `catalog.items.get-many`: the items in the order asked, unknown ids left out. */
export const GetItemsRequest = Type.Object({ ids: ItemIdList, storeIds: Type.Optional(StoreIdList) });
export type GetItemsRequest = Static<typeof GetItemsRequest>;

/** `catalog.items.exist`. */
export const ItemsExistRequest = Type.Object({ ids: ItemIdList });
export type ItemsExistRequest = Static<typeof ItemsExistRequest>;

/** `catalog.items.history` (`GET /api/items/{id}/history?storeIds=`): every change of the chosen stores' price of one item. */
export const ItemHistoryRequest = Type.Object({ itemId: Id(), storeIds: Type.Optional(StoreIdList) });
export type ItemHistoryRequest = Static<typeof ItemHistoryRequest>;

/** `catalog.items.alternatives` (`GET /api/items/{id}/alternatives?storeIds=`): cheaper products of the same kind in the chosen stores. */
export const ItemAlternativesRequest = Type.Object({ itemId: Id(), storeIds: Type.Optional(StoreIdList) });
export type ItemAlternativesRequest = Static<typeof ItemAlternativesRequest>;

/** `catalog.items.store-campaigns` (`GET /api/stores/{id}/campaignItems`): a store's campaign-priced products, real discounts first. */
export const StoreCampaignItemsRequest = Type.Object({
  storeId: Id(),
  /** Only campaigns below the 30-day low (real discounts); default false. */
  realOnly: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CAMPAIGN_ITEMS_PAGE })),
  offset: Type.Optional(PageOffset),
});
export type StoreCampaignItemsRequest = Static<typeof StoreCampaignItemsRequest>;

/**
 * `catalog.category-mappings.create` (body of `POST /api/admin/category-mappings`, spec §7): a feed category onto one
 * of ours. Creating a mapping moves its items at once; the service trims the texts.
 */
export const CreateCategoryMappingRequest = Type.Object({
  categoryId: Id('categoryId'),
  externalType: NonBlankText(CATALOG_LIMITS.externalType),
  externalId: NonBlankText(CATALOG_LIMITS.externalId),
});
export type CreateCategoryMappingRequest = Static<typeof CreateCategoryMappingRequest>;

/** `catalog.category-mappings.delete`. */
export const DeleteCategoryMappingRequest = Type.Object({ id: Id() });
export type DeleteCategoryMappingRequest = Static<typeof DeleteCategoryMappingRequest>;
