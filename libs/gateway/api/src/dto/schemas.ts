import { type Static, Type, type TSchema } from 'typebox';
import { CartDto, CartIdOrNew, CartLineDto, CartWriteResult as CartWriteResultDto } from '@hintakori/carts-contracts';
import { CATALOG_LIMITS, CategorySlug, ItemDto, ItemFields, PageOffset, StoreIdList } from '@hintakori/catalog-contracts';
import { ComparedPrice } from '@hintakori/comparisons-contracts';
import { AdminSession } from '@hintakori/gateway-contracts';
import { Id, MAX_ID, MEMBER_CARDS, type MemberCard, MemberCards, REPEATED_IDS_POLICY } from '@hintakori/shared-contracts';
import { COMPONENT } from '../http/named-schemas';
import type { LinkContract, ResponseContract } from '../http/contract';

/**
 * The request and response schemas the gateway's routes share (TypeBox: JSON Schema objects with static types): HTTP's
 * own (query parameters, error bodies) and the answers the gateway composes from the services' reply contracts.
 */

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

// The replies' shapes are the services' contracts (libs/*/contracts: one schema each, whose type the web app imports);
// the routes reference them. What follows is only what the gateway composes or answers itself.

/** An item in a comparison: its quantity and a price (or an estimate) in every compared store. */
export const ComparedItem = Type.Object({
  ...ItemFields,
  storeItems: Type.Array(ComparedPrice, { description: 'every chosen store, in the order asked' }),
  quantity: Type.Integer({ minimum: 1 }),
});
export type ComparedItem = Static<typeof ComparedItem>;

/** A cart with its items (the carts service's lines, each with the catalog's item). */
export const Cart = Type.Object({
  id: CartDto.properties.id,
  items: Type.Array(Type.Object({ item: ItemDto, quantity: CartLineDto.properties.quantity })),
});
export type Cart = Static<typeof Cart>;

// Named in the document (components.schemas): its `id` is the cart's, although the writes' paths end in an item id.
export const CartWriteResult = Type.Object(CartWriteResultDto.properties, { [COMPONENT]: 'CartWriteResult' });

/** The gateway's own admin session (`/api/admin/session`): its contract (libs/gateway/contracts). */
export { AdminSession };

/**
 * The cards the shopper holds (`cards`): the shared MemberCards, in a query comma-separated or repeated; an unknown
 * card is named with the cards there are.
 */
export const Cards = Type.Unsafe<MemberCard[]>({
  ...MemberCards,
  description: `${(MemberCards as { description?: string }).description ?? ''}; in a query comma-separated or repeated`,
  'x-items-expected': `any of ${MEMBER_CARDS.join(', ')} (each once)`,
});
