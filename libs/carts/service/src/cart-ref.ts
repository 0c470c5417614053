import { NO_CART_ID } from '@hintakori/carts-contracts';

/** A cart id as the service uses it: an existing cart's UUID (lower case), or "no cart yet". */
export type CartRef = { kind: 'new' } | { kind: 'existing'; id: string };

export interface CartWrite {
  cart: CartRef;
  itemId: number;
  ownerId: string;
}

/** A payload's cart id (already checked against the contract: a UUID in any case, or NO_ID). */
export function cartRef(cartId: string): CartRef {
  return cartId === NO_CART_ID ? { kind: 'new' } : { kind: 'existing', id: cartId.toLowerCase() };
}
