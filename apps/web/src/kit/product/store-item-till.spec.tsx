import { screen } from '@testing-library/react';
import type { StoreItem } from '../../app/models';
import { renderWithProviders, sampleStoreItem } from '../../test/render';
import { StorePriceTable } from './StorePriceTable';
import { storeItemApplied } from './store-item-till';

// 12:00 on 3.12.2026 in Helsinki (EET): a Thursday.
const NOW = new Date('2026-12-03T10:00:00Z');
const item = (overrides: Partial<StoreItem>): StoreItem => sampleStoreItem(1, { price: 299, ...overrides });

describe("a store's price and its till terms on the product page", () => {
  it('shows a member price as counted for a holder of its card and as an offer for anyone else', () => {
    const plussa = item({ memberPrice: { card: 'k-plussa', price: 249 } });
    expect(storeItemApplied(plussa, ['k-plussa'], NOW)).toEqual([{ kind: 'member', card: 'k-plussa', price: 249 }]);
    expect(storeItemApplied(plussa, ['lidl-plus'], NOW)).toEqual([{ kind: 'member-offer', card: 'k-plussa', price: 249 }]);
  });

  it('shows a multibuy as an offer to one piece, an upcoming campaign and the estimated weight of a piece', () => {
    expect(storeItemApplied(item({ multibuy: { quantity: 2, price: 500 } }), [], NOW)).toEqual([{ kind: 'multibuy-offer', quantity: 2, price: 500 }]);
    const upcoming = item({ isCampaign: true, price: 199, regularPrice: 299, campaignStartsAt: '2026-12-05T00:00:00+02:00' });
    expect(storeItemApplied(upcoming, [], NOW)).toEqual([expect.objectContaining({ kind: 'campaign-upcoming', price: 199, startsAt: '2026-12-05T00:00:00+02:00' })]);
    expect(storeItemApplied(item({ priceUnit: 'kg', price: 199, averageWeightGrams: 175 }), [], NOW)).toEqual([expect.objectContaining({ kind: 'weight', grams: 175 })]);
  });

  it('says nothing for a price without terms or without a price', () => {
    expect(storeItemApplied(item({}), ['k-plussa'], NOW)).toEqual([]);
    expect(storeItemApplied(item({ price: null, memberPrice: { card: 'k-plussa', price: 249 } }), ['k-plussa'], NOW)).toEqual([]);
  });

  it("renders the badges in the store price table with the shopper's cards from the store", () => {
    const rows = [item({ memberPrice: { card: 'k-plussa', price: 249 } }), sampleStoreItem(2, { price: 310, multibuy: { quantity: 3, price: 800 } })];
    const { unmount } = renderWithProviders(<StorePriceTable storeItems={rows} />, { preloadedState: { cards: { held: ['k-plussa'] } } });
    expect(screen.getAllByTestId('till-badge').map((b) => b.textContent)).toEqual(['Plussa 2,49 €', '3 kpl 8,00 €']);
    unmount();
    renderWithProviders(<StorePriceTable storeItems={rows} />);
    expect(screen.getAllByTestId('till-badge').map((b) => b.textContent)).toEqual(['Plussa-hinta 2,49 €', '3 kpl 8,00 €']);
  });
});
