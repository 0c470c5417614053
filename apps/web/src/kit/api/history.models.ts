/** `GET /api/items/{id}/history?storeIds=` (its schema: /api/docs). Money is integer cents. */

/** One period during which a store's price stayed the same. */
export interface PricePeriod {
  /** ISO time the price was first observed. */
  from: string;
  /** ISO time it was replaced; null while current. */
  to: string | null;
  price: number;
  isCampaign: boolean;
}

export interface StorePriceHistory {
  storeId: number;
  /** Oldest first. */
  periods: PricePeriod[];
  /** Lowest price in effect at any time during the last 30 days (null without data). */
  lowest30Days: number | null;
}

export interface ItemHistory {
  itemId: number;
  stores: StorePriceHistory[];
}
