import { useMemo } from 'react';
import styled from 'styled-components';
import { formatPrice } from '@hintakori/web-util';
import { Badge, Muted } from '@hintakori/web-ui';
import { useAppSelector, useMemberCards, useSelectedStoreIds } from '../../../app/hooks';
import { useGetBasketSplitQuery } from '../../../kit/api/comparison.api';
import { TillBadges } from '../../../kit/product/TillBadges';

const Box = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h3 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.md}; }
  ul { margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.sm}; padding-left: ${({ theme }) => theme.space.lg}; }
`;

/** "Jaa ostokset kahteen kauppaan": which lines to buy where, and the saving over the cheapest single store. */
export function SplitSuggestion({ origin }: { origin?: { lat: number; long: number } }) {
  const storeIds = useSelectedStoreIds();
  const cards = useMemberCards();
  const cartItems = useAppSelector((s) => s.cart.items);
  const selected = useAppSelector((s) => s.stores.selected);
  const lines = useMemo(() => cartItems.map((i) => ({ itemId: i.id, quantity: i.count })), [cartItems]);
  const skip = storeIds.length < 2 || storeIds.length > 20 || lines.length === 0 || lines.length > 200;
  const { data } = useGetBasketSplitQuery({ storeIds, items: lines, origin, cards }, { skip });
  if (skip || !data) return null;
  const storeName = (id: number | null) => selected.find((s) => s.id === id)?.name ?? `Kauppa ${id}`;
  const itemName = (id: number) => cartItems.find((i) => i.id === id)?.name ?? `Tuote ${id}`;
  return (
    <Box aria-label="Jaa ostokset kahteen kauppaan" data-testid="basket-split">
      <h3>Jaa ostokset kahteen kauppaan</h3>
      {data.saving <= 0 || data.stores.length < 2 ? (
        <Muted data-testid="split-none">Jakaminen ei säästä: {storeName(data.cheapestSingleStore?.storeId ?? null)} on edullisin kaikelle.</Muted>
      ) : (
        <>
          <p data-testid="split-saving">
            Säästät <strong>{formatPrice(data.saving)}</strong> verrattuna edullisimpaan yksittäiseen kauppaan (yhteensä {formatPrice(data.total)}).
          </p>
          {data.stores.map((storeId) => (
            <div key={storeId} data-testid="split-store">
              <strong>{storeName(storeId)}</strong>
              <ul>
                {data.lines
                  .filter((line) => line.storeId === storeId)
                  .map((line) => (
                    <li key={line.itemId}>
                      {itemName(line.itemId)} × {line.quantity}: {formatPrice(typeof line.lineTotal === 'number' ? line.lineTotal : (line.price ?? 0) * line.quantity)}
                      {line.isEstimated ? ' *' : ''}
                      <TillBadges applied={line.applied} align="start" />
                    </li>
                  ))}
              </ul>
            </div>
          ))}
          {data.extraDistanceKm !== undefined ? (
            <p data-testid="split-trip">
              Lisämatka {data.extraDistanceKm.toLocaleString('fi-FI')} km (noin {formatPrice(data.travelCostCents ?? 0)}):{' '}
              {data.worthIt ? <Badge $tone="success">Kannattaa</Badge> : <Badge $tone="warning">Ei kannata</Badge>}
            </p>
          ) : null}
        </>
      )}
    </Box>
  );
}
