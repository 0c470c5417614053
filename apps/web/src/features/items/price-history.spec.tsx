import { screen, within } from '@testing-library/react';
import { fakeResponse, renderWithProviders } from '../../test/render';
import { PriceHistoryChart } from './components/PriceHistoryChart';
import type { ItemHistory } from '../../kit/api/history.models';
import { chartGeometry, DEFAULT_BOX } from './price-history';

const NOW = new Date('2026-03-31T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 3600 * 1000).toISOString();

const HISTORY: ItemHistory = {
  itemId: 5,
  stores: [
    {
      storeId: 1,
      periods: [
        { from: daysAgo(60), to: daysAgo(20), price: 249, isCampaign: false },
        { from: daysAgo(20), to: daysAgo(10), price: 199, isCampaign: true },
        { from: daysAgo(10), to: null, price: 249, isCampaign: false },
      ],
      lowest30Days: 199,
    },
    {
      storeId: 2,
      periods: [{ from: daysAgo(45), to: null, price: 235, isCampaign: false }],
      lowest30Days: 235,
    },
  ],
};

const SELECTED = [
  { id: 1, name: 'Prisma Kamppi', urlSlug: 'prisma-kamppi', chain: 'prisma', type: 'S', externalId: '1' },
  { id: 2, name: 'K-Market Kamppi', urlSlug: 'k-market-kamppi', chain: 'kmarket', type: 'K', externalId: 'k2' },
] as const;

function stubHistory(body: unknown, status = 200) {
  const urls: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  global.fetch = jest.fn(async (url: string) => {
    urls.push(url);
    await gate;
    return fakeResponse(status, body);
  }) as unknown as typeof fetch;
  return { urls, release };
}

const renderChart = () => renderWithProviders(<PriceHistoryChart itemId={5} now={NOW} />, { preloadedState: { stores: { selected: [...SELECTED] } } });

describe('price-history chart', () => {
  it('draws a step line per store and places the 30-day low', () => {
    const g = chartGeometry(HISTORY, [1, 2], NOW);
    expect(g).not.toBeNull();
    if (!g) return;
    expect(g.series.map((s) => s.storeId)).toEqual([1, 2]);
    const [prisma, kmarket] = g.series;
    // Three contiguous periods: one move, then horizontal-vertical steps (no gaps).
    expect(prisma.path.match(/M/g)).toHaveLength(1);
    expect(prisma.path.split(' L')).toHaveLength(6);
    const ys = [...prisma.path.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((m) => Number(m[2]));
    expect(ys[0]).toBe(ys[1]); // flat while the price holds
    expect(ys[2]).toBeGreaterThan(ys[0]); // the drop to 1,99 € goes down the screen (larger y)
    expect(prisma.campaignPath).toMatch(/^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+$/);
    expect(kmarket.campaignPath).toBe('');
    expect(g.lowest).toMatchObject({ price: 199, storeId: 1 });
    expect(prisma.lowestMarker?.price).toBe(199);
    // The low lies inside the 30-day window, right of its start.
    expect(prisma.lowestMarker?.x).toBeGreaterThanOrEqual(g.windowX);
    expect(g.xTicks[0].x).toBe(DEFAULT_BOX.margin.left);
    expect(g.xTicks[4].x).toBe(DEFAULT_BOX.width - DEFAULT_BOX.margin.right);
  });

  it('breaks the line where a store had no price, and answers null without periods', () => {
    const gap: ItemHistory = {
      itemId: 1,
      stores: [
        {
          storeId: 1,
          periods: [
            { from: daysAgo(20), to: daysAgo(15), price: 100, isCampaign: false },
            { from: daysAgo(10), to: null, price: 120, isCampaign: false },
          ],
          lowest30Days: 100,
        },
      ],
    };
    expect(chartGeometry(gap, [1], NOW)?.series[0].path.match(/M/g)).toHaveLength(2);
    expect(chartGeometry({ itemId: 1, stores: [{ storeId: 1, periods: [], lowest30Days: null }] }, [1], NOW)).toBeNull();
  });

  it('renders the chart with a legend, the labelled 30-day low and an accessible table', async () => {
    const { urls, release } = stubHistory(HISTORY);
    renderChart();
    expect(screen.getByTestId('price-history-loading')).toHaveAttribute('aria-busy', 'true');
    release();
    const figure = await screen.findByTestId('price-history');
    expect(urls).toEqual(['/api/items/5/history?storeIds=1%2C2']);
    const chart = within(figure).getByRole('img', { name: 'Hintahistoria' });
    expect(chart).toHaveAccessibleDescription(/Prisma Kamppi: nyt 2,49 €, alin 30 päivän aikana 1,99 €; K-Market Kamppi: nyt 2,35 €/);
    expect(within(figure).getAllByTestId('price-history-series')).toHaveLength(2);
    expect(screen.getByTestId('lowest-30-days')).toHaveTextContent('Alin hinta 30 päivän aikana: 1,99 € (Prisma Kamppi)');
    const legend = screen.getByRole('list', { name: 'Kaupat' });
    expect(within(legend).getByText('Prisma Kamppi')).toBeInTheDocument();
    expect(within(legend).getByText('K-Market Kamppi')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Hintahistoria kaupoittain' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 4);
    expect(within(table).getAllByText('1,99 €')).toHaveLength(1);
    expect(within(table).getAllByText('nyt')).toHaveLength(2);
  });

  it("says 'Ei hintahistoriaa' when the chosen stores have no history", async () => {
    const { release } = stubHistory({ itemId: 5, stores: [{ storeId: 1, periods: [], lowest30Days: null }] });
    release();
    renderChart();
    expect(await screen.findByText('Ei hintahistoriaa')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Hintahistoria' })).toBeNull();
  });

  it('asks for stores first and does not call the API without them', () => {
    const { urls } = stubHistory(HISTORY);
    renderWithProviders(<PriceHistoryChart itemId={5} now={NOW} />);
    expect(screen.getByText('Valitse kaupat nähdäksesi hintahistorian.')).toBeInTheDocument();
    expect(urls).toEqual([]);
  });
});
