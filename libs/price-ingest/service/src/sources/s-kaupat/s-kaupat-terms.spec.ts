import { sKaupatPrice } from './s-kaupat.records';

describe('S-kaupat: campaignPriceValidUntil', () => {
  const product = (until: unknown) => ({ ean: '6410405082657', pricing: { currentPrice: 3.99, campaignPrice: 3.99, regularPrice: 4.99, campaignPriceValidUntil: until } });

  it('is the campaign end: an ISO time as it is, a date the end of that day in Helsinki', () => {
    expect(sKaupatPrice(product('2026-12-06T21:59:59.000Z'), 's:1', null).campaignEndsAt).toBe('2026-12-06T21:59:59.000Z');
    expect(sKaupatPrice(product('2026-12-06'), 's:1', null).campaignEndsAt).toBe('2026-12-06T21:59:59.999Z');
    // Summer time (UTC+3).
    expect(sKaupatPrice(product('2026-07-06'), 's:1', null).campaignEndsAt).toBe('2026-07-06T20:59:59.999Z');
  });

  it('rejects a bad date naming the field', () => {
    expect(() => sKaupatPrice(product('2026-02-30'), 's:1', null)).toThrow(/^pricing.campaignPriceValidUntil "2026-02-30" is not a date/);
  });
});
