import { type Static, Type } from 'typebox';

/**
 * The terms of a price at the till, as every service names them: the membership cards a shopper may hold, a member
 * price, a multibuy, a weighed good's average weight, and what a till total applied to a line (`TillApplied`). The
 * arithmetic is `tillLine` in libs/shared/util; these are the shapes on the wire.
 */

/** The chains' membership cards a shopper may say they hold (`cards`). */
export const MEMBER_CARDS = ['k-plussa', 'lidl-plus', 's-etukortti'] as const;
export type MemberCard = (typeof MEMBER_CARDS)[number];

/** The cards that give a member price (S-Etukortti gives a bonus paid later, never a price). */
export const PRICE_CARDS = ['k-plussa', 'lidl-plus'] as const;
export type PriceCard = (typeof PRICE_CARDS)[number];

/** The card that earns the S group's bonus. */
export const BONUS_CARD = 's-etukortti' satisfies MemberCard;

/**
 * Percent of an S-group basket estimated to come back as S-Bonus for an S-Etukortti holder: the lowest level of the
 * bonus scale (the real percent depends on a household's monthly purchases, so the figure is an estimate and is
 * shown as one, never counted in a total).
 */
export const S_BONUS_ESTIMATE_PERCENT = 1;

/** How far from today a shopping day may be (`date`), in days, either way. */
export const MAX_SHOPPING_DAY_OFFSET = 60;

export const MemberCardSchema = Type.Unsafe<MemberCard>(
  Type.Union(MEMBER_CARDS.map((card) => Type.Literal(card)), { 'x-expected': MEMBER_CARDS.join(', '), description: 'a membership card' }),
);
export const PriceCardSchema = Type.Unsafe<PriceCard>(
  Type.Union(PRICE_CARDS.map((card) => Type.Literal(card)), { 'x-expected': PRICE_CARDS.join(' or '), description: 'the card the member price needs' }),
);

/** The cards a shopper holds: each at most once; none means shelf prices. */
export const MemberCards = Type.Array(MemberCardSchema, {
  maxItems: MEMBER_CARDS.length,
  uniqueItems: true,
  title: 'cards',
  description: `the membership cards the shopper holds (any of ${MEMBER_CARDS.join(', ')}; each once); none: prices without member prices`,
});

/** A shopping day, YYYY-MM-DD (Europe/Helsinki); within MAX_SHOPPING_DAY_OFFSET days of today, which shoppingDay checks. */
export const ShoppingDate = Type.String({
  format: 'date',
  pattern: '^20\\d{2}-\\d{2}-\\d{2}$',
  title: 'date',
  'x-expected': `a date that exists, YYYY-MM-DD, within ${MAX_SHOPPING_DAY_OFFSET} days of today`,
  description: `the shopping day, YYYY-MM-DD in Europe/Helsinki, at most ${MAX_SHOPPING_DAY_OFFSET} days from today (default today)`,
});

/** The largest bundle a multibuy may name. */
export const MAX_MULTIBUY_QUANTITY = 99;
/** The heaviest average weight of one piece, grams. */
export const MAX_AVERAGE_WEIGHT_GRAMS = 100_000;

const PriceCents = Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'integer cents' });

/** A price for holders of a card: never above the shelf price (a feed line with one is refused). */
export const MemberPrice = Type.Object(
  { card: PriceCardSchema, price: PriceCents },
  { description: 'the price for holders of the card (cents), never above the shelf price' },
);
export type MemberPrice = Static<typeof MemberPrice>;

/** "2 kpl 5,00 €": `quantity` pieces (2 … 99) for `price` cents, the whole bundle. */
export const Multibuy = Type.Object(
  {
    quantity: Type.Integer({ minimum: 2, maximum: MAX_MULTIBUY_QUANTITY, description: 'pieces in the bundle (2 … 99)' }),
    price: Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'the price of the whole bundle, cents' }),
  },
  { description: 'a multibuy: quantity pieces for price cents (the whole bundle)' },
);
export type Multibuy = Static<typeof Multibuy>;

/** The average weight of one piece of a good sold by weight, grams (1 … 100,000). */
export const AverageWeightGrams = Type.Integer({ minimum: 1, maximum: MAX_AVERAGE_WEIGHT_GRAMS, description: 'average weight of one piece, grams' });

/**
 * Why a line's price is what it is, one entry per rule the till total applied (or an offer it did not):
 * - `member`: the card's member price was counted (`price`, cents per unit);
 * - `member-offer`: a member price the shopper's cards do not reach;
 * - `multibuy`: the bundle was counted (`quantity` for `price`; the rest of the line at the unit price);
 * - `multibuy-offer`: a bundle the line's quantity does not reach;
 * - `campaign`: a campaign price was counted (`endsAt` when the source said);
 * - `campaign-ended`: the campaign ended before the shopping day and the regular price was counted;
 * - `campaign-upcoming`: a lower price from `startsAt` on, not counted;
 * - `weight`: a weighed good counted by pieces of `grams` each (an estimate).
 */
export const TillApplied = Type.Union([
  Type.Object({ kind: Type.Literal('member'), card: PriceCardSchema, price: PriceCents }),
  Type.Object({ kind: Type.Literal('member-offer'), card: PriceCardSchema, price: PriceCents }),
  Type.Object({ kind: Type.Literal('multibuy'), quantity: Type.Integer(), price: PriceCents }),
  Type.Object({ kind: Type.Literal('multibuy-offer'), quantity: Type.Integer(), price: PriceCents }),
  Type.Object({ kind: Type.Literal('campaign'), endsAt: Type.Union([Type.String(), Type.Null()]) }),
  Type.Object({ kind: Type.Literal('campaign-ended'), endsAt: Type.String() }),
  Type.Object({ kind: Type.Literal('campaign-upcoming'), startsAt: Type.String(), price: PriceCents }),
  Type.Object({ kind: Type.Literal('weight'), grams: Type.Integer(), estimated: Type.Boolean() }),
]);
export type TillApplied = Static<typeof TillApplied>;
