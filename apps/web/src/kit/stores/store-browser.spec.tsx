import { act, screen, waitFor } from '@testing-library/react';
import { fakeResponse, renderWithProviders } from '../../test/render';
import { StoreBrowser, STORE_CARDS_FIRST, STORE_CARDS_STEP } from './StoreBrowser';

/** The API's first page of stores (200, as /api/stores/minimal answers) and an empty second one. */
function stubStores(count: number) {
  global.fetch = jest.fn(async (url: string) => {
    const skip = Number(new URL(url, 'http://localhost').searchParams.get('skip'));
    const stores = Array.from({ length: Math.max(0, Math.min(200, count - skip)) }, (_, i) => ({
      id: skip + i + 1,
      name: `Kauppa ${skip + i + 1}`,
      urlSlug: `kauppa-${skip + i + 1}`,
      chain: 'prisma',
      type: 'S',
    }));
    return fakeResponse(200, stores);
  }) as unknown as typeof fetch;
}

/** jsdom has no IntersectionObserver: this one reports the list's sentinel in view when the test says so. */
const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
class SentinelObserver {
  constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe() {
    observers.push(this.callback);
  }
  disconnect() {
    const at = observers.indexOf(this.callback);
    if (at >= 0) observers.splice(at, 1);
  }
}

jest.setTimeout(30_000);

describe('store list (/kaupat)', () => {
  beforeEach(() => {
    observers.length = 0;
    (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = SentinelObserver;
  });

  it('builds only the first screen of cards at first, and a step more each time the end of the list comes into view', async () => {
    stubStores(200);
    renderWithProviders(<StoreBrowser basePath="/kaupat" />, { route: '/kaupat' });
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(STORE_CARDS_FIRST));
    expect(STORE_CARDS_FIRST).toBeLessThan(STORE_CARDS_STEP);
    expect(screen.getByText('Vieritä ladataksesi lisää kauppoja')).toBeInTheDocument();

    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    act(() => observers.at(-1)?.([{ isIntersecting: true }]));
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(STORE_CARDS_FIRST + STORE_CARDS_STEP));
    expect(screen.getAllByTestId('store-card')[STORE_CARDS_FIRST]).toHaveTextContent(`Kauppa ${STORE_CARDS_FIRST + 1}`);
  });

  it('shows every store of a short list and says it is the end once all are in', async () => {
    stubStores(STORE_CARDS_FIRST - 3);
    renderWithProviders(<StoreBrowser basePath="/kaupat" />, { route: '/kaupat' });
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(STORE_CARDS_FIRST - 3));
    expect(screen.getByText('Tässä kaikki kaupat!')).toBeInTheDocument();
  });
});
