/** Event topics published by price-ingest and the payloads the projections consume. */

export const PriceIngestPatterns = {
  Status: 'price-ingest.status',
} as const;

export const IngestTopics = {
  PricesObserved: 'prices.observed',
  ItemsUpserted: 'items.upserted',
  StoresUpserted: 'stores.upserted',
  OffersUpserted: 'offers.upserted',
  DeadLetter: 'ingest.dead-letter',
} as const;
export type IngestTopic = (typeof IngestTopics)[keyof typeof IngestTopics];

/** One store's price of one item as seen by a feed. Keyed by item id on the wire. */
export interface PriceObservedEvent {
  itemId: number;
  storeId: number;
  price: number;
  comparisonPrice: number | null;
  priceUnit: string;
  comparisonPriceUnit: string;
  isCampaign: boolean;
  /** ISO time the feed observed the price; a newer observation wins. */
  observedAt: string;
  source: string;
}

export interface IngestStatus {
  sources: { source: string; newestObservationAt: string | null }[];
}
