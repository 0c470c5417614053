import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { payableUnitPrice } from '@hintakori/shared-util';
import { knownCards, watchTerms } from './payable-price';

/** Noon in Helsinki on 2026-12-03. */
const today = new Date('2026-12-03T10:00:00Z');
const observation = (extra: Partial<PriceObservation> = {}): PriceObservation => ({
  itemId: 1,
  storeId: 1,
  price: 300,
  comparisonPrice: null,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kg',
  isCampaign: false,
  observedAt: '2026-12-02T08:00:00.000Z',
  ...extra,
});

describe('the price a subscriber would pay (payableUnitPrice)', () => {
  it('is the member price for a holder of its card while the campaign runs, the shelf price without the card', () => {
    const terms = watchTerms(observation({ memberPrice: { card: 'k-plussa', price: 249 }, campaignEndsAt: '2026-12-06T21:59:59.000Z' }));
    expect(payableUnitPrice(terms, ['k-plussa'], today)).toBe(249);
    expect(payableUnitPrice(terms, ['lidl-plus', 's-etukortti'], today)).toBe(300);
    expect(payableUnitPrice(terms, [], today)).toBe(300);
  });

  it('is the regular price once the campaign ended, whatever the cards; the offer only from its start', () => {
    const ended = watchTerms(
      observation({ price: 199, isCampaign: true, regularPrice: 300, memberPrice: { card: 'k-plussa', price: 149 }, campaignEndsAt: '2026-12-01T21:59:59.000Z' }),
    );
    expect(payableUnitPrice(ended, ['k-plussa'], today)).toBe(300);
    expect(payableUnitPrice(ended, [], today)).toBe(300);
    const upcoming = watchTerms(observation({ price: 199, isCampaign: true, regularPrice: 300, memberPrice: { card: 'k-plussa', price: 149 }, campaignStartsAt: '2026-12-04T22:00:00.000Z' }));
    expect(payableUnitPrice(upcoming, ['k-plussa'], today)).toBe(300);
    expect(payableUnitPrice(upcoming, ['k-plussa'], new Date('2026-12-05T10:00:00Z'))).toBe(149);
    expect(payableUnitPrice(upcoming, [], new Date('2026-12-05T10:00:00Z'))).toBe(199);
  });

  it('keeps only the terms an observation gave, and only the known cards of a stored watch', () => {
    expect(watchTerms(observation())).toEqual({ price: 300, priceUnit: 'kpl' });
    expect(payableUnitPrice(watchTerms(observation()), ['k-plussa'], today)).toBe(300);
    expect(knownCards(['k-plussa', 'tuntematon', 'lidl-plus'])).toEqual(['k-plussa', 'lidl-plus']);
    expect(knownCards(null)).toEqual([]);
  });
});
