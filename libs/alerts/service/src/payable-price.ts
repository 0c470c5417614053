import { MEMBER_CARDS, type MemberCard } from '@hintakori/shared-contracts';
import { payableUnitPrice, type TillTerms } from '@hintakori/shared-util';
import { arrayLiteral } from '@hintakori/platform-persistence';
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

/** What runs a query: a DataSource or a transaction's EntityManager. */
interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Works out again, for today, the payable price of the watches whose terms depend on the day (a campaign's start or
 * end: a campaign that ended counts its regular price, one that started its offer), or of one subscriber's watches
 * of an item (`only`: its cards may have changed). Only changed prices are written; answers how many.
 */
export async function refreshPayablePrices(db: Queryable, now: Date = new Date(), only?: { subscriberId: string | number; itemId: number }): Promise<number> {
  const rows = (await (only
    ? db.query('SELECT id, cards, latest_price, latest_terms FROM alerts.watches WHERE latest_terms IS NOT NULL AND subscriber_id = $1 AND item_id = $2', [only.subscriberId, only.itemId])
    : db.query(
        `SELECT id, cards, latest_price, latest_terms FROM alerts.watches
         WHERE latest_terms IS NOT NULL AND (latest_terms ? 'campaignStartsAt' OR latest_terms ? 'campaignEndsAt')`,
      ))) as { id: string; cards: string[]; latest_price: number | null; latest_terms: TillTerms }[];
  const changed = rows.flatMap((row) => {
    const price = payableUnitPrice(row.latest_terms, knownCards(row.cards), now);
    return price === row.latest_price ? [] : [{ id: row.id, price }];
  });
  if (changed.length > 0) {
    await db.query('UPDATE alerts.watches w SET latest_price = u.price FROM unnest($1::bigint[], $2::int[]) AS u(id, price) WHERE w.id = u.id', [
      arrayLiteral(changed.map((u) => u.id)),
      arrayLiteral(changed.map((u) => u.price)),
    ]);
  }
  return changed.length;
}
