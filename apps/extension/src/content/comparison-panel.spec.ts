/** @jest-environment jsdom */
// The comparison panel on a shop's page: a closed shadow root of its own, the prices with the cheapest marked, one
// line for an unknown product, the link to choose stores, and every text from the API or the page shown as text.
import { compareProduct } from '../lib/compare';
import { COMPARISON_HOST_ID, type ComparisonView, differenceText, renderComparison } from './comparison-panel';
import { mountPanel } from './panel';

const HOSTILE = '<img src=x onerror=alert(1)>';
const actions = { onExpand: jest.fn(), onClose: jest.fn() };
const NOW = Date.parse('2026-12-01T12:00:00Z');

function productView(name = 'Kevytmaito 1 l', storeName = 'Prisma Kaleva'): ComparisonView {
  const item = { id: 42, name, urlSlug: 'kevytmaito-1-l', storeItems: [{ storeId: 1, price: 95 }, { storeId: 2, price: 79 }] };
  const history = { stores: [{ storeId: 1, lowest30Days: 85, periods: [{ from: new Date(NOW - 40 * 864e5).toISOString(), to: null, price: 95 }] }, { storeId: 2, lowest30Days: 79, periods: [{ from: new Date(NOW - 20 * 864e5).toISOString(), to: null, price: 79 }] }] };
  const stores = [{ id: 1, name: storeName }, { id: 2, name: 'K-Citymarket' }];
  return { kind: 'product', comparison: compareProduct(item, history, stores, 99, 'https://hintakori.fi', NOW), shownPrice: 99 };
}

function drawn(view: ComparisonView, expanded = true): ShadowRoot {
  const { root } = mountPanel(COMPARISON_HOST_ID);
  renderComparison(root, view, expanded, actions);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
  jest.clearAllMocks();
});

describe('comparison panel', () => {
  it("keeps its shadow root closed to the shop's scripts", () => {
    drawn(productView());
    const host = document.getElementById(COMPARISON_HOST_ID);
    expect(host).not.toBeNull();
    expect(host?.shadowRoot ?? null).toBeNull();
    expect(document.body.textContent).not.toContain('Kevytmaito');
  });

  it('shows the price in each store, the cheapest with its difference, the 30-day low, the sparkline and the link', () => {
    const root = drawn(productView());
    const rows = [...root.querySelectorAll('[data-testid="hintakori-store"]')].map((li) => [li.querySelector('.store')?.textContent, li.querySelector('.price')?.textContent, li.classList.contains('cheapest')]);
    expect(rows).toEqual([
      ['Prisma Kaleva', '0,95 €', false],
      ['K-Citymarket', '0,79 €', true],
    ]);
    expect(root.querySelector('[data-testid="hintakori-cheapest"]')?.textContent).toBe('Halvin: K-Citymarket 0,79 € (0,20 € halvempi kuin täällä)');
    expect(root.querySelector('[data-testid="hintakori-low30"]')?.textContent).toBe('30 päivän alin: 0,79 €');
    const line = root.querySelector('[data-testid="hintakori-sparkline"] polyline');
    expect(line?.getAttribute('points')?.split(' ').length).toBe(41); // from 40 days ago (the first price) to today, of the 60
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://hintakori.fi/tuotteet/kevytmaito-1-l-42');
    expect(root.querySelector('[data-testid="hintakori-tab"]')?.hasAttribute('hidden')).toBe(true);
  });

  it('collapsed, is a tab naming the cheapest price; a click opens it, "Sulje" closes it', () => {
    const root = drawn(productView(), false);
    const tab = root.querySelector<HTMLButtonElement>('[data-testid="hintakori-tab"]');
    expect(tab?.textContent).toBe('Hintakori 0,79 €');
    expect(root.querySelector('[data-testid="hintakori-comparison"]')?.hasAttribute('hidden')).toBe(true);
    tab?.click();
    expect(actions.onExpand).toHaveBeenCalledWith(true);
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Sulje')?.click();
    expect(actions.onClose).toHaveBeenCalled();
  });

  it('says in one line that Hintakori does not know the product', () => {
    const root = drawn({ kind: 'unknown' });
    expect(root.querySelector('.body')?.textContent).toBe('Hintakori ei tunne tätä tuotetta.');
  });

  it('without stores links to choosing them on the site', () => {
    const link = drawn({ kind: 'no-stores', baseUrl: 'http://localhost:3630' }).querySelector('a');
    expect([link?.textContent, link?.getAttribute('href')]).toEqual(['Valitse kaupat Hintakorissa', 'http://localhost:3630/']);
  });

  it('shows a hostile product name, store name and error as text', () => {
    let root = drawn(productView(HOSTILE, HOSTILE));
    expect(root.querySelector('h3')?.textContent).toBe(HOSTILE);
    expect(root.querySelector('[data-store-id="1"] .store')?.textContent).toBe(HOSTILE);
    expect(root.querySelectorAll('img, [onerror]')).toHaveLength(0);
    root = drawn({ kind: 'error', message: HOSTILE });
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(HOSTILE);
    expect(root.querySelectorAll('img')).toHaveLength(0);
  });

  it("shows the cart's totals with the cheapest and the import link", () => {
    const root = drawn({
      kind: 'cart',
      rows: [
        { storeId: 1, storeName: 'Prisma Kaleva', total: 1234, cheapest: true, missingCount: 0, estimatedCount: 0 },
        { storeId: 2, storeName: 'K-Citymarket', total: 1399, cheapest: false, missingCount: 0, estimatedCount: 1 },
      ],
      importUrl: 'https://hintakori.fi/ostoskorivertailu#tuo=5x2',
      unknownLines: 1,
      lines: 3,
    });
    expect(root.querySelector('li.cheapest .store')?.textContent).toBe('Prisma Kaleva');
    expect(root.querySelector('li.cheapest .price')?.textContent).toBe('12,34 €');
    expect(root.textContent).toContain('1 tuotetta ei löytynyt Hintakorista.');
    const link = root.querySelector('[data-testid="hintakori-import"]');
    expect([link?.textContent, link?.getAttribute('href')]).toEqual(['Vie Hintakoriin', 'https://hintakori.fi/ostoskorivertailu#tuo=5x2']);
  });

  it('words the difference both ways', () => {
    expect([differenceText(20), differenceText(-5), differenceText(0), differenceText(null)]).toEqual(['0,20 € halvempi kuin täällä', '0,05 € kalliimpi kuin täällä', 'sama hinta kuin täällä', null]);
  });
});
