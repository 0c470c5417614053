import { GROUP_SHOPS, storeGroup } from '../../kit/stores/chains';

export interface BuyTarget {
  cartId: string;
  storeId: number;
  externalId: string | null;
  type: string;
}

/** Link to the group's online shop with a hash the browser extension reads; null for groups without a shop. */
export function buyLink(target: BuyTarget): string | null {
  const group = storeGroup(target.type);
  const shop = GROUP_SHOPS[group];
  if (!shop) return null;
  const hash = new URLSearchParams({
    cartId: target.cartId,
    externalStoreId: target.externalId ?? '',
    storeId: String(target.storeId),
    type: group,
  });
  return `${shop.url}#${hash.toString()}`;
}
