import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, renderWithProviders, sampleItem } from '../../test/render';
import { CampaignItems } from './components/CampaignItems';
import type { CampaignItem, StoreCampaignItems } from './offers.api';
import { campaignCountText, realDiscountText } from './offers.lib';

const campaign = (id: number, price: number, lowestPrice30d: number | null): CampaignItem => {
  const isRealDiscount = lowestPrice30d === null ? null : price < lowestPrice30d;
  return {
    item: sampleItem(id, {
      name: `Tuote ${id}`,
      storeItems: [
        {
          storeId: 5,
          price,
          comparisonPrice: null,
          priceUnit: 'kpl',
          comparisonPriceUnit: 'kg',
          isEstimated: false,
          updatedAt: null,
          isCampaign: true,
          lowestPrice30d,
        },
      ],
    }),
    price,
    lowestPrice30d,
    isRealDiscount,
    saving: isRealDiscount ? (lowestPrice30d as number) - price : null,
  };
};

// The server's order: real discounts by saving, then no history, then not below the 30-day low.
const ALL = [campaign(1, 200, 300), campaign(2, 149, 199), campaign(3, 99, null), campaign(4, 189, 149)];

/** Answers the campaign route like the gateway: realOnly filters, offset/limit page, total counts all. */
function stubCampaigns(rows: CampaignItem[]) {
  const urls: string[] = [];
  global.fetch = jest.fn(async (url: string) => {
    urls.push(url);
    const query = new URL(url, 'http://localhost').searchParams;
    const matching = query.get('realOnly') === 'true' ? rows.filter((r) => r.isRealDiscount) : rows;
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    const body: StoreCampaignItems = { storeId: 5, total: matching.length, limit, offset, items: matching.slice(offset, offset + limit) };
    return fakeResponse(200, body);
  }) as unknown as typeof fetch;
  return urls;
}

const names = () => screen.getAllByTestId('campaign-item').map((card) => within(card).getByText(/^Tuote \d+$/).textContent);

// Rendering dozens of cards takes seconds on a loaded two-core CI machine; the default 5 s would fail a correct test.
jest.setTimeout(30_000);

describe('offers page: campaign items', () => {
  it('words the real saving against the 30-day low, and nothing for a campaign that is none', () => {
    expect(realDiscountText({ isRealDiscount: true, saving: 100, lowestPrice30d: 300 })).toBe('−1,00 € (−33 %)');
    expect(realDiscountText({ isRealDiscount: false, saving: null, lowestPrice30d: 149 })).toBeNull();
    expect(realDiscountText({ isRealDiscount: null, saving: null, lowestPrice30d: null })).toBeNull();
    expect(campaignCountText(1, false)).toBe('1 tuote kampanjahinnalla');
    expect(campaignCountText(4, false)).toBe('4 tuotetta kampanjahinnalla');
    expect(campaignCountText(2, true)).toBe('2 todellista alennusta');
  });

  it('shows real discounts first with their saving, and flags the campaign that is not below its 30-day low', async () => {
    stubCampaigns(ALL);
    renderWithProviders(<CampaignItems storeId={5} />, { route: '/tarjoukset/prisma-5' });
    await waitFor(() => expect(screen.getAllByTestId('campaign-item')).toHaveLength(4));
    expect(names()).toEqual(['Tuote 1', 'Tuote 2', 'Tuote 3', 'Tuote 4']);
    const cards = screen.getAllByTestId('campaign-item');
    expect(within(cards[0]).getByTestId('real-discount').textContent).toBe('−1,00 € (−33 %)');
    expect(within(cards[0]).getByText('30 pv alin: 3,00 €')).toBeInTheDocument();
    expect(within(cards[0]).queryByTestId('fake-discount')).toBeNull();
    expect(within(cards[2]).getByText('Ei aiempaa hintaa 30 päivän ajalta')).toBeInTheDocument();
    expect(within(cards[3]).getByTestId('fake-discount').textContent).toBe('Ei todellinen alennus');
    expect(within(cards[3]).queryByTestId('real-discount')).toBeNull();
    expect(screen.getByTestId('campaign-count').textContent).toBe('4 tuotetta kampanjahinnalla');
  });

  it('"Näytä vain todelliset alennukset" leaves only the real discounts, and turning it off brings the rest back', async () => {
    const urls = stubCampaigns(ALL);
    renderWithProviders(<CampaignItems storeId={5} />, { route: '/tarjoukset/prisma-5' });
    await waitFor(() => expect(screen.getAllByTestId('campaign-item')).toHaveLength(4));
    fireEvent.click(screen.getByLabelText('Näytä vain todelliset alennukset'));
    await waitFor(() => expect(names()).toEqual(['Tuote 1', 'Tuote 2']));
    expect(urls.at(-1)).toContain('/api/stores/5/campaignItems?realOnly=true');
    expect(screen.queryByTestId('fake-discount')).toBeNull();
    expect(screen.getByTestId('campaign-count').textContent).toBe('2 todellista alennusta');
    fireEvent.click(screen.getByLabelText('Näytä vain todelliset alennukset'));
    await waitFor(() => expect(names()).toHaveLength(4));
  });

  it('ticks the box at once, while the filtered list is still on its way', async () => {
    stubCampaigns(ALL);
    renderWithProviders(<CampaignItems storeId={5} />, { route: '/tarjoukset/prisma-5' });
    await waitFor(() => expect(screen.getAllByTestId('campaign-item')).toHaveLength(4));
    const box = screen.getByLabelText('Näytä vain todelliset alennukset') as HTMLInputElement;
    // A plain browser click, not wrapped in act(): the address change is a transition that React renders later,
    // as in the browser, so the box must show the new state before that render (a controlled box bound only to
    // the address snaps back until then).
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      box.click();
      expect(box.checked).toBe(true);
      await waitFor(() => expect(names()).toEqual(['Tuote 1', 'Tuote 2']));
      expect(box.checked).toBe(true);
      box.click();
      expect(box.checked).toBe(false);
      await waitFor(() => expect(names()).toHaveLength(4));
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('starts filtered from ?todelliset=1 and says so when a store has no real discounts', async () => {
    stubCampaigns([campaign(4, 189, 149)]);
    renderWithProviders(<CampaignItems storeId={5} />, { route: '/tarjoukset/prisma-5?todelliset=1' });
    expect(await screen.findByTestId('campaign-empty')).toHaveTextContent('Tässä kaupassa ei ole nyt todellisia alennuksia.');
    expect(screen.getByLabelText('Näytä vain todelliset alennukset')).toBeChecked();
  });

  it('loads the next page with "Näytä lisää" in the same order', async () => {
    const many = Array.from({ length: 60 }, (_, i) => campaign(i + 1, 100, 200 - i));
    const urls = stubCampaigns(many);
    renderWithProviders(<CampaignItems storeId={5} />, { route: '/tarjoukset/prisma-5' });
    await waitFor(() => expect(screen.getAllByTestId('campaign-item')).toHaveLength(48));
    fireEvent.click(screen.getByRole('button', { name: 'Näytä lisää' }));
    await waitFor(() => expect(screen.getAllByTestId('campaign-item')).toHaveLength(60));
    expect(urls.some((u) => u.includes('offset=48'))).toBe(true);
    expect(names().slice(46, 50)).toEqual(['Tuote 47', 'Tuote 48', 'Tuote 49', 'Tuote 50']);
    expect(screen.queryByRole('button', { name: 'Näytä lisää' })).toBeNull();
  });
});
