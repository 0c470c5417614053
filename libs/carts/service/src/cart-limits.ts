import { CART_LIMITS } from '@hintakori/carts-contracts';

/** At most this many different items in one cart. */
export const MAX_CART_LINES = CART_LIMITS.lines;
/** At most this quantity of one item in one cart. */
export const MAX_LINE_QUANTITY = CART_LIMITS.quantity;

export const CART_LIMIT_MESSAGES = {
  tooManyLines: `A cart can hold at most ${MAX_CART_LINES} different items`,
  quantityTooHigh: `A cart can hold at most ${MAX_LINE_QUANTITY} of one item`,
} as const;
