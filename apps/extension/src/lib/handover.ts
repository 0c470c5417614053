/** The cart hand-over the site puts in the shop link's hash (product spec §4, "Buy dialog"). */
export interface Handover {
  cartId: string;
  externalStoreId: string;
  storeId: number;
  /** 'S' for the S group, 'K' for the K group. */
  type: 'S' | 'K';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isCartId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
export const isStoreId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** Reads `#cartId=…&externalStoreId=…&storeId=…&type=…`; null when the hash is not a valid hand-over. */
export function parseHandover(hash: string): Handover | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const cartId = params.get('cartId') ?? '';
  const storeId = params.get('storeId') ?? '';
  const type = params.get('type');
  if (!isCartId(cartId) || !/^[1-9]\d{0,9}$/.test(storeId) || (type !== 'S' && type !== 'K')) return null;
  return { cartId: cartId.toLowerCase(), externalStoreId: (params.get('externalStoreId') ?? '').slice(0, 64), storeId: Number(storeId), type };
}
