import { screen, within } from '@testing-library/react';
import type { ComparisonItem, StoreItem } from '../../app/models';
import { renderWithProviders, sampleItem, sampleStoreItem } from '../../test/render';
import { DepositNote } from '../../kit/product/DepositNote';
import { StorePriceTable } from '../../kit/product/StorePriceTable';
import { rankComparison, totalsFromComparison } from './comparison.lib';
import { ComparisonTable } from './components/ComparisonTable';
import { StoreTotalsList } from '../../kit/cart/StoreTotalsList';

const stores = [
  { id: 1, name: 'Prisma Kamppi', urlSlug: 'prisma-kamppi', chain: 'prisma', type: 'S', externalId: '1' },
  { id: 2, name: 'K-Market Kamppi', urlSlug: 'k-market-kamppi', chain: 'kmarket', type: 'K', externalId: 'k2' },
];
const si = (storeId: number, price: number | null, deposit?: number | null, isEstimated = false): StoreItem =>
  sampleStoreItem(storeId, { price, deposit, isEstimated, comparisonPrice: price === null ? null : price * 2, comparisonPriceUnit: 'l' });
const line = (id: number, quantity: number, storeItems: StoreItem[]): ComparisonItem => ({ ...sampleItem(id), quantity, storeItems });

describe('deposits (pantti) in the web app', () => {
  it('shows "+ pantti 0,15 €" beside a price that has one, and nothing beside one without', () => {
    renderWithProviders(<StorePriceTable storeItems={[si(1, 129, 15), si(2, 135, null)]} />, { preloadedState: { stores: { selected: stores } } });
    const rows = screen.getAllByTestId('store-price-row');
    expect(within(rows[0]).getByTestId('deposit-note').textContent).toBe('+ pantti 0,15 €');
    // The price and the comparison price stay as they are: the deposit is not in them.
    expect(within(rows[0]).getByText('1,29 €')).toBeInTheDocument();
    expect(within(rows[0]).getByText('2,58 €/l')).toBeInTheDocument();
    expect(within(rows[1]).queryByTestId('deposit-note')).toBeNull();
    const { container } = renderWithProviders(<DepositNote storeItem={{ price: null, deposit: 15 }} />);
    expect(container.textContent).toBe('');
  });

  it('adds the deposits to the totals and keeps them apart', () => {
    const items = [line(1, 3, [si(1, 100, 15), si(2, 110, 15)]), line(2, 1, [si(1, 250), si(2, 240)])];
    expect(totalsFromComparison(items, [1, 2])).toEqual({
      '1': { total: 300 + 45 + 250, deposits: 45, estimatedCount: 0, missingCount: 0 },
      '2': { total: 330 + 45 + 240, deposits: 45, estimatedCount: 0, missingCount: 0 },
    });
  });

  it('shows "Pantit" as its own line of the comparison table, above the totals that include them', () => {
    const items = [line(1, 2, [si(1, 100, 20), si(2, 120, 20)])];
    renderWithProviders(<ComparisonTable items={items} stores={stores} ranked={rankComparison(items, [1, 2])} />);
    const deposits = screen.getByTestId('deposits-row');
    expect(within(deposits).getByText('Pantit')).toBeInTheDocument();
    expect(within(deposits).getAllByText('0,40 €')).toHaveLength(2);
    const totals = screen.getByTestId('totals-row-bottom');
    expect(within(totals).getByText('2,40 €')).toBeInTheDocument(); // 2 × 1,00 € + 0,40 € deposits
    expect(within(totals).getByText('2,80 €')).toBeInTheDocument();
    // No row without deposits.
    const plain = [line(1, 1, [si(1, 100), si(2, 120)])];
    renderWithProviders(<ComparisonTable items={plain} stores={stores} ranked={rankComparison(plain, [1, 2])} />);
    expect(screen.getAllByTestId('deposits-row')).toHaveLength(1);
  });

  it('says in the per-store totals how much of each total is deposits', () => {
    const items = [line(1, 2, [si(1, 100, 15), si(2, 130, 15)])];
    renderWithProviders(<StoreTotalsList ranked={rankComparison(items, [1, 2])} loading={false} />, { preloadedState: { stores: { selected: stores } } });
    const rows = screen.getAllByTestId('store-total-row');
    expect(within(rows[0]).getByText('2,30 €')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('store-total-deposits').textContent).toBe('sis. pantit 0,30 €');
  });
});
