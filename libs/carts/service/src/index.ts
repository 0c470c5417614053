export * from './carts.module';
export { CART_LIMIT_MESSAGES, MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-limits';
