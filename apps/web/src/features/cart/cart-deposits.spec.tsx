import { screen } from '@testing-library/react';
import { fakeResponse, renderWithProviders, sampleItem } from '../../test/render';
import { CartPanel } from './components/CartPanel';

const stores = [
  { id: 1, name: 'Prisma Kamppi', urlSlug: 'prisma-kamppi', chain: 'prisma', type: 'S', externalId: '1' },
  { id: 2, name: 'K-Market Kamppi', urlSlug: 'k-market-kamppi', chain: 'kmarket', type: 'K', externalId: 'k2' },
];

describe('deposits (pantti) in the cart', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('shows the deposits of the cheapest store as "Pantit" and includes them in "Yhteensä"', async () => {
    const totals = {
      '1': { total: 2 * 189 + 30, deposits: 30, estimatedCount: 0, missingCount: 0, cheapest: true },
      '2': { total: 2 * 199 + 30, deposits: 30, estimatedCount: 0, missingCount: 0, cheapest: false },
    };
    global.fetch = jest.fn(async (address: unknown) =>
      String(address).includes('/shoppingCartComparisons/storeTotals') ? fakeResponse(200, totals) : fakeResponse(404, { error: 'Not Found' }),
    ) as unknown as typeof fetch;
    renderWithProviders(<CartPanel />, {
      preloadedState: {
        ui: { drawerOpen: false, extensionInstalled: false, modals: { cart: true, compare: false, share: false, buy: false, categories: false } },
        stores: { selected: stores },
        cart: { id: 'NO_ID', loaded: true, items: [{ ...sampleItem(7, { name: 'Kola 0,33 l' }), count: 2 }] },
      },
    });
    const deposits = await screen.findByTestId('cart-deposits');
    expect(deposits).toHaveTextContent('Pantit');
    expect(deposits).toHaveTextContent('0,30 €');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Yhteensä4,08 €');
  });
});
