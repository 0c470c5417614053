import { act, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '../../app/storage';
import { createAppStore } from '../../app/store';
import { cartQueueIdle, resetCartThunkState } from '../../kit/cart/cart.thunks';
import { readOfflineCart } from '../../kit/cart/offline-cart';
import { fakeResponse, renderWithProviders, sampleItem } from '../../test/render';
import { CART_IMPORT_LIMITS, cartImportText, parseCartImport } from './cart-import';
import { BasketComparisonPage } from './components/BasketComparisonPage';

describe('reading #tuo=… of the address', () => {
  it('reads item id × quantity lines in their order', () => {
    expect(parseCartImport('#tuo=12x2,7x1,30X5')).toEqual([
      { itemId: 12, quantity: 2 },
      { itemId: 7, quantity: 1 },
      { itemId: 30, quantity: 5 },
    ]);
    // The commas as a browser or the extension may have encoded them.
    expect(parseCartImport('#tuo=12x2%2C7x1')).toEqual([
      { itemId: 12, quantity: 2 },
      { itemId: 7, quantity: 1 },
    ]);
  });

  it('is null without tuo, and empty when tuo names nothing', () => {
    expect(parseCartImport('')).toBeNull();
    expect(parseCartImport('#main')).toBeNull();
    expect(parseCartImport('#tuote=1x1')).toBeNull();
    expect(parseCartImport('#tuo=')).toEqual([]);
  });

  it('skips parts that are not <id>x<qty> or name no possible item, and clamps quantities to 1…99', () => {
    expect(
      parseCartImport('#tuo=abc,5,x3,0x2,-4x1,1.5x2,3x,2147483648x1,<script>x1,8x0,9x150,10x99,11x1000000,2147483647x1'),
    ).toEqual([
      { itemId: 8, quantity: 1 },
      { itemId: 9, quantity: 99 },
      { itemId: 10, quantity: 99 },
      { itemId: 11, quantity: 99 },
      { itemId: 2147483647, quantity: 1 },
    ]);
  });

  it('makes an item named twice one line with the quantities added, still at most 99', () => {
    expect(parseCartImport('#tuo=4x2,5x1,4x3')).toEqual([
      { itemId: 4, quantity: 5 },
      { itemId: 5, quantity: 1 },
    ]);
    expect(parseCartImport('#tuo=4x60,4x60')).toEqual([{ itemId: 4, quantity: 99 }]);
  });

  it('takes at most 200 lines and leaves the rest out', () => {
    const parts = Array.from({ length: 250 }, (_, i) => `${i + 1}x1`);
    const lines = parseCartImport(`#tuo=${parts.join(',')}`) ?? [];
    expect(CART_IMPORT_LIMITS.lines).toBe(200);
    expect(lines).toHaveLength(200);
    expect(lines.at(-1)).toEqual({ itemId: 200, quantity: 1 });
    // A line already taken still adds up past the limit.
    const again = parseCartImport(`#tuo=${parts.join(',')},1x4`) ?? [];
    expect(again[0]).toEqual({ itemId: 1, quantity: 5 });
  });

  it('tells how many lines were added, one as a singular, none as none found', () => {
    expect(cartImportText(3)).toBe('Verkkokaupan ostoskorista tuotiin 3 tuotetta.');
    expect(cartImportText(1)).toBe('Verkkokaupan ostoskorista tuotiin 1 tuote.');
    expect(cartImportText(0)).toBe('Verkkokaupan ostoskorista ei löytynyt Hintakorin tuotteita.');
  });
});

const stores = [{ id: 1, name: 'Prisma Kamppi', urlSlug: 'prisma-kamppi', chain: 'prisma', type: 'S', externalId: 's1' }];

describe('the basket comparison page importing a web shop’s cart', () => {
  let calls: Array<{ method: string; url: string }>;

  beforeEach(() => {
    resetCartThunkState();
    localStorage.clear();
    calls = [];
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const path = new URL(url, 'http://localhost').pathname;
      // The shopper's saved cart: item 5 three times, item 1 once.
      if (method === 'GET' && path === '/api/shoppingCarts/c1') {
        return fakeResponse(200, { id: 'c1', items: [{ item: sampleItem(5), quantity: 3 }, { item: sampleItem(1), quantity: 1 }] });
      }
      const item = /^\/api\/items\/(\d+)$/.exec(path);
      if (method === 'GET' && item) {
        const id = Number(item[1]);
        return id >= 900 ? fakeResponse(404, { statusCode: 404, message: 'Item not found', error: 'Not Found' }) : fakeResponse(200, sampleItem(id));
      }
      if (path.startsWith('/api/shoppingCarts/')) return fakeResponse(200, { id: 'c1' });
      return fakeResponse(200, []);
    }) as unknown as typeof fetch;
  });

  afterEach(() => window.history.replaceState(null, '', '/'));

  const lineCounts = (store: ReturnType<typeof renderWithProviders>['store']) =>
    store.getState().cart.items.map((i) => [i.id, i.count]);

  it("adds the known lines to the shopper's saved cart, keeps what was in it, takes the hash out and says how many", async () => {
    window.history.replaceState({ kept: 'state' }, '', '/ostoskorivertailu?x=1#tuo=1x2,7x3,901x1');
    // The browser's store, as the app has it: the chosen store and the cart's id from local storage, the cart not loaded.
    localStorage.setItem(STORAGE_KEYS.selectedStores, JSON.stringify(stores));
    localStorage.setItem(STORAGE_KEYS.cartId, 'c1');
    const { store } = renderWithProviders(<BasketComparisonPage />, { route: '/ostoskorivertailu', store: createAppStore() });
    // The hash goes at once, before anything is added: a reload now adds nothing twice.
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/ostoskorivertailu?x=1');
    expect(window.history.state).toEqual({ kept: 'state' });
    expect(await screen.findByText('Verkkokaupan ostoskorista tuotiin 2 tuotetta.')).toBeInTheDocument();
    expect(screen.getByTestId('cart-import-status')).toHaveAttribute('role', 'status');
    await act(() => cartQueueIdle());
    // Item 1 was in the cart once: the two imported join it. Item 5 stays as it was; 901 is no item.
    expect(lineCounts(store)).toEqual([
      [5, 3],
      [1, 3],
      [7, 3],
    ]);
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
    expect(writes).toEqual([
      'POST /api/shoppingCarts/c1/items/1/increment',
      'POST /api/shoppingCarts/c1/items/1/increment',
      'PUT /api/shoppingCarts/c1/items/7',
      'POST /api/shoppingCarts/c1/items/7/increment',
      'POST /api/shoppingCarts/c1/items/7/increment',
    ]);
    // The saved cart was read before the first line went in.
    const firstWrite = calls.findIndex((c) => c.method !== 'GET');
    expect(calls.findIndex((c) => c.url.startsWith('/api/shoppingCarts/c1'))).toBeLessThan(firstWrite);
    // The offline copy follows the cart.
    await waitFor(() => expect(readOfflineCart().items.map((i) => [i.id, i.count])).toEqual(lineCounts(store)));
    // The comparison is fetched with the imported lines in the cart, after them.
    await waitFor(() => expect(calls.some((c) => c.url.includes('/shoppingCartComparisons'))).toBe(true));
    const comparison = calls.findIndex((c) => c.url.includes('/shoppingCartComparisons'));
    expect(comparison).toBeGreaterThan(calls.map((c) => c.method).lastIndexOf('POST'));
  });

  it('imports again when the hash changes on the page, and says so when none of the lines is known', async () => {
    window.history.replaceState(null, '', '/ostoskorivertailu');
    const { store } = renderWithProviders(<BasketComparisonPage />, {
      route: '/ostoskorivertailu',
      preloadedState: { stores: { selected: stores }, cart: { id: 'c1', items: [{ ...sampleItem(5), count: 3 }], loaded: true } },
    });
    expect(screen.getByTestId('cart-import-status')).toBeEmptyDOMElement();

    act(() => {
      window.history.replaceState(null, '', '/ostoskorivertailu#tuo=902x1,903x2');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByText('Verkkokaupan ostoskorista ei löytynyt Hintakorin tuotteita.')).toBeInTheDocument();
    expect(window.location.hash).toBe('');

    act(() => {
      window.history.replaceState(null, '', '/ostoskorivertailu#tuo=8x1');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByText('Verkkokaupan ostoskorista tuotiin 1 tuote.')).toBeInTheDocument();
    await act(() => cartQueueIdle());
    expect(lineCounts(store)).toEqual([
      [5, 3],
      [8, 1],
    ]);
    expect(window.location.hash).toBe('');
  });

  it('does nothing without #tuo', async () => {
    window.history.replaceState(null, '', '/ostoskorivertailu#main');
    const { store } = renderWithProviders(<BasketComparisonPage />, {
      route: '/ostoskorivertailu',
      preloadedState: { stores: { selected: stores }, cart: { id: 'c1', items: [{ ...sampleItem(5), count: 3 }], loaded: true } },
    });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/shoppingCartComparisons'))).toBe(true));
    expect(window.location.hash).toBe('#main');
    expect(calls.filter((c) => c.url.includes('/api/items/'))).toEqual([]);
    expect(screen.getByTestId('cart-import-status')).toBeEmptyDOMElement();
    expect(lineCounts(store)).toEqual([[5, 3]]);
  });
});
