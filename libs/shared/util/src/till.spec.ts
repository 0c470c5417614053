import { MAX_SHOPPING_DAY_OFFSET, type MemberCard } from '@hintakori/shared-contracts';
import { bonusEstimate, hasTillTerms, shoppingDay, type ShoppingDay, tillContext, tillLine, type TillTerms } from './till';
import { helsinkiMidnightUtc, helsinkiToday } from './helsinki-date';

const NOW = new Date('2026-12-03T10:00:00Z');
const day = (date: string): ShoppingDay => {
  const parsed = shoppingDay(date, MAX_SHOPPING_DAY_OFFSET, NOW);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
};
const at = (date: string, cards: MemberCard[] = []) => tillContext(cards, day(date));
const TODAY = at('2026-12-03');
const PLUSSA = at('2026-12-03', ['k-plussa']);

describe('shoppingDay', () => {
  it('defaults to today in Helsinki and bounds the day by Helsinki midnights (EET, +2)', () => {
    expect(shoppingDay(undefined, 60, NOW)).toEqual({ date: '2026-12-03', startMs: Date.parse('2026-12-02T22:00:00Z'), endMs: Date.parse('2026-12-03T22:00:00Z') });
    // 23:30 UTC on the 2nd is already the 3rd in Helsinki.
    expect(helsinkiToday(new Date('2026-12-02T22:30:00Z'))).toBe('2026-12-03');
    // Summer time: +3.
    expect(helsinkiMidnightUtc('2026-07-01')).toBe(Date.parse('2026-06-30T21:00:00Z'));
  });

  it('refuses a date that does not exist or is more than 60 days away, naming the field', () => {
    expect(shoppingDay('2026-02-30', 60, NOW)).toEqual({ error: "date must be a date that exists, YYYY-MM-DD (got '2026-02-30')" });
    expect(shoppingDay('3.12.2026', 60, NOW)).toMatchObject({ error: expect.stringMatching(/^date must be a date that exists/) });
    expect(shoppingDay('2027-02-01', 60, NOW)).toMatchObject({ date: '2027-02-01' });
    expect(shoppingDay('2027-02-02', 60, NOW)).toEqual({ error: 'date must be at most 60 days from today (2026-12-03); 2027-02-02 is 61 days ahead' });
    expect(shoppingDay('2026-10-03', 60, NOW)).toEqual({ error: 'date must be at most 60 days from today (2026-12-03); 2026-10-03 is 61 days back' });
    expect(shoppingDay('2026-10-04', 60, NOW)).toMatchObject({ date: '2026-10-04' });
  });
});

describe('tillLine, one rule at a time', () => {
  it('charges quantity × price for a plain price, with nothing applied', () => {
    const plain: TillTerms = { price: 249 };
    expect(hasTillTerms(plain)).toBe(false);
    expect(tillLine(plain, 3, TODAY)).toEqual({ shelfPrice: 249, unitPrice: 249, total: 747, applied: [] });
  });

  it('counts a member price only for a holder of its card, and lists it as an offer to others', () => {
    const terms: TillTerms = { price: 399, memberPrice: { card: 'k-plussa', price: 299 } };
    expect(hasTillTerms(terms)).toBe(true);
    expect(tillLine(terms, 2, PLUSSA)).toEqual({ shelfPrice: 399, unitPrice: 299, total: 598, applied: [{ kind: 'member', card: 'k-plussa', price: 299 }] });
    expect(tillLine(terms, 2, TODAY)).toEqual({ shelfPrice: 399, unitPrice: 399, total: 798, applied: [{ kind: 'member-offer', card: 'k-plussa', price: 299 }] });
    // Another chain's card does not reach it.
    expect(tillLine(terms, 2, at('2026-12-03', ['lidl-plus', 's-etukortti'])).total).toBe(798);
    // A member price that is no lower than the shelf price changes nothing and is not shown.
    expect(tillLine({ price: 299, memberPrice: { card: 'k-plussa', price: 299 } }, 1, PLUSSA)).toEqual({ shelfPrice: 299, unitPrice: 299, total: 299, applied: [] });
  });

  it('applies a multibuy to every whole bundle of the quantity, the rest at the shelf price', () => {
    const terms: TillTerms = { price: 279, multibuy: { quantity: 2, price: 500 } };
    expect(tillLine(terms, 1, TODAY)).toEqual({ shelfPrice: 279, unitPrice: 279, total: 279, applied: [{ kind: 'multibuy-offer', quantity: 2, price: 500 }] });
    expect(tillLine(terms, 2, TODAY)).toEqual({ shelfPrice: 279, unitPrice: 279, total: 500, applied: [{ kind: 'multibuy', quantity: 2, price: 500 }] });
    expect(tillLine(terms, 3, TODAY).total).toBe(779);
    expect(tillLine(terms, 4, TODAY).total).toBe(1000);
    expect(tillLine({ price: 100, multibuy: { quantity: 3, price: 250 } }, 7, TODAY).total).toBe(2 * 250 + 100);
    // A bundle dearer than its pieces is never charged.
    expect(tillLine({ price: 200, multibuy: { quantity: 2, price: 450 } }, 2, TODAY)).toEqual({ shelfPrice: 200, unitPrice: 200, total: 400, applied: [] });
  });

  it('counts a campaign price while the campaign runs on the shopping day, the regular price after it ends', () => {
    const terms: TillTerms = { price: 199, isCampaign: true, regularPrice: 259, campaignEndsAt: '2026-12-07T21:59:59.000Z' };
    expect(tillLine(terms, 2, TODAY)).toEqual({ shelfPrice: 199, unitPrice: 199, total: 398, applied: [{ kind: 'campaign', endsAt: '2026-12-07T21:59:59.000Z' }] });
    // Its last day (Helsinki) still counts.
    expect(tillLine(terms, 1, at('2026-12-07')).total).toBe(199);
    expect(tillLine(terms, 2, at('2026-12-08'))).toEqual({ shelfPrice: 259, unitPrice: 259, total: 518, applied: [{ kind: 'campaign-ended', endsAt: '2026-12-07T21:59:59.000Z' }] });
  });

  it('shows a campaign that starts after the shopping day as upcoming and does not count it', () => {
    const terms: TillTerms = { price: 199, isCampaign: true, regularPrice: 259, campaignStartsAt: '2026-12-03T22:00:00.000Z', campaignEndsAt: '2026-12-10T21:59:59.000Z' };
    expect(tillLine(terms, 1, TODAY)).toEqual({ shelfPrice: 259, unitPrice: 259, total: 259, applied: [{ kind: 'campaign-upcoming', startsAt: '2026-12-03T22:00:00.000Z', price: 199 }] });
    expect(tillLine(terms, 1, at('2026-12-04')).total).toBe(199);
    // A member price and a multibuy of an upcoming campaign wait for it too.
    const member: TillTerms = { price: 259, campaignStartsAt: '2026-12-05T22:00:00.000Z', memberPrice: { card: 'k-plussa', price: 219 }, multibuy: { quantity: 2, price: 400 } };
    expect(tillLine(member, 2, PLUSSA)).toEqual({ shelfPrice: 259, unitPrice: 259, total: 518, applied: [{ kind: 'campaign-upcoming', startsAt: '2026-12-05T22:00:00.000Z', price: 200 }] });
    expect(tillLine(member, 2, at('2026-12-06', ['k-plussa'])).total).toBe(400);
  });

  it('counts a weighed good by pieces of its average weight, rounded to cents halves up, as an estimate', () => {
    const bananas: TillTerms = { price: 199, priceUnit: 'kg', averageWeightGrams: 175 };
    // 3 × 175 g × 1,99 €/kg = 104,475 c → 104 c; 1 × 175 g = 34,825 c → 35 c.
    expect(tillLine(bananas, 3, TODAY)).toEqual({ shelfPrice: 199, unitPrice: 199, total: 104, applied: [{ kind: 'weight', grams: 175, estimated: true }] });
    expect(tillLine(bananas, 1, TODAY).total).toBe(35);
    // Exactly half a cent rounds up: 5 × 100 g × 1,01 €/kg = 50,5 c → 51 c.
    expect(tillLine({ price: 101, priceUnit: 'kg', averageWeightGrams: 100 }, 5, TODAY).total).toBe(51);
    // Without a weight of its own it takes the item's weight from another store; with none, the quantity stays kilograms.
    expect(tillLine({ price: 199, priceUnit: 'kg' }, 3, TODAY, 200)).toMatchObject({ total: 119, applied: [{ kind: 'weight', grams: 200, estimated: true }] });
    expect(tillLine({ price: 199, priceUnit: 'kg' }, 3, TODAY)).toEqual({ shelfPrice: 199, unitPrice: 199, total: 597, applied: [] });
    // A weight of a good sold by the piece changes nothing.
    expect(tillLine({ price: 199, priceUnit: 'kpl', averageWeightGrams: 500 }, 3, TODAY).total).toBe(597);
  });
});

describe('tillLine, rules together', () => {
  it('applies a multibuy over the member price when the bundle is still cheaper', () => {
    const terms: TillTerms = { price: 300, memberPrice: { card: 'k-plussa', price: 280 }, multibuy: { quantity: 2, price: 500 } };
    expect(tillLine(terms, 3, PLUSSA)).toEqual({
      shelfPrice: 300,
      unitPrice: 280,
      total: 500 + 280,
      applied: [
        { kind: 'member', card: 'k-plussa', price: 280 },
        { kind: 'multibuy', quantity: 2, price: 500 },
      ],
    });
    // Without the card the third piece is the shelf price.
    expect(tillLine(terms, 3, TODAY).total).toBe(800);
    // A member price below half the bundle leaves the bundle out.
    expect(tillLine({ ...terms, memberPrice: { card: 'k-plussa', price: 240 } }, 2, PLUSSA)).toMatchObject({ total: 480, applied: [{ kind: 'member' }] });
  });

  it('ends a campaign\'s member price and multibuy with it', () => {
    const terms: TillTerms = { price: 300, campaignEndsAt: '2026-12-01T21:59:59.000Z', memberPrice: { card: 'lidl-plus', price: 250 }, multibuy: { quantity: 2, price: 450 } };
    expect(tillLine(terms, 2, at('2026-12-03', ['lidl-plus']))).toEqual({ shelfPrice: 300, unitPrice: 300, total: 600, applied: [{ kind: 'campaign-ended', endsAt: '2026-12-01T21:59:59.000Z' }] });
    expect(tillLine(terms, 2, at('2026-12-01', ['lidl-plus']))).toMatchObject({ total: 450 });
  });

  it('weighs a member price of a weighed good by the piece too', () => {
    const terms: TillTerms = { price: 1290, priceUnit: 'kg', averageWeightGrams: 333, memberPrice: { card: 'k-plussa', price: 990 } };
    // 2 × 333 g × 9,90 €/kg = 659,34 c → 659 c.
    expect(tillLine(terms, 2, PLUSSA)).toEqual({
      shelfPrice: 1290,
      unitPrice: 990,
      total: 659,
      applied: [
        { kind: 'member', card: 'k-plussa', price: 990 },
        { kind: 'weight', grams: 333, estimated: true },
      ],
    });
  });
});

describe('bonusEstimate', () => {
  it('is the percent of the basket in whole cents, halves up', () => {
    expect(bonusEstimate(8500, 1)).toBe(85);
    expect(bonusEstimate(8550, 1)).toBe(86);
    expect(bonusEstimate(8549, 1)).toBe(85);
    expect(bonusEstimate(0, 1)).toBe(0);
  });
});
