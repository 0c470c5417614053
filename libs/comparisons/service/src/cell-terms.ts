import type { PriceCard } from '@hintakori/shared-contracts';
import { hasTillTerms, type TillTerms } from '@hintakori/shared-util';

/**
 * A price matrix cell's till terms as the comparisons read them: the TillTerms of tillLine (price included; priceUnit
 * 'kg' for a price per kilogram, else ''), every field present (null when none), kept only
 * for a cell the till treats apart — a campaign date, a member price, a multibuy (hasTillTerms) or a price per kilogram
 * (which may borrow another store's average weight). Every other cell is plain: quantity × price.
 */

/** The term columns of a price_matrix row as SQL returns them (see TERM_COLUMNS). */
export interface TermColumns {
  price: number;
  priceUnit: string;
  isCampaign: boolean;
  regularPrice: number | null;
  campaignStartsAt: Date | null;
  campaignEndsAt: Date | null;
  memberCard: string | null;
  memberPrice: number | null;
  multibuyQuantity: number | null;
  multibuyPrice: number | null;
  averageWeightGrams: number | null;
}

/** The SELECT list of TermColumns (price and price unit apart). */
export const TERM_COLUMNS = `price_unit AS "priceUnit", is_campaign AS "isCampaign", regular_price AS "regularPrice",
  campaign_starts_at AS "campaignStartsAt", campaign_ends_at AS "campaignEndsAt", member_card AS "memberCard",
  member_price AS "memberPrice", multibuy_quantity AS "multibuyQuantity", multibuy_price AS "multibuyPrice",
  average_weight_grams AS "averageWeightGrams"`;

/** Whether the till treats the terms apart from quantity × price (the cells the cache keeps terms of). */
export function isTermed(terms: TillTerms): boolean {
  return terms.priceUnit === 'kg' || hasTillTerms(terms);
}

/** The terms of a row, or null for a plain cell. */
export function termsOfRow(row: TermColumns): TillTerms | null {
  const terms: TillTerms = {
    price: row.price,
    isCampaign: row.isCampaign,
    regularPrice: row.regularPrice,
    campaignStartsAt: row.campaignStartsAt?.toISOString() ?? null,
    campaignEndsAt: row.campaignEndsAt?.toISOString() ?? null,
    memberPrice: row.memberCard !== null && row.memberPrice !== null ? { card: row.memberCard as PriceCard, price: row.memberPrice } : null,
    multibuy: row.multibuyQuantity !== null && row.multibuyPrice !== null ? { quantity: row.multibuyQuantity, price: row.multibuyPrice } : null,
    averageWeightGrams: row.averageWeightGrams,
    // Only a price per kilogram matters to the till (the notification carries no other unit).
    priceUnit: row.priceUnit === 'kg' ? 'kg' : '',
  };
  return isTermed(terms) ? terms : null;
}

/**
 * The terms field of a change notification (migration 1796100000000): `;`-separated tokens, c (campaign), r<cents>,
 * s<ms>, e<ms>, m<card>=<cents>, b<n>x<cents>, w<grams>, k (per kilogram). Unknown tokens are skipped.
 */
export function parseTerms(text: string, price: number): TillTerms {
  // The shape termsOfRow gives, key for key, so the cache answers as the table does.
  const terms: TillTerms = {
    price,
    isCampaign: false,
    regularPrice: null,
    campaignStartsAt: null,
    campaignEndsAt: null,
    memberPrice: null,
    multibuy: null,
    averageWeightGrams: null,
    priceUnit: '',
  };
  for (const token of text.split(';')) {
    const rest = token.slice(1);
    switch (token[0]) {
      case 'c':
        terms.isCampaign = true;
        break;
      case 'r':
        terms.regularPrice = Number(rest);
        break;
      case 's':
        terms.campaignStartsAt = new Date(Number(rest)).toISOString();
        break;
      case 'e':
        terms.campaignEndsAt = new Date(Number(rest)).toISOString();
        break;
      case 'm': {
        const [card, cents] = rest.split('=');
        terms.memberPrice = { card: card as PriceCard, price: Number(cents) };
        break;
      }
      case 'b': {
        const [quantity, cents] = rest.split('x').map(Number);
        terms.multibuy = { quantity, price: cents };
        break;
      }
      case 'w':
        terms.averageWeightGrams = Number(rest);
        break;
      case 'k':
        terms.priceUnit = 'kg';
        break;
    }
  }
  return terms;
}
