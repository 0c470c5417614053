import { Type, type TSchema } from 'typebox';
import { CartIdOrNew } from '@hintakori/carts-contracts';
import { CATALOG_LIMITS, CategorySlug, PageOffset, StoreIdList } from '@hintakori/catalog-contracts';
import { Id, MAX_ID, REPEATED_IDS_POLICY } from '@hintakori/shared-contracts';
import { COMPONENT } from '../http/named-schemas';
import type { LinkContract, ResponseContract } from '../http/contract';

/** The request and response schemas the gateway's routes share (TypeBox: JSON Schema objects with static types). */

export { Id, MAX_ID };
/** The catalog's limits: the stores one request prices items in, and search text. */
export const { storeIds: MAX_STORE_IDS, searchLength: MAX_SEARCH_LENGTH } = CATALOG_LIMITS;

/** `?storeIds=1,2,3`, `?storeIds=1&storeIds=2` or both; at most 100 values; a repeated id counts once (distinctIds). */
export const StoreIds = (options: { required?: boolean } = {}) =>
  Type.Array(StoreIdList.items, {
    maxItems: MAX_STORE_IDS,
    ...(options.required ? { minItems: 1 } : {}),
    description: `Store ids, comma-separated or repeated, at most ${MAX_STORE_IDS}${options.required ? ', at least one' : ''}; ${REPEATED_IDS_POLICY}`,
  });

export const CartId = Type.String({ format: 'uuid', title: 'cartId', description: 'A cart id (UUID)' });
/** A cart id, or NO_ID where a write creates the cart (the carts contract's). */
export { CartIdOrNew };

/** Search text of at most `maxLength` characters (the item search's by default). */
export const searchText = (maxLength: number) => Type.String({ maxLength, description: `Search text, at most ${maxLength} characters` });
export const SearchText = searchText(MAX_SEARCH_LENGTH);
export const Limit = (max: number, fallback: number) =>
  Type.Integer({ minimum: 1, maximum: max, default: fallback, description: `Page size, 1–${max} (default ${fallback})` });
export const Offset = Type.Integer({ ...PageOffset, default: 0, description: 'Rows to skip' });
export const Slug = CategorySlug;
/** A query with no parameters: any parameter is refused by name. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

// ---- answers ----

/** Every error the gateway answers: `{statusCode, message, error}`. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
  message: Type.Union([Type.String(), Type.Array(Type.String())]),
  error: Type.String(),
});

/**
 * The error answers of a route: the ones given (status → meaning) plus those every /api route can answer —
 * 429 (rate limit) and 5XX (a service failed, timed out or is unavailable).
 */
export function errorResponses(statuses: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 415, string>>): Record<number | '5XX', ResponseContract> {
  const out: Record<number | '5XX', ResponseContract> = {} as Record<number | '5XX', ResponseContract>;
  for (const [status, description] of Object.entries(statuses)) out[Number(status)] = { description, schema: ErrorBody };
  out[429] = { description: 'Too many requests from this address (RATE_LIMIT_PER_MINUTE)', schema: ErrorBody };
  out['5XX'] = { description: 'A service failed (500/502), is unavailable (503) or did not answer in time (504)', schema: ErrorBody };
  return out;
}

/** A success answer: what it means, its body's schema, and the OpenAPI links to the calls its values feed. */
export const ok = (description: string, schema?: TSchema, links?: Record<string, LinkContract>): ResponseContract => ({
  description,
  ...(schema ? { schema } : {}),
  ...(links ? { links } : {}),
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Cents = Type.Integer({ description: 'integer cents' });
const Timestamp = Type.String({ description: 'ISO 8601 time' });

export const Category = Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String(), parentCategoryId: Nullable(Type.Integer()) });

const ComparedPriceFields = {
  storeId: Type.Integer(),
  price: Nullable(Cents),
  comparisonPrice: Nullable(Cents),
  priceUnit: Type.String(),
  comparisonPriceUnit: Type.String(),
  isEstimated: Type.Boolean(),
  updatedAt: Nullable(Timestamp),
  deposit: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        description: 'the container deposit (pantti, cents) paid on top of price, when its source gave one; else null. Never in price or comparisonPrice',
      }),
    ),
  ),
};
/** A price in a comparison: an estimate where the store has none; no campaign or 30-day fields. */
export const ComparedStoreItem = Type.Object(ComparedPriceFields);
const PriceFields = {
  ...ComparedPriceFields,
  isCampaign: Type.Boolean({ description: 'the store marks the price as a campaign (offer) price' }),
  lowestPrice30d: Nullable(
    Type.Integer({ description: 'lowest price (cents) in this store in the 30 days before the current price took effect; null without history' }),
  ),
};
export const StoreItem = Type.Object({
  ...PriceFields,
  source: Nullable(
    Type.String({
      description: "the source that observed the current price ('s-group', 'k-group', 'lidl', 'csv:<name>', 'open-prices'); updatedAt is when it saw it",
    }),
  ),
  regularPrice: Type.Optional(
    Nullable(Type.Integer({ minimum: 0, description: 'the regular price (cents) beside a campaign price, when its source gave one; else null' })),
  ),
  campaignEndsAt: Type.Optional(
    Nullable(Type.String({ description: "ISO 8601 time a campaign price ends, when its source (the chain's own shop) said; else absent or null" })),
  ),
  sourceLowest30d: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        description: "the shop's own published lowest price (cents) of the 30 days before, when its source gave one; else absent or null. Shown beside lowestPrice30d (Hintakori's own), never in its place",
      }),
    ),
  ),
});

const ItemFields = {
  id: Type.Integer(),
  ean: Nullable(Type.String({ description: 'EAN (GTIN-13) when a feed gave one' })),
  name: Type.String(),
  urlSlug: Type.String(),
  pictureUrl: Type.String(),
  brandName: Type.String(),
  originCountry: Type.String(),
  description: Type.String(),
  ingredients: Type.String(),
  nutritionalContent: Type.Array(Type.Object({ name: Type.String(), value: Type.String(), ri: Nullable(Type.String()) })),
  itemCategories: Type.Array(Type.Object({ category: Category }), { description: 'top-level category first (breadcrumb order)' }),
  storeItems: Type.Array(StoreItem, { description: 'only the stores asked for' }),
};
export const Item = Type.Object({
  ...ItemFields,
  fieldSources: Type.Optional(
    Type.Array(Type.Object({ field: Type.String(), source: Type.String(), observedAt: Nullable(Timestamp) }), {
      description: 'item by id only: the source of each product field that has one (open data fills only what a chain feed left empty)',
    }),
  ),
});
/** One campaign-priced product of a store (`GET /api/stores/{id}/campaignItems`). */
export const CampaignItem = Type.Object({
  item: Item,
  price: Cents,
  lowestPrice30d: Nullable(Type.Integer({ description: 'lowest price (cents) in this store in the 30 days before the campaign price; null without history' })),
  isRealDiscount: Nullable(Type.Boolean({ description: 'the campaign price is below lowestPrice30d; false: no real discount; null: no history' })),
  saving: Nullable(Type.Integer({ description: 'lowestPrice30d − price (cents) for a real discount, else null' })),
});
/** An item in a comparison: its quantity and a price (or an estimate) in every compared store. */
export const ComparedItem = Type.Object({
  ...ItemFields,
  quantity: Type.Integer({ minimum: 1 }),
  storeItems: Type.Array(ComparedStoreItem, { description: 'every chosen store, in the order asked' }),
});

const Chain = Type.Union(
  ['prisma', 's-market', 'alepa', 'sale', 'abc', 'herkku', 'kcitymarket', 'ksupermarket', 'kmarket', 'nokm', 'lidl'].map((c) => Type.Literal(c)),
);
const GroupType = Type.Union([Type.Literal('S'), Type.Literal('K'), Type.Literal('L')]);
const OpeningEntry = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD' }),
  opens: Nullable(Type.String({ description: 'HH:MM' })),
  closes: Nullable(Type.String({ description: 'HH:MM' })),
  isOpenAllDay: Type.Boolean(),
  description: Nullable(Type.String()),
});
export const Store = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  urlSlug: Type.String(),
  chain: Chain,
  type: GroupType,
  externalId: Type.String(),
  address: Type.String(),
  postalCode: Type.String(),
  city: Type.String(),
  lat: Type.Number(),
  long: Type.Number(),
  openingTimes: Type.Array(OpeningEntry),
  openingTimeExceptions: Type.Array(OpeningEntry),
  distance: Type.Optional(Type.Number({ description: 'metres; only when lat and long were given' })),
  source: Nullable(Type.String({ description: "the source the store came from ('osm', 's-group', …); null for seeded stores" })),
  sourceObservedAt: Nullable(Timestamp),
  openingHoursKnown: Type.Boolean({ description: 'false: the source gives hours that could not be read, so none are shown' }),
  isClosed: Type.Boolean({ description: 'gone from its source: closed for good (kept for carts and history, left out of lists)' }),
});
export const StoreMinimal = Type.Object({ id: Type.Integer(), name: Type.String(), urlSlug: Type.String(), chain: Chain, type: GroupType });
export const Offer = Type.Object({ id: Type.Integer(), name: Type.String(), image: Type.String() });

export const ItemHistory = Type.Object({
  itemId: Type.Integer(),
  stores: Type.Array(
    Type.Object({
      storeId: Type.Integer(),
      periods: Type.Array(Type.Object({ from: Timestamp, to: Nullable(Timestamp), price: Cents, isCampaign: Type.Boolean() })),
      lowest30Days: Nullable(Cents),
    }),
  ),
});

export const Cart = Type.Object({
  id: Type.String({ format: 'uuid' }),
  items: Type.Array(Type.Object({ item: Item, quantity: Type.Integer({ minimum: 1 }) })),
});
// Named in the document (components.schemas): its `id` is the cart's, although the writes' paths end in an item id.
export const CartWriteResult = Type.Object(
  { id: Type.String({ format: 'uuid', description: 'the cart id to keep from now on' }) },
  { [COMPONENT]: 'CartWriteResult' },
);
export const StoreTotals = Type.Record(
  Type.String({ pattern: '^[0-9]+$' }),
  Type.Object({
    total: Type.Integer({ description: 'what the basket costs in this store (cents), estimated prices and deposits included' }),
    deposits: Type.Integer({ minimum: 0, description: 'the container deposits (pantti, cents) of the basket, already in total' }),
    estimatedCount: Type.Integer(),
    missingCount: Type.Integer(),
    cheapest: Type.Boolean(),
  }),
  { description: 'keyed by store id' },
);

export const AdminSession = Type.Object({ username: Type.String(), expiresAt: Timestamp });
export const CategoryMapping = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  externalType: Type.String(),
  externalId: Type.String(),
  externalName: Nullable(Type.String()),
  itemCount: Type.Integer(),
  createdAt: Timestamp,
});
export const UnmappedCategory = Type.Object({
  externalType: Type.String(),
  externalId: Type.String(),
  name: Type.String(),
  path: Type.Array(Type.String()),
  itemCount: Type.Integer(),
  currentCategoryId: Type.Optional(Nullable(Type.Integer())),
});
