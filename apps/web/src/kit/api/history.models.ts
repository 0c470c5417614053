/** `GET /api/items/{id}/history?storeIds=`: the catalog contract's reply (type-only: nothing of it reaches the bundle). */
export type { ItemHistoryDto as ItemHistory, PricePeriodDto as PricePeriod, StorePriceHistoryDto as StorePriceHistory } from '@hintakori/catalog-contracts';
