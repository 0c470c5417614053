/** At most this many different items in one cart. */
export const MAX_CART_LINES = 500;
/** At most this quantity of one item in one cart. */
export const MAX_LINE_QUANTITY = 999;
/** Owner ids are the gateway's anonymous browser ids. */
export const MAX_OWNER_ID_LENGTH = 64;
/** item_id is a PostgreSQL integer. */
const MAX_INT4 = 2_147_483_647;

export const CART_LIMIT_MESSAGES = {
  tooManyLines: `A cart can hold at most ${MAX_CART_LINES} different items`,
  quantityTooHigh: `A cart can hold at most ${MAX_LINE_QUANTITY} of one item`,
} as const;

export function isValidItemId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_INT4;
}
