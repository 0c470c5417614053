import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { TillApplied } from '@hintakori/shared-contracts';
import type { ComparisonItem, ComparisonStoreItem } from '../../app/models';
import { createAppStore, makeStore } from '../../app/store';
import { STORAGE_KEYS } from '../../app/storage';
import { fakeResponse, renderWithProviders, sampleItem, sampleStoreItem } from '../../test/render';
import { cardsReducer, cardToggled, loadCards } from '../../kit/stores/cards.slice';
import { MemberCardPicker } from '../../kit/stores/MemberCardPicker';
import { useCartTotals } from '../../kit/cart/useCartTotals';
import { StoreTotalsList, totalNotes } from '../../kit/cart/StoreTotalsList';
import { tillBadges } from '../../kit/product/till-badges';
import { comparisonApi } from '../../kit/api/comparison.api';
import { rankComparison, totalsFromComparison } from './comparison.lib';
import { ComparisonTable } from './components/ComparisonTable';
import { BasketComparisonPage } from './components/BasketComparisonPage';

const stores = [
  { id: 1, name: 'K-Citymarket Ruoholahti', urlSlug: 'k-citymarket-ruoholahti', chain: 'kcitymarket', type: 'K', externalId: 'k1' },
  { id: 2, name: 'Prisma Kamppi', urlSlug: 'prisma-kamppi', chain: 'prisma', type: 'S', externalId: 's2' },
];

type Call = { url: string; method: string; body: Record<string, unknown> | undefined };
let calls: Call[];

beforeEach(() => {
  localStorage.clear();
  calls = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined });
    if (url.includes('/split')) return fakeResponse(200, { stores: [1], lines: [], total: 0, singleStoreTotal: 0, saving: 0 });
    if (url.includes('/storeTotals')) return fakeResponse(200, {});
    return fakeResponse(200, []);
  }) as unknown as typeof fetch;
});

describe('the membership cards slice (Kanta-asiakkuudet)', () => {
  it('starts with none and keeps the cards each once, in a fixed order', () => {
    let state = cardsReducer(undefined, { type: 'init' });
    expect(state.held).toEqual([]);
    state = cardsReducer(state, cardToggled({ card: 's-etukortti', held: true }));
    state = cardsReducer(state, cardToggled({ card: 'k-plussa', held: true }));
    state = cardsReducer(state, cardToggled({ card: 'k-plussa', held: true }));
    expect(state.held).toEqual(['k-plussa', 's-etukortti']);
    const same = cardsReducer(state, cardToggled({ card: 'lidl-plus', held: false }));
    expect(same).toBe(state);
    expect(cardsReducer(state, cardToggled({ card: 'k-plussa', held: false })).held).toEqual(['s-etukortti']);
  });

  it('is saved in the browser and read back, dropping what it does not know', () => {
    const store = createAppStore();
    expect(store.getState().cards.held).toEqual([]);
    store.dispatch(cardToggled({ card: 'lidl-plus', held: true }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.memberCards) ?? 'null')).toEqual(['lidl-plus']);
    expect(createAppStore().getState().cards.held).toEqual(['lidl-plus']);
    localStorage.setItem(STORAGE_KEYS.memberCards, JSON.stringify(['k-plussa', 'bogus', 7, 'k-plussa']));
    expect(loadCards()).toEqual(['k-plussa']);
    localStorage.setItem(STORAGE_KEYS.memberCards, '{not json');
    expect(loadCards()).toEqual([]);
  });
});

describe('comparison requests carry the cards', () => {
  it('puts the cards in the storeTotals and split bodies and the basket query, and leaves them out when none', async () => {
    const store = makeStore();
    const items = [{ itemId: 5, quantity: 2 }];
    await store.dispatch(comparisonApi.endpoints.getStoreTotals.initiate({ storeIds: [1, 2], items, cards: ['k-plussa', 's-etukortti'] }));
    await store.dispatch(comparisonApi.endpoints.getStoreTotals.initiate({ storeIds: [1, 2], items, cards: [] }));
    await store.dispatch(comparisonApi.endpoints.getBasketSplit.initiate({ storeIds: [1, 2], items, cards: ['lidl-plus'] }));
    await store.dispatch(comparisonApi.endpoints.getComparison.initiate({ storeIds: [1, 2], cartId: 'c1', cards: ['k-plussa', 'lidl-plus'] }));
    await store.dispatch(comparisonApi.endpoints.getComparison.initiate({ storeIds: [1, 2], cartId: 'c2' }));
    expect(calls[0].body).toMatchObject({ storeIds: [1, 2], items, cards: ['k-plussa', 's-etukortti'] });
    expect(calls[1].body).not.toHaveProperty('cards');
    expect(calls[2].url).toContain('/shoppingCartComparisons/split');
    expect(calls[2].body).toMatchObject({ cards: ['lidl-plus'] });
    const basket = new URL(calls[3].url, 'http://localhost');
    expect(basket.searchParams.get('cards')).toBe('k-plussa,lidl-plus');
    expect(new URL(calls[4].url, 'http://localhost').searchParams.has('cards')).toBe(false);
  });

  it('a tick sends the cart totals again with the card, and keeps what the shopper typed', async () => {
    function Probe() {
      const { ranked } = useCartTotals();
      const [typed, setTyped] = useState('');
      return (
        <div>
          <input aria-label="muistiinpano" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <span data-testid="rows">{ranked.length}</span>
          <MemberCardPicker />
        </div>
      );
    }
    renderWithProviders(<Probe />, {
      preloadedState: {
        stores: { selected: stores },
        cart: { id: 'c1', items: [{ ...sampleItem(5), count: 2 }], loaded: true },
      },
    });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/storeTotals'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/storeTotals'))?.body).not.toHaveProperty('cards');
    fireEvent.change(screen.getByLabelText('muistiinpano'), { target: { value: 'maitoa' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('member-card-k-plussa'));
    });
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/storeTotals')).at(-1)?.body).toMatchObject({ cards: ['k-plussa'] }));
    expect(screen.getByLabelText('muistiinpano')).toHaveValue('maitoa');
    expect(screen.getByTestId('member-card-k-plussa')).toBeChecked();
    expect(screen.getByTestId('member-card-s-etukortti')).not.toBeChecked();
  });
});

describe('the basket comparison page', () => {
  it('says prices are without member prices until a card is ticked, then asks for the basket again with it', async () => {
    const basketCalls = () => calls.filter((c) => c.url.startsWith('/api/shoppingCartComparisons?'));
    renderWithProviders(<BasketComparisonPage />, {
      preloadedState: { stores: { selected: stores }, cart: { id: 'c1', items: [{ ...sampleItem(5), count: 1 }], loaded: true } },
    });
    expect(screen.getByTestId('no-member-prices').textContent).toBe('Hinnat ilman kanta-asiakashintoja');
    await waitFor(() => expect(basketCalls()).toHaveLength(1));
    expect(new URL(basketCalls()[0].url, 'http://localhost').searchParams.has('cards')).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByTestId('member-card-k-plussa'));
    });
    await waitFor(() => expect(basketCalls()).toHaveLength(2));
    expect(new URL(basketCalls()[1].url, 'http://localhost').searchParams.get('cards')).toBe('k-plussa');
    expect(screen.queryByTestId('no-member-prices')).toBeNull();
  });
});

describe('what the till applied, as badges', () => {
  it('names every rule in Finnish', () => {
    const applied: TillApplied[] = [
      { kind: 'member', card: 'k-plussa', price: 249 },
      { kind: 'member', card: 'lidl-plus', price: 99 },
      { kind: 'member-offer', card: 'k-plussa', price: 299 },
      { kind: 'member-offer', card: 'lidl-plus', price: 150 },
      { kind: 'multibuy', quantity: 2, price: 500 },
      { kind: 'multibuy-offer', quantity: 3, price: 600 },
      { kind: 'campaign', endsAt: '2026-12-07T21:59:59.000Z' },
      { kind: 'campaign', endsAt: null },
      { kind: 'campaign-ended', endsAt: '2026-12-01T20:00:00.000Z' },
      { kind: 'campaign-upcoming', startsAt: '2026-12-04T22:00:00.000Z', price: 299 },
      { kind: 'weight', grams: 175, estimated: true },
    ];
    expect(tillBadges(applied).map((b) => [b.text, b.tone])).toEqual([
      ['Plussa 2,49 €', 'applied'],
      ['Lidl Plus 0,99 €', 'applied'],
      ['Plussa-hinta 2,99 €', 'hint'],
      ['Lidl Plus -hinta 1,50 €', 'hint'],
      ['2 kpl 5,00 €', 'applied'],
      ['3 kpl 6,00 €', 'hint'],
      ['voimassa 7.12. asti', 'applied'],
      ['kampanja päättyi 1.12.', 'hint'],
      // 22:00 UTC is midnight in Helsinki: the 5th.
      ['halvempi 2,99 € 5.12. alkaen', 'hint'],
      ['arvio: 175 g/kpl', 'hint'],
    ]);
    expect(tillBadges(undefined)).toEqual([]);
  });

  it('shows lineTotal as the line price with its badges, and the totals count it', () => {
    const k: ComparisonStoreItem = { ...sampleStoreItem(1, { price: 300 }), lineTotal: 500, applied: [{ kind: 'multibuy', quantity: 2, price: 500 }] };
    const s: ComparisonStoreItem = { ...sampleStoreItem(2, { price: 280 }), lineTotal: 560, applied: [{ kind: 'multibuy-offer', quantity: 3, price: 700 }] };
    const items: ComparisonItem[] = [{ ...sampleItem(7, { name: '<b>Kahvi</b>' }), quantity: 2, storeItems: [k, s] }];
    expect(totalsFromComparison(items, [1, 2])).toEqual({
      '1': { total: 500, deposits: 0, estimatedCount: 0, missingCount: 0, savings: 100 },
      '2': { total: 560, deposits: 0, estimatedCount: 0, missingCount: 0 },
    });
    renderWithProviders(<ComparisonTable items={items} stores={stores} ranked={rankComparison(items, [1, 2])} />);
    const cells = screen.getAllByTestId('comparison-cell');
    expect(within(cells[0]).getByText('5,00 €')).toBeInTheDocument();
    expect(within(cells[0]).getByTestId('till-badge').textContent).toBe('2 kpl 5,00 €');
    expect(cells[0]).toHaveAttribute('data-cheapest', 'true');
    expect(within(cells[1]).getByText('5,60 €')).toBeInTheDocument();
    expect(within(cells[1]).getByTestId('till-badge').textContent).toBe('3 kpl 7,00 €');
    // Source text is only ever text.
    expect(screen.getByText('<b>Kahvi</b>')).toBeInTheDocument();
  });

  it('says under a total what the cards saved, the bonus estimate and that weighed goods are estimates', () => {
    expect(totalNotes({ savings: 120, bonus: 85, weighedCount: 2 }).map((n) => n.text)).toEqual([
      'Kanta-asiakas- ja monipakkausedut −1,20 €',
      'Bonus arviolta 0,85 €',
      '2 punnittavan tuotteen hinnat ovat arvioita',
    ]);
    expect(totalNotes({ savings: 0 })).toEqual([]);
    renderWithProviders(
      <StoreTotalsList
        ranked={[{ storeId: 2, total: 1000, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: true, diff: 0, percent: 0, bonus: 85, weighedCount: 1 }]}
        loading={false}
      />,
      { preloadedState: { stores: { selected: stores } } },
    );
    expect(screen.getByTestId('store-total-bonus').textContent).toBe('Bonus arviolta 0,85 €');
    expect(screen.getByTestId('store-total-weighed').textContent).toBe('Punnittavan tuotteen hinta on arvio');
    expect(screen.queryByTestId('store-total-savings')).toBeNull();
  });
});
