import { screen } from '@testing-library/react';
import { renderWithProviders, sampleItem } from '../../../test/render';
import { BuyModal } from './BuyModal';

const CART_ID = '0b7c5f0e-3c0a-4f7e-9d5e-2f1a6c3b9e10';
const modals = { cart: false, compare: false, share: false, buy: true, categories: false };
const lidl = { id: 7, name: 'Lidl Kamppi', urlSlug: 'lidl-kamppi', chain: 'lidl', type: 'L', externalId: null };
const kStore = { id: 8, name: 'K-Citymarket Ruoholahti', urlSlug: 'k-citymarket-ruoholahti', chain: 'kcitymarket', type: 'K', externalId: 'N106' };

function renderBuy(extensionInstalled: boolean, selected: (typeof lidl | typeof kStore)[]) {
  return renderWithProviders(<BuyModal />, {
    preloadedState: {
      ui: { drawerOpen: false, modals, extensionInstalled },
      stores: { selected },
      cart: { id: CART_ID, items: [{ ...sampleItem(1), count: 2 }], loaded: true },
    },
  });
}

describe('BuyModal', () => {
  it('without the extension shows the install prompt with a link to /lisaosa', () => {
    renderBuy(false, [kStore]);
    expect(screen.getByText(/vaatii Hintakorin selainlaajennuksen/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lue lisää ja asenna laajennus' })).toHaveAttribute('href', '/lisaosa');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it("with the extension links a K group store to K-Ruoka with the cart in the hash", () => {
    renderBuy(true, [kStore]);
    expect(screen.getByRole('radio', { name: /K-Citymarket Ruoholahti/ })).toBeChecked();
    const href = screen.getByRole('link', { name: /Siirry kauppaan: K-Ruoka/ }).getAttribute('href') ?? '';
    expect(href).toBe(`https://www.k-ruoka.fi/#cartId=${CART_ID}&externalStoreId=N106&storeId=8&type=K`);
  });

  it('for Lidl says there is no web shop and offers the printable list', () => {
    renderBuy(true, [lidl]);
    expect(screen.getByText(/Lidlillä ei ole verkkokauppaa/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Siirry kauppaan/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Avaa tulostettava ostoslista' })).toHaveAttribute('href', `/ostoslista/${CART_ID}?kauppa=7`);
  });
});
