import { MAX_SHOPPING_DAY_OFFSET, MEMBER_CARDS, type MemberCard } from '@hintakori/shared-contracts';
import { shoppingDay, tillContext, tillLine, type TillTerms } from '@hintakori/shared-util';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';

/** The till terms of an observation as a watch keeps them (alerts.watches.latest_terms): only the terms it gave. */
export function watchTerms(observation: PriceObservation): TillTerms {
  return {
    price: observation.price,
    priceUnit: observation.priceUnit,
    ...(observation.isCampaign ? { isCampaign: true } : {}),
    ...(observation.regularPrice != null ? { regularPrice: observation.regularPrice } : {}),
    ...(observation.campaignStartsAt != null ? { campaignStartsAt: observation.campaignStartsAt } : {}),
    ...(observation.campaignEndsAt != null ? { campaignEndsAt: observation.campaignEndsAt } : {}),
    ...(observation.memberPrice != null ? { memberPrice: { card: observation.memberPrice.card, price: observation.memberPrice.price } } : {}),
    ...(observation.multibuy != null ? { multibuy: { quantity: observation.multibuy.quantity, price: observation.multibuy.price } } : {}),
    ...(observation.averageWeightGrams != null ? { averageWeightGrams: observation.averageWeightGrams } : {}),
  };
}

/** The cards of a stored watch, the known ones only (a column of text). */
export function knownCards(cards: readonly string[] | null | undefined): MemberCard[] {
  return (cards ?? []).filter((card): card is MemberCard => (MEMBER_CARDS as readonly string[]).includes(card));
}

/**
 * What one unit costs a subscriber holding `cards` on the shopping day of `now` (Helsinki): the member price when
 * they hold its card and the campaign runs that day, else the shelf price (the regular price once the campaign ended).
 */
export function payablePrice(terms: TillTerms, cards: readonly MemberCard[], now: Date = new Date()): number {
  const day = shoppingDay(undefined, MAX_SHOPPING_DAY_OFFSET, now);
  if ('error' in day) throw new Error(day.error); // today is always a shopping day
  return tillLine(terms, 1, tillContext(cards, day)).unitPrice;
}
