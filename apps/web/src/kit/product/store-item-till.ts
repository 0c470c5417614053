import type { MemberCard, TillApplied } from '@hintakori/shared-contracts';
import { hasTillTerms, shoppingDay, tillContext, tillLine } from '@hintakori/shared-util';
import type { StoreItem } from '../../app/models';

/**
 * What the till would apply to one piece of a store's price today for a shopper holding `cards`, by the same rules as
 * every total (tillLine): "Plussa 2,49 €" with the card, "Plussa-hinta 2,49 €" without it, "2 kpl 5,00 €" as an offer,
 * "halvempi … alkaen", "arvio: 175 g/kpl". The campaign's own end is CampaignNote's ("voimassa … asti"), left out here.
 */
export function storeItemApplied(storeItem: StoreItem, cards: readonly MemberCard[], now: Date = new Date()): TillApplied[] {
  if (storeItem.price === null) return [];
  const terms = {
    price: storeItem.price,
    priceUnit: storeItem.priceUnit,
    isCampaign: storeItem.isCampaign,
    regularPrice: storeItem.regularPrice,
    campaignStartsAt: storeItem.campaignStartsAt,
    campaignEndsAt: storeItem.campaignEndsAt,
    memberPrice: storeItem.memberPrice,
    multibuy: storeItem.multibuy,
    averageWeightGrams: storeItem.averageWeightGrams,
  };
  if (!hasTillTerms(terms)) return [];
  const day = shoppingDay(undefined, 0, now); // today
  if ('error' in day) return [];
  return tillLine(terms, 1, tillContext(cards, day)).applied.filter((entry) => entry.kind !== 'campaign');
}
