import { type TSchema, Type } from 'typebox';

/**
 * The primitives every service's message contracts share (TypeBox schemas: JSON Schema objects with static types).
 * The services' payload schemas are built from them in their contracts libraries; the gateway composes its HTTP
 * schemas from those. They name no service.
 */

/** The largest PostgreSQL integer: ids run from 1 to this. */
export const MAX_ID = 2_147_483_647;

/** A PostgreSQL integer id, 1 … 2,147,483,647; `title` names it in error messages ("item id must be …"). */
export const Id = (title?: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_ID, ...(title ? { title, description: `${title} (positive integer)` } : {}) });

/**
 * The one policy for a list of ids that names an id more than once (`?storeIds=1,2,1`): it counts once, where it first
 * appears. The gateway states it in the parameter's description and every service applies it with distinctIds.
 */
export const REPEATED_IDS_POLICY = 'a repeated id counts once';

/** The ids of a list, each once, in the order they first appear (REPEATED_IDS_POLICY); none for no list. */
export function distinctIds(ids: readonly number[] | undefined): number[] {
  return ids === undefined ? [] : [...new Set(ids)];
}

/** Integer cents, 0 … the largest PostgreSQL integer. */
export const CentsAmount = Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'integer cents' });

/** A latitude in degrees, -90 … 90. */
export const Latitude = Type.Number({ minimum: -90, maximum: 90 });
/** A longitude in degrees, -180 … 180. */
export const Longitude = Type.Number({ minimum: -180, maximum: 180 });

/** Text of at most `maxLength` characters with at least one that is not a space, and no control characters. */
export const NonBlankText = (maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$',
    'x-expected': `text of at most ${maxLength} characters, not blank, without control characters`,
  });

/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An ISO 8601 time, as replies carry times. */
export const IsoTime = Type.String({ description: 'ISO 8601 time' });

/** Integer cents as replies carry them (requests bound theirs: CentsAmount). */
export const Cents = Type.Integer({ description: 'integer cents' });

/**
 * A store's price of an item as every reply carries it (the catalog's adds its campaign and source fields). Money is
 * integer cents; a price the store lacks is null, or in a comparison an estimate (`isEstimated`).
 */
export const StorePrice = Type.Object({
  storeId: Type.Integer(),
  price: Nullable(Cents),
  comparisonPrice: Nullable(Cents),
  priceUnit: Type.String(),
  comparisonPriceUnit: Type.String(),
  isEstimated: Type.Boolean(),
  /** ISO timestamp of the last time a feed confirmed the price. */
  updatedAt: Nullable(IsoTime),
  /**
   * Cents: the container deposit (pantti) the shop adds on top of `price`, when its source gave one (in a comparison
   * estimated as the price is); null otherwise. Never part of `price` or `comparisonPrice` (absent only in answers of
   * services that know no deposits).
   */
  deposit: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        description: 'the container deposit (pantti, cents) paid on top of price, when its source gave one; else null. Never in price or comparisonPrice',
      }),
    ),
  ),
});

export * from './till';
