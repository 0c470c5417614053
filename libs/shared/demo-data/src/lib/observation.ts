import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import type { DemoPrice } from './types';

/**
 * A demo price as the observation the price projections apply (the catalog's and the comparisons' seeders, the
 * search evaluation): its till terms each only where the demo gives it, as a feed's observation carries them.
 */
export function demoObservation(price: DemoPrice): PriceObservation {
  return {
    itemId: price.itemId,
    storeId: price.storeId,
    price: price.price,
    comparisonPrice: price.comparisonPrice,
    priceUnit: price.priceUnit,
    comparisonPriceUnit: price.comparisonPriceUnit,
    isCampaign: price.isCampaign,
    observedAt: price.updatedAt,
    deposit: price.deposit ?? null,
    ...(price.regularPrice !== undefined ? { regularPrice: price.regularPrice } : {}),
    ...(price.campaignStartsAt !== undefined ? { campaignStartsAt: price.campaignStartsAt } : {}),
    ...(price.campaignEndsAt !== undefined ? { campaignEndsAt: price.campaignEndsAt } : {}),
    ...(price.memberPrice !== undefined ? { memberPrice: { card: price.memberPrice.card, price: price.memberPrice.price } } : {}),
    ...(price.multibuy !== undefined ? { multibuy: { quantity: price.multibuy.quantity, price: price.multibuy.price } } : {}),
    ...(price.averageWeightGrams !== undefined ? { averageWeightGrams: price.averageWeightGrams } : {}),
  };
}
