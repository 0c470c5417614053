import { AverageWeightGrams, Cents, IsoTime, MemberPrice, Multibuy, Nullable, StorePrice } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';
import { MAX_CAMPAIGN_ITEMS_PAGE } from './item-requests';

/**
 * Message patterns and payloads of the catalog service (categories, items, current display prices). The request
 * payloads are TypeBox schemas (./item-requests, ./item-by-ean, ./price-trends), and so are the replies (below and
 * ./price-trends: the gateway's OpenAPI document references them, the web app imports their types); every type is
 * derived from its schema.
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

export const CategoryDto = Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String(), parentCategoryId: Nullable(Type.Integer()) });
export type CategoryDto = Static<typeof CategoryDto>;

export const NutrientDto = Type.Object({ name: Type.String(), value: Type.String(), ri: Nullable(Type.String()) });
export type NutrientDto = Static<typeof NutrientDto>;

/** A store's current price of an item. Money is integer cents. */
export const StoreItemDto = Type.Object({
  ...StorePrice.properties,
  /** The store marks the price as a campaign (offer) price. */
  isCampaign: Type.Boolean({ description: 'the store marks the price as a campaign (offer) price' }),
  /**
   * Lowest price (cents) in effect in this store during the 30 days before the current price took effect
   * (the EU price-indication rule's reference price); null when the store has no earlier price in that window.
   */
  lowestPrice30d: Nullable(
    Type.Integer({ description: 'lowest price (cents) in this store in the 30 days before the current price took effect; null without history' }),
  ),
  /**
   * Where the current price came from: the source id of the feed run that observed it ('s-group', 'k-group', 'lidl',
   * 'csv:<name>', 'open-prices', …; see `DATA_SOURCES` in @hintakori/shared-util); null for estimates and seeded prices.
   * `updatedAt` is when that source saw it (for Open Prices: the day the shopper reported).
   */
  source: Nullable(
    Type.String({
      description: "the source that observed the current price ('s-group', 'k-group', 'lidl', 'csv:<name>', 'open-prices'); updatedAt is when it saw it",
    }),
  ),
  /** Cents: the regular price beside a campaign price when its source gave one (Open Prices, K group); else null or absent. */
  regularPrice: Type.Optional(
    Nullable(Type.Integer({ minimum: 0, description: 'the regular price (cents) beside a campaign price, when its source gave one; else null' })),
  ),
  /** ISO time a campaign price ends, when its source (a chain's own shop) said; absent (or null) otherwise. */
  campaignEndsAt: Type.Optional(
    Nullable(Type.String({ description: "ISO 8601 time a campaign price ends, when its source (the chain's own shop) said; else absent or null" })),
  ),
  /**
   * Cents: the shop's own published lowest price of the 30 days before, when its source gave one; absent (or null)
   * otherwise. Shown beside `lowestPrice30d` (computed here from the price history), never in its place.
   */
  sourceLowest30d: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        description: "the shop's own published lowest price (cents) of the 30 days before, when its source gave one; else absent or null. Shown beside lowestPrice30d (Hintakori's own), never in its place",
      }),
    ),
  ),
  /** The price for holders of a card (`tillLine` counts it for a shopper with the card while the campaign runs); absent when the source gave none. */
  memberPrice: Type.Optional({ ...MemberPrice, description: 'the price (cents) for holders of the card, when its source gave one; else absent' }),
  /** A multibuy, `quantity` pieces for `price` cents in all; absent when the source gave none. */
  multibuy: Type.Optional({ ...Multibuy, description: 'a multibuy: quantity pieces for price cents (the whole bundle), when its source gave one; else absent' }),
  /** ISO time the campaign (its price, member price and multibuy) starts, when its source said; absent otherwise. */
  campaignStartsAt: Type.Optional(Type.String({ description: 'ISO 8601 time the campaign (its price, member price and multibuy) starts, when its source said; else absent' })),
  /** The average weight of one piece of a good priced per kilogram (grams), when its source gave one; absent otherwise. */
  averageWeightGrams: Type.Optional({ ...AverageWeightGrams, description: 'the average weight (grams) of one piece of a good priced per kilogram, when its source gave one; else absent' }),
});
export type StoreItemDto = Static<typeof StoreItemDto>;

/** Which source gave one of a product's fields, and when (a chain feed's fields are never overwritten by open data). */
export const FieldSourceDto = Type.Object({
  /** 'name', 'brandName', 'pictureUrl', 'originCountry', 'description', 'ingredients', 'nutritionalContent' */
  field: Type.String(),
  source: Type.String(),
  observedAt: Nullable(IsoTime),
});
export type FieldSourceDto = Static<typeof FieldSourceDto>;

/** A product's own fields, without its prices: what every answer that names a product carries. */
export const ItemFields = {
  id: Type.Integer(),
  /** The product's EAN (GTIN-13) when a feed gave one; the browser extension searches the shops with it. */
  ean: Nullable(Type.String({ description: 'EAN (GTIN-13) when a feed gave one' })),
  name: Type.String(),
  urlSlug: Type.String(),
  pictureUrl: Type.String(),
  brandName: Type.String(),
  originCountry: Type.String(),
  description: Type.String(),
  ingredients: Type.String(),
  nutritionalContent: Type.Array(NutrientDto),
  /** Ordered from the top-level category to the leaf (breadcrumb order). */
  itemCategories: Type.Array(Type.Object({ category: CategoryDto }), { description: 'top-level category first (breadcrumb order)' }),
};

export const ItemDto = Type.Object({
  ...ItemFields,
  /** Only the stores that were asked for. */
  storeItems: Type.Array(StoreItemDto, { description: 'only the stores asked for' }),
  /** The source of each product field that has one (item by id only; empty in lists). */
  fieldSources: Type.Optional(
    Type.Array(FieldSourceDto, {
      description: 'item by id only: the source of each product field that has one (open data fills only what a chain feed left empty)',
    }),
  ),
});
export type ItemDto = Static<typeof ItemDto>;

/** An answer of ItemDto[] already serialized: `json` is the JSON text of the items (SearchItemsJson). */
export const ItemsJsonReply = Type.Object({ json: Type.String() });
export type ItemsJsonReply = Static<typeof ItemsJsonReply>;

export const ItemsExistResult = Type.Object({ missing: Type.Array(Type.Integer()) });
export type ItemsExistResult = Static<typeof ItemsExistResult>;

/** One period during which a store's price stayed the same. Money is integer cents. */
export const PricePeriodDto = Type.Object({
  /** ISO time the price was first observed. */
  from: IsoTime,
  /** ISO time it was replaced; null while current. */
  to: Nullable(IsoTime),
  price: Cents,
  isCampaign: Type.Boolean(),
});
export type PricePeriodDto = Static<typeof PricePeriodDto>;

export const StorePriceHistoryDto = Type.Object({
  storeId: Type.Integer(),
  /** Oldest first. */
  periods: Type.Array(PricePeriodDto),
  /** Lowest price in effect at any time during the last 30 days (null without data). */
  lowest30Days: Nullable(Cents),
});
export type StorePriceHistoryDto = Static<typeof StorePriceHistoryDto>;

export const ItemHistoryDto = Type.Object({ itemId: Type.Integer(), stores: Type.Array(StorePriceHistoryDto) });
export type ItemHistoryDto = Static<typeof ItemHistoryDto>;

/** A product of the same lowest category and comparison unit whose comparison price is lower. */
export const ItemAlternativeDto = Type.Object({
  item: ItemDto,
  /** Its lowest comparison price in the chosen stores, cents per comparisonPriceUnit. */
  comparisonPrice: Type.Integer(),
  /** The asked item's lowest comparison price minus this one, cents per unit (> 0). */
  savingPerUnit: Type.Integer({ description: 'cents per comparisonPriceUnit' }),
});
export type ItemAlternativeDto = Static<typeof ItemAlternativeDto>;

/** The most alternatives one answer names. */
export const MAX_ALTERNATIVES = 5;

export const ItemAlternativesDto = Type.Object({
  itemId: Type.Integer(),
  /** The asked item's lowest comparison price in the chosen stores; null when none of them prices it. */
  comparisonPrice: Nullable(Type.Integer({ description: 'cents per comparisonPriceUnit' })),
  comparisonPriceUnit: Nullable(Type.String()),
  /** Best (lowest comparison price) first, at most MAX_ALTERNATIVES. */
  alternatives: Type.Array(ItemAlternativeDto, { maxItems: MAX_ALTERNATIVES }),
});
export type ItemAlternativesDto = Static<typeof ItemAlternativesDto>;

/**
 * One campaign-priced product of a store. Money is integer cents. `isRealDiscount` is true when the campaign price is
 * below `lowestPrice30d`, false when it is not (no real discount under the EU price-indication rule), null without an
 * earlier price in the 30 days.
 */
export const CampaignItemDto = Type.Object({
  /** The item with only this store's price in `storeItems`. */
  item: ItemDto,
  price: Cents,
  lowestPrice30d: Nullable(Type.Integer({ description: 'lowest price (cents) in this store in the 30 days before the campaign price; null without history' })),
  isRealDiscount: Nullable(Type.Boolean({ description: 'the campaign price is below lowestPrice30d; false: no real discount; null: no history' })),
  /** lowestPrice30d − price for a real discount, else null. */
  saving: Nullable(Type.Integer({ description: 'lowestPrice30d − price (cents) for a real discount, else null' })),
});
export type CampaignItemDto = Static<typeof CampaignItemDto>;

export const StoreCampaignItemsDto = Type.Object({
  storeId: Type.Integer(),
  /** Campaign items matching the filter, over all pages. */
  total: Type.Integer({ minimum: 0, description: 'campaign items matching the filter over all pages' }),
  limit: Type.Integer(),
  offset: Type.Integer(),
  /** Real discounts first (biggest saving first), then campaigns without history, then the rest; by name within each. */
  items: Type.Array(CampaignItemDto, { maxItems: MAX_CAMPAIGN_ITEMS_PAGE }),
});
export type StoreCampaignItemsDto = Static<typeof StoreCampaignItemsDto>;

/** A feed category (externalType + externalId) mapped to one of our categories. */
export const CategoryMappingDto = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  externalType: Type.String(),
  externalId: Type.String(),
  /** The feed's name of the category (last path element), when catalog has seen it. */
  externalName: Nullable(Type.String()),
  /** Items currently placed by this mapping. */
  itemCount: Type.Integer(),
  createdAt: IsoTime,
});
export type CategoryMappingDto = Static<typeof CategoryMappingDto>;

/** A feed category no mapping covers; its items sit in the "Muut" category. */
export const UnmappedCategoryDto = Type.Object({
  externalType: Type.String(),
  externalId: Type.String(),
  name: Type.String(),
  path: Type.Array(Type.String()),
  itemCount: Type.Integer(),
  /** Where its items sit now (a category matched by name, or "Muut"); null without items. */
  currentCategoryId: Type.Optional(Nullable(Type.Integer())),
});
export type UnmappedCategoryDto = Static<typeof UnmappedCategoryDto>;

/** Answer of DeleteCategoryMapping: the mapping as it was; `itemCount` items went back to their default placement. */
export const DeletedCategoryMappingDto = CategoryMappingDto;
export type DeletedCategoryMappingDto = CategoryMappingDto;

export * from './item-by-ean';
