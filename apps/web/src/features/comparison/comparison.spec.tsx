import { screen, within } from '@testing-library/react';
import type { ComparisonItem, StoreItem } from '../../app/models';
import { renderWithProviders, sampleItem, sampleStoreItem } from '../../test/render';
import { comparisonHint, rankComparison, totalsFromComparison } from './comparison.lib';
import { ComparisonTable } from './components/ComparisonTable';
import { StoreTotalsList } from '../../kit/cart/StoreTotalsList';

const si = (storeId: number, price: number | null, isEstimated = false) => sampleStoreItem(storeId, { price, isEstimated, comparisonPrice: null, comparisonPriceUnit: 'kg', updatedAt: null });

const line = (id: number, quantity: number, storeItems: StoreItem[]): ComparisonItem => ({ ...sampleItem(id), quantity, storeItems });

const stores = [
  { id: 1, name: 'Prisma Kamppi', urlSlug: 'prisma-kamppi', chain: 'prisma', type: 'S', externalId: '1' },
  { id: 2, name: 'K-Market Kamppi', urlSlug: 'k-market-kamppi', chain: 'kmarket', type: 'K', externalId: 'k2' },
];

describe('comparison', () => {
  it('sums price × quantity per store, counting estimates and missing prices', () => {
    const items = [line(1, 2, [si(1, 100), si(2, 150, true)]), line(2, 1, [si(1, null), si(2, 300)])];
    expect(totalsFromComparison(items, [1, 2])).toEqual({
      '1': { total: 200, deposits: 0, estimatedCount: 0, missingCount: 1 },
      '2': { total: 600, deposits: 0, estimatedCount: 1, missingCount: 0 },
    });
  });

  it('gives the hints of the basket comparison page', () => {
    expect(comparisonHint(0, 0)).toBe('Valitse ensin kaupat ja lisää tuotteet');
    expect(comparisonHint(2, 0)).toBe('Lisää ensin tuotteet');
    expect(comparisonHint(0, 3)).toBe('Valitse ensin kaupat');
    expect(comparisonHint(2, 3)).toBeNull();
  });

  it('highlights the cheapest store and shows extra cost with percentage', () => {
    const items = [line(1, 1, [si(1, 1000), si(2, 1250)])];
    renderWithProviders(<StoreTotalsList ranked={rankComparison(items, [1, 2])} loading={false} />, {
      preloadedState: { stores: { selected: stores } },
    });
    const rows = screen.getAllByTestId('store-total-row');
    expect(rows[0]).toHaveAttribute('data-cheapest', 'true');
    expect(within(rows[0]).getByText('Prisma Kamppi')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Halvin')).toBeInTheDocument();
    expect(within(rows[1]).getByText('+2,50 € (+25 %)')).toBeInTheDocument();
  });

  it('adds a totals row at the top from 6 items on', () => {
    const five = Array.from({ length: 5 }, (_, i) => line(i + 1, 1, [si(1, 100), si(2, 120)]));
    const { unmount } = renderWithProviders(<ComparisonTable items={five} stores={stores} ranked={rankComparison(five, [1, 2])} />);
    expect(screen.queryByTestId('totals-row-top')).toBeNull();
    expect(screen.getByTestId('totals-row-bottom')).toBeInTheDocument();
    unmount();
    const six = [...five, line(6, 3, [si(1, 100), si(2, null)])];
    renderWithProviders(<ComparisonTable items={six} stores={stores} ranked={rankComparison(six, [1, 2])} />);
    expect(screen.getByTestId('totals-row-top')).toBeInTheDocument();
    expect(within(screen.getByTestId('totals-row-bottom')).getByText('8,00 €')).toBeInTheDocument();
    expect(within(screen.getByTestId('totals-row-bottom')).getByText('Halvin')).toBeInTheDocument();
  });
});
