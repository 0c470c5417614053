import { Id, IsoTime } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';

/**
 * Message patterns and payloads of the carts service. Each request payload is a TypeBox schema (the service checks
 * every message against it; the gateway composes its routes from it), and so is each reply (the gateway's OpenAPI
 * document references it, the web app imports its type); every type is derived from its schema.
 */

export const CartsPatterns = {
  Get: 'carts.get',
  AddItem: 'carts.add-item',
  RemoveItem: 'carts.remove-item',
  Increment: 'carts.increment',
  Decrement: 'carts.decrement',
  LatestForOwner: 'carts.latest-for-owner',
} as const;
export type CartsPattern = (typeof CartsPatterns)[keyof typeof CartsPatterns];

/** The placeholder the web app stores before it has a cart. */
export const NO_CART_ID = 'NO_ID';

/** The limits of a cart: different items in it, the quantity of one item, and the length of an owner id. */
export const CART_LIMITS = { lines: 500, quantity: 999, ownerIdLength: 64 } as const;

/** A cart id (UUID, any case), or NO_ID where a write creates the cart. */
export const CartIdOrNew = Type.Union([Type.String({ format: 'uuid' }), Type.Literal(NO_CART_ID)], {
  title: 'cartId',
  'x-expected': 'a UUID or NO_ID',
  description: 'A cart id (UUID), or NO_ID to create a cart',
});
/** The gateway's anonymous browser id: printable ASCII without spaces (a UUID, base64url or hex id all fit). */
export const OwnerId = Type.String({
  pattern: `^[\x21-\x7e]{1,${CART_LIMITS.ownerIdLength}}$`,
  title: 'ownerId',
  'x-expected': `a non-empty string of at most ${CART_LIMITS.ownerIdLength} printable characters`,
});

export const CartLineDto = Type.Object({ itemId: Type.Integer(), quantity: Type.Integer({ minimum: 1 }) });
export type CartLineDto = Static<typeof CartLineDto>;

export const CartDto = Type.Object({ id: Type.String({ format: 'uuid' }), items: Type.Array(CartLineDto), updatedAt: IsoTime });
export type CartDto = Static<typeof CartDto>;

/** `carts.get`. */
export const GetCartRequest = Type.Object({ cartId: CartIdOrNew });
export type GetCartRequest = Static<typeof GetCartRequest>;

/**
 * A write to a cart. `ownerId` is the anonymous browser id from the gateway's cookie:
 * a browser that did not create the cart gets a copy, so a shared cart never changes.
 */
export const CartWriteRequest = Type.Object({ cartId: CartIdOrNew, itemId: Id('itemId'), ownerId: OwnerId });
export type CartWriteRequest = Static<typeof CartWriteRequest>;

/** What a write answers: the cart's id, a new one when the write created the cart or copied one this browser did not own. */
export const CartWriteResult = Type.Object({ id: Type.String({ format: 'uuid', description: 'the cart id to keep from now on' }) });
export type CartWriteResult = Static<typeof CartWriteResult>;

/** `carts.latest-for-owner`. */
export const LatestCartForOwnerRequest = Type.Object({ ownerId: OwnerId });
export type LatestCartForOwnerRequest = Static<typeof LatestCartForOwnerRequest>;
