import styled from 'styled-components';
import { EXTRA_TOTALS_ROW_MIN_ITEMS, formatPrice, IMAGE_SIZES, type RankedTotal } from '@hintakori/web-util';
import { Badge, Tooltip } from '@hintakori/web-ui';
import type { ComparisonItem } from '../../../app/models';
import { CheaperAlternative } from '../../../kit/product/CheaperAlternative';
import { DepositNote } from '../../../kit/product/DepositNote';
import { PriceCell } from '../../../kit/product/PriceCell';
import { TillBadges } from '../../../kit/product/TillBadges';
import { ProductImage } from '../../../kit/product/ProductImage';
import type { SelectedStore } from '../../../kit/stores/stores.slice';
import { extraText } from '../../../kit/cart/StoreTotalsList';
import { lineCost } from '../comparison.lib';

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  thead th { position: sticky; top: 0; background: ${({ theme }) => theme.colors.surfaceAlt}; text-align: right; vertical-align: bottom; }
  thead th:first-child, thead th:nth-child(2) { text-align: left; }
  tbody td { text-align: right; white-space: nowrap; }
  tbody th { text-align: left; font-weight: 500; min-width: 180px; }
  td[data-cheapest='true'] { color: ${({ theme }) => theme.colors.success}; font-weight: 700; }
  tr[data-totals] td, tr[data-totals] th { font-weight: 800; background: ${({ theme }) => theme.colors.primarySoft}; }
  tr[data-totals] td[data-cheapest='true'] { background: ${({ theme }) => theme.colors.successSoft}; }
`;

const ItemCell = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Alternative = styled.div`
  margin-top: ${({ theme }) => theme.space.xs};
  font-weight: 400;
  white-space: normal;
`;

function TotalsRow({ stores, ranked, position }: { stores: SelectedStore[]; ranked: RankedTotal[]; position: 'top' | 'bottom' }) {
  return (
    <tr data-totals={position} data-testid={`totals-row-${position}`}>
      <th scope="row">Yhteensä</th>
      <td />
      {stores.map((s) => {
        const r = ranked.find((x) => x.storeId === s.id);
        const partial = r ? r.estimatedCount > 0 || r.missingCount > 0 : false;
        return (
          <td key={s.id} data-cheapest={r?.cheapest ?? false}>
            {r ? formatPrice(r.total) : '--'}
            {partial ? (
              <Tooltip content="Huom. Kaikista tuotteista ei ole saatavilla hintoja tässä kaupassa" label="Huomautus hinnasta">
                <span aria-hidden="true">*</span>
              </Tooltip>
            ) : null}
            <br />
            {r?.cheapest ? <Badge $tone="success">Halvin</Badge> : r ? <small>{extraText(r)}</small> : null}
          </td>
        );
      })}
    </tr>
  );
}

/** The deposits (pantti) of the basket per store, their own line above the totals that include them. */
function DepositsRow({ stores, ranked }: { stores: SelectedStore[]; ranked: RankedTotal[] }) {
  return (
    <tr data-testid="deposits-row">
      <th scope="row">Pantit</th>
      <td />
      {stores.map((s) => {
        const r = ranked.find((x) => x.storeId === s.id);
        return <td key={s.id}>{r ? formatPrice(r.deposits) : '--'}</td>;
      })}
    </tr>
  );
}

/**
 * Items as rows and stores as columns; totals at the bottom, and also at the top with 6 or more items. With
 * `onSwapped`, each row offers its "Halvempi vaihtoehto" and calls it after a swap.
 */
export function ComparisonTable({
  items,
  stores,
  ranked,
  onSwapped,
}: {
  items: ComparisonItem[];
  stores: SelectedStore[];
  ranked: RankedTotal[];
  onSwapped?: () => void;
}) {
  return (
    <Scroll>
      <Table data-testid="comparison-table">
        <thead>
          <tr>
            <th scope="col">Tuote</th>
            <th scope="col">Määrä</th>
            {stores.map((s) => (
              <th key={s.id} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.length >= EXTRA_TOTALS_ROW_MIN_ITEMS ? <TotalsRow stores={stores} ranked={ranked} position="top" /> : null}
          {items.map((item) => {
            const prices = stores
              .map((s) => {
                const si = item.storeItems.find((x) => x.storeId === s.id);
                return si ? lineCost(si, item.quantity) : null;
              })
              .filter((p): p is number => typeof p === 'number');
            const min = prices.length > 1 ? Math.min(...prices) : null;
            return (
              <tr key={item.id}>
                <th scope="row">
                  <ItemCell>
                    <ProductImage src={item.pictureUrl} alt="" size={IMAGE_SIZES.thumb} />
                    {item.name}
                  </ItemCell>
                  {onSwapped ? (
                    <Alternative>
                      <CheaperAlternative item={item} onSwapped={onSwapped} />
                    </Alternative>
                  ) : null}
                </th>
                <td>{item.quantity}</td>
                {stores.map((s) => {
                  const si = item.storeItems.find((x) => x.storeId === s.id);
                  const cost = si ? lineCost(si, item.quantity) : null;
                  return (
                    <td key={s.id} data-cheapest={min !== null && cost === min} data-testid="comparison-cell" data-store-id={s.id} data-item-id={item.id}>
                      {/* The line's till price (lineTotal: cards, multibuys, weights applied) when answered, else price × quantity. */}
                      <PriceCell cents={cost} estimated={si?.isEstimated} />
                      <TillBadges applied={si?.applied} />
                      {si && typeof si.deposit === 'number' ? <DepositNote storeItem={{ price: si.price, deposit: si.deposit * item.quantity }} /> : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {ranked.some((r) => r.deposits > 0) ? <DepositsRow stores={stores} ranked={ranked} /> : null}
          <TotalsRow stores={stores} ranked={ranked} position="bottom" />
        </tbody>
      </Table>
    </Scroll>
  );
}
