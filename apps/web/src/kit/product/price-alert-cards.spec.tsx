import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse, renderWithProviders } from '../../test/render';
import { PriceAlertForm } from './PriceAlertForm';

const stores = [{ id: 1, name: 'K-Citymarket Ruoholahti', urlSlug: 'k-citymarket-ruoholahti', chain: 'kcitymarket', type: 'K', externalId: 'k1' }];

type Call = { url: string; body: Record<string, unknown> | undefined };
let calls: Call[];

beforeEach(() => {
  calls = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined });
    return fakeResponse(202, { accepted: true, message: 'ok' });
  }) as unknown as typeof fetch;
});

async function subscribe() {
  fireEvent.click(screen.getByRole('button', { name: 'Ilmoita hinnanlaskusta: Kahvi' }));
  fireEvent.change(screen.getByLabelText('Sähköpostiosoite'), { target: { value: 'matti@example.fi' } });
  fireEvent.click(screen.getByRole('button', { name: 'Tilaa ilmoitus' }));
  await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/alerts'))).toBe(true));
  return calls.find((c) => c.url.endsWith('/api/alerts'))?.body;
}

describe('a price alert measured with the shopper’s cards', () => {
  it('sends the cards the shopper holds and says so', async () => {
    renderWithProviders(<PriceAlertForm itemId={7} itemName="Kahvi" />, { preloadedState: { stores: { selected: stores }, cards: { held: ['k-plussa', 's-etukortti'] } } });
    const body = await subscribe();
    expect(body).toEqual({ email: 'matti@example.fi', itemId: 7, storeIds: [1], targetPrice: null, cards: ['k-plussa', 's-etukortti'] });
    // The answer (202) gives way to "Tarkista sähköpostisi" in place of the form.
    expect(await screen.findByText(/Tarkista sähköpostisi/)).toBeTruthy();
    expect(screen.queryByTestId('alert-cards')).toBeNull();
  });

  it('sends no cards without any, and the form says prices are measured without member prices', async () => {
    renderWithProviders(<PriceAlertForm itemId={7} itemName="Kahvi" />, { preloadedState: { stores: { selected: stores } } });
    fireEvent.click(screen.getByRole('button', { name: 'Ilmoita hinnanlaskusta: Kahvi' }));
    expect(screen.getByTestId('alert-cards').textContent).toBe('Hintaa seurataan ilman kanta-asiakashintoja.');
    fireEvent.change(screen.getByLabelText('Sähköpostiosoite'), { target: { value: 'matti@example.fi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tilaa ilmoitus' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/alerts'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/api/alerts'))?.body).not.toHaveProperty('cards');
  });

  it('names the held cards in the form', () => {
    renderWithProviders(<PriceAlertForm itemId={7} itemName="Kahvi" />, { preloadedState: { stores: { selected: stores }, cards: { held: ['lidl-plus', 'k-plussa'] } } });
    fireEvent.click(screen.getByRole('button', { name: 'Ilmoita hinnanlaskusta: Kahvi' }));
    expect(screen.getByTestId('alert-cards').textContent).toBe('Hintaa seurataan kanta-asiakkuuksillasi: K-Plussa, Lidl Plus.');
  });
});
