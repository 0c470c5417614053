/** Message patterns and payloads of the carts service. */

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

export interface CartLineDto {
  itemId: number;
  quantity: number;
}

export interface CartDto {
  id: string;
  items: CartLineDto[];
  updatedAt: string;
}

export interface GetCartRequest {
  cartId: string;
}

/**
 * A write to a cart. `ownerId` is the anonymous browser id from the gateway's cookie:
 * a browser that did not create the cart gets a copy, so a shared cart never changes.
 */
export interface CartWriteRequest {
  cartId: string;
  itemId: number;
  ownerId: string;
}

export interface CartWriteResult {
  id: string;
}

export interface LatestCartForOwnerRequest {
  ownerId: string;
}
