import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '@hintakori/web-ui';
import { type AppStore, makeStore, type RootState } from '../app/store';

/** Renders with theme, a fresh store (or the one given, e.g. the browser's store kept in local storage) and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', preloadedState, store = makeStore(preloadedState) }: { route?: string; preloadedState?: Partial<RootState>; store?: AppStore } = {},
) {
  const result = render(
    <ThemeProvider theme={theme}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </Provider>
    </ThemeProvider>,
  );
  return { store, ...result };
}

/** A minimal fetch Response stand-in. */
export function fakeResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { status, ok: status >= 200 && status < 300, text: async () => text } as unknown as Response;
}

export const sampleItem = (id: number, overrides: Partial<import('../app/models').Item> = {}): import('../app/models').Item => ({
  id,
  name: `Tuote ${id}`,
  urlSlug: `tuote-${id}`,
  pictureUrl: '/images/products/default.svg',
  brandName: 'Merkki',
  originCountry: 'Suomi',
  description: null,
  ingredients: null,
  nutritionalContent: [],
  itemCategories: [],
  storeItems: [],
  ...overrides,
});

/** A store's price of an item: 1,89 € (3,78 €/kg), no campaign, no 30-day history. */
export const sampleStoreItem = (storeId: number, overrides: Partial<import('../app/models').StoreItem> = {}): import('../app/models').StoreItem => ({
  storeId,
  price: 189,
  comparisonPrice: 378,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kg',
  isEstimated: false,
  updatedAt: '2026-03-01T10:00:00.000Z',
  isCampaign: false,
  lowestPrice30d: null,
  ...overrides,
});
