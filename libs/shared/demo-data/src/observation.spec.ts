import { demoObservation } from './lib/observation';

describe('demoObservation', () => {
  const plain = { itemId: 1, storeId: 2, price: 300, comparisonPrice: 600, priceUnit: 'kpl', comparisonPriceUnit: 'kg', isCampaign: false, updatedAt: '2026-12-01T06:00:00.000Z' };

  it('carries a demo price with its till terms into the observation the projection stores', () => {
    const observation = demoObservation({
      ...plain,
      isCampaign: true,
      regularPrice: 350,
      campaignStartsAt: '2026-12-01T00:00:00.000Z',
      campaignEndsAt: '2026-12-07T21:59:59.000Z',
      memberPrice: { card: 'k-plussa', price: 280 },
      multibuy: { quantity: 2, price: 550 },
      averageWeightGrams: 120,
    });
    expect(observation).toMatchObject({
      price: 300,
      isCampaign: true,
      observedAt: '2026-12-01T06:00:00.000Z',
      regularPrice: 350,
      campaignStartsAt: '2026-12-01T00:00:00.000Z',
      campaignEndsAt: '2026-12-07T21:59:59.000Z',
      memberPrice: { card: 'k-plussa', price: 280 },
      multibuy: { quantity: 2, price: 550 },
      averageWeightGrams: 120,
    });
  });

  it('leaves the terms of a plain demo price empty', () => {
    const observation = demoObservation(plain);
    expect(observation).toMatchObject({ deposit: null });
    for (const term of ['regularPrice', 'campaignStartsAt', 'campaignEndsAt', 'memberPrice', 'multibuy', 'averageWeightGrams']) expect(observation).not.toHaveProperty(term);
  });
});
