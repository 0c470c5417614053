import type { MemberCard, MemberPrice, Multibuy, TillApplied } from '@hintakori/shared-contracts';
import { calendarDateMs, daysBetween, helsinkiMidnightUtc, helsinkiToday, nextCalendarDate } from './helsinki-date';

/**
 * What a till charges for one cart line in one store: the rules every total of Hintakori applies (store totals, the
 * split, the price map, the shared cart, the export, the alerts), free of I/O.
 *
 * - A campaign (`campaignStartsAt` … `campaignEndsAt`) bounds every offer of the observation: its campaign price,
 *   member price and multibuy count on a shopping day that overlaps it. Before it starts the line is charged the
 *   regular price and the offer is listed as upcoming; after it ends, the regular price and the campaign as ended.
 * - A member price counts when the shopper holds its card and it is below the price otherwise charged; without the
 *   card it is listed as an offer.
 * - A multibuy ("2 kpl 5,00 €") counts for every whole bundle in the quantity when the bundle is cheaper than its
 *   pieces; the rest of the line is charged the unit price. A line below the bundle lists it as an offer.
 * - A good priced per kilogram with an average weight is counted by pieces of that weight (an estimate).
 * - Each line is rounded to whole cents, halves up, as a till rounds a weighed line.
 */

/** A store's price of an item with its terms, as the projections keep it (cents; absent terms: none). */
export interface TillTerms {
  /** The observed price: the campaign price when `isCampaign`. */
  price: number;
  isCampaign?: boolean;
  /** The regular (shelf) price of a campaign price, when the source gave it. */
  regularPrice?: number | null;
  campaignStartsAt?: string | null;
  campaignEndsAt?: string | null;
  memberPrice?: MemberPrice | null;
  multibuy?: Multibuy | null;
  averageWeightGrams?: number | null;
  /** 'kg' for a good priced by weight; the weight rule needs it. */
  priceUnit?: string;
}

/** The shopper's side of a till total: the cards held and the shopping day's bounds (UTC ms, end exclusive). */
export interface TillContext {
  cards: ReadonlySet<MemberCard>;
  dayStartMs: number;
  dayEndMs: number;
}

export interface TillLine {
  /** What one unit costs without card or bundle on the shopping day (the campaign price while it runs). */
  shelfPrice: number;
  /** What one unit costs this shopper before bundles (the member price where it counts). */
  unitPrice: number;
  /** What the line costs at the till, cents. */
  total: number;
  applied: TillApplied[];
}

/** The shopping day of a request: a YYYY-MM-DD that exists, within MAX_SHOPPING_DAY_OFFSET days of today (Helsinki). */
export interface ShoppingDay {
  date: string;
  startMs: number;
  endMs: number;
}

/**
 * The shopping day `date` names (default today in Helsinki), or the words of a 400 naming the field. `maxOffsetDays`
 * is the contracts' MAX_SHOPPING_DAY_OFFSET.
 */
export function shoppingDay(date: string | undefined, maxOffsetDays: number, now: Date = new Date()): ShoppingDay | { error: string } {
  const today = helsinkiToday(now);
  const day = date ?? today;
  if (Number.isNaN(calendarDateMs(day))) return { error: `date must be a date that exists, YYYY-MM-DD (got '${day}')` };
  const offset = daysBetween(today, day);
  if (Math.abs(offset) > maxOffsetDays) {
    return { error: `date must be at most ${maxOffsetDays} days from today (${today}); ${day} is ${Math.abs(offset)} days ${offset > 0 ? 'ahead' : 'back'}` };
  }
  return { date: day, startMs: helsinkiMidnightUtc(day), endMs: helsinkiMidnightUtc(nextCalendarDate(day)) };
}

/** A till context for the cards and day of a request. */
export function tillContext(cards: readonly MemberCard[] | undefined, day: ShoppingDay): TillContext {
  return { cards: new Set(cards ?? []), dayStartMs: day.startMs, dayEndMs: day.endMs };
}

/** Whether terms need more than quantity × price: most prices do not, and their lines stay on the fast path. */
export function hasTillTerms(terms: TillTerms): boolean {
  return (
    terms.memberPrice != null ||
    terms.multibuy != null ||
    terms.campaignStartsAt != null ||
    terms.campaignEndsAt != null ||
    (terms.averageWeightGrams != null && terms.priceUnit === 'kg')
  );
}

/** n × grams × perKg / 1000, whole cents, halves up (exact while the product is a safe integer). */
function weighedCents(quantity: number, grams: number, perKg: number): number {
  const milli = quantity * grams * perKg;
  return Number.isSafeInteger(milli) ? Math.floor((2 * milli + 1000) / 2000) : Math.round(milli / 1000);
}

/**
 * One line at the till. `fallbackWeightGrams` is the item's average weight from another store, used when this one's
 * price is per kilogram and gives none.
 */
export function tillLine(terms: TillTerms, quantity: number, context: TillContext, fallbackWeightGrams?: number | null): TillLine {
  const applied: TillApplied[] = [];
  const starts = terms.campaignStartsAt != null ? Date.parse(terms.campaignStartsAt) : Number.NEGATIVE_INFINITY;
  const ends = terms.campaignEndsAt != null ? Date.parse(terms.campaignEndsAt) : Number.POSITIVE_INFINITY;
  const upcoming = starts >= context.dayEndMs;
  const ended = ends < context.dayStartMs;
  const running = !upcoming && !ended;
  const regular = terms.regularPrice ?? terms.price;

  // The price without card or bundle: the campaign's while it runs, else the regular one.
  const campaignPrice = terms.isCampaign ? terms.price : null;
  const shelfPrice = running ? terms.price : regular;
  if (campaignPrice !== null && running) applied.push({ kind: 'campaign', endsAt: terms.campaignEndsAt ?? null });

  let unitPrice = shelfPrice;
  let total: number;
  const member = terms.memberPrice ?? null;
  const multibuy = terms.multibuy ?? null;
  if (running) {
    if (member && member.price < shelfPrice) {
      if (context.cards.has(member.card)) {
        unitPrice = member.price;
        applied.push({ kind: 'member', card: member.card, price: member.price });
      } else {
        applied.push({ kind: 'member-offer', card: member.card, price: member.price });
      }
    }
  } else if (ended) {
    if (terms.campaignEndsAt != null && (campaignPrice !== null || member || multibuy)) applied.push({ kind: 'campaign-ended', endsAt: terms.campaignEndsAt });
  } else if (terms.campaignStartsAt != null) {
    const offers = [campaignPrice ?? Number.POSITIVE_INFINITY, member && context.cards.has(member.card) ? member.price : Number.POSITIVE_INFINITY];
    if (multibuy) offers.push(Math.ceil(multibuy.price / multibuy.quantity));
    const best = Math.min(...offers);
    if (best < regular) applied.push({ kind: 'campaign-upcoming', startsAt: terms.campaignStartsAt, price: best });
  }

  const grams = terms.priceUnit === 'kg' ? (terms.averageWeightGrams ?? fallbackWeightGrams ?? null) : null;
  if (grams !== null) {
    // A weighed good counted by pieces: no bundle is sold by the piece of a per-kilogram price.
    total = weighedCents(quantity, grams, unitPrice);
    applied.push({ kind: 'weight', grams, estimated: true });
  } else if (running && multibuy && multibuy.price < multibuy.quantity * unitPrice) {
    if (quantity >= multibuy.quantity) {
      const bundles = Math.floor(quantity / multibuy.quantity);
      total = bundles * multibuy.price + (quantity - bundles * multibuy.quantity) * unitPrice;
      applied.push({ kind: 'multibuy', quantity: multibuy.quantity, price: multibuy.price });
    } else {
      total = quantity * unitPrice;
      applied.push({ kind: 'multibuy-offer', quantity: multibuy.quantity, price: multibuy.price });
    }
  } else {
    total = quantity * unitPrice;
  }
  return { shelfPrice, unitPrice, total, applied };
}

/** The S-Bonus estimate of a basket total (cents, deposits left out), at `percent`, whole cents, halves up. */
export function bonusEstimate(totalWithoutDeposits: number, percent: number): number {
  return Math.floor((2 * totalWithoutDeposits * percent + 100) / 200);
}

/**
 * What one priced unit (a piece, or a kilogram of a weighed good) costs a shopper holding `cards` on the shopping day
 * of `now` (Helsinki): the member price when they hold its card and the campaign runs that day, else the shelf price
 * (the regular price once the campaign ended). The price a watch is measured on, from the watch's reference price to
 * every later observation.
 */
export function payableUnitPrice(terms: TillTerms, cards: readonly MemberCard[], now: Date = new Date()): number {
  const day = shoppingDay(undefined, 0, now); // today: always a shopping day
  if ('error' in day) throw new Error(day.error);
  return tillLine(terms, 1, tillContext(cards, day)).unitPrice;
}
