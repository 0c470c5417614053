/**
 * JSON shapes served under /api: the services' reply contracts (their schemas: libs/*\/contracts, the OpenAPI document
 * at /api/docs), imported as types only (nothing of them reaches the bundle). Prices are integer cents.
 */
import type { CartDto, CartLineDto, CartWriteResult } from '@hintakori/carts-contracts';
import type { CategoryDto, FieldSourceDto, ItemDto, NutrientDto, StoreItemDto } from '@hintakori/catalog-contracts';
import type { ComparedPrice, StoreTotal, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import type { ChainId, OfferDto, StoreDto, StoreGroupType, StoreMinimalDto } from '@hintakori/stores-contracts';
import type { Kept, OpeningEntry } from '@hintakori/web-util';

export type { OpeningEntry };

/** A category as the catalog answers it. */
export type Category = CategoryDto;

/**
 * A store's price of an item, as the catalog answers it. The comparison answers carry the same prices without the
 * catalog's campaign fields, so those are optional here.
 */
export type StoreItem = Kept<StoreItemDto, never, 'isCampaign' | 'lowestPrice30d' | 'source'>;

/** Which source gave one of a product's fields ('name', 'ingredients', …), and when. */
export type FieldSource = FieldSourceDto;

export type NutritionRow = NutrientDto;

/**
 * A product as the catalog answers it. Products kept in the browser (the offline list, a shared cart) may lack the
 * texts a feed never gave, so the web reads them as nullable; `ean` is absent in carts saved before it existed.
 */
export type Item = Kept<
  Omit<ItemDto, 'storeItems'>,
  'pictureUrl' | 'brandName' | 'originCountry' | 'description' | 'ingredients' | 'nutritionalContent' | 'itemCategories',
  'ean'
> & { storeItems: StoreItem[] };

export type StoreType = StoreGroupType;

export type Chain = ChainId;

/** A store of the minimal list; the web also reads chains and groups it does not know yet. */
export type StoreMinimal = Omit<StoreMinimalDto, 'chain' | 'type'> & { chain: Chain | string; type: StoreType | string };

/**
 * A store as the stores service answers it. Stores kept in the browser (the chosen stores) may lack the address
 * fields, and opening hours read from older answers may be nested or null, so the web reads them leniently.
 */
export type Store = StoreMinimal &
  Kept<
    Omit<StoreDto, keyof StoreMinimalDto | 'openingTimes' | 'openingTimeExceptions'>,
    'externalId' | 'address' | 'postalCode' | 'city',
    'source' | 'sourceObservedAt' | 'openingHoursKnown' | 'isClosed'
  > & {
    openingTimes: Array<OpeningEntry | OpeningEntry[]> | null;
    openingTimeExceptions: Array<OpeningEntry | OpeningEntry[]> | null;
  };

export type Offer = OfferDto;

/** A cart as the gateway answers it: the carts service's cart, each line with the catalog's item in place of its id. */
export type ServerCart = Pick<CartDto, 'id'> & { items: Array<Pick<CartLineDto, 'quantity'> & { item: Item }> };

/** What a cart write answers: the cart id to keep from now on (the carts contract's type; type-only, no code). */
export type CartIdResponse = CartWriteResult;

/** A store's price in a comparison: what the line costs at the till for this shopper (`lineTotal`) and why (`applied`). */
export type ComparisonStoreItem = StoreItem & Partial<Pick<ComparedPrice, 'lineTotal' | 'applied'>>;

export type ComparisonItem = Omit<Item, 'storeItems'> & { quantity: number; storeItems: ComparisonStoreItem[] };

/** Store totals keyed by store id (the comparisons contract's types; type-only, no code). */
export type { StoreTotal as StoreTotalsEntry, StoreTotalsResult };
