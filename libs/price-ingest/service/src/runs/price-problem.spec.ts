import type { FeedPrice } from '../feeds/feed-record';
import { MAX_DEPOSIT_CENTS, priceProblem } from './feed-runner';

const NOW = '2026-11-20T06:00:00.000Z';
const price = (overrides: Partial<FeedPrice> = {}): FeedPrice => ({
  externalStoreId: 'D1',
  ean: '6415600501811',
  price: 189,
  comparisonPrice: 378,
  priceUnit: null,
  comparisonPriceUnit: null,
  isCampaign: false,
  observedAt: NOW,
  ...overrides,
});

describe('priceProblem: deposits', () => {
  it('takes a price without a deposit, with none, or with one from 0 to 10 €', () => {
    for (const deposit of [undefined, null, 0, 15, 40, MAX_DEPOSIT_CENTS]) expect(priceProblem(price({ deposit }), NOW)).toBeNull();
  });

  it('rejects a negative, fractional or absurd deposit with the reason', () => {
    expect(priceProblem(price({ deposit: -15 }), NOW)).toBe('absurd deposit: -15 cents is not from 0 to 10.00 €');
    expect(priceProblem(price({ deposit: 1.5 }), NOW)).toBe('absurd deposit: 1.5 cents is not from 0 to 10.00 €');
    expect(priceProblem(price({ deposit: MAX_DEPOSIT_CENTS + 1 }), NOW)).toMatch(/^absurd deposit: 1001 cents/);
  });
});
