import { useMemo } from 'react';
import styled from 'styled-components';
import { formatDateTime, formatRelativeTime, isStalePrice } from '@hintakori/web-util';
import { Icon, Muted, Tooltip } from '@hintakori/web-ui';
import { selectSelectedStores, useAppSelector, useMemberCards } from '../../app/hooks';
import type { StoreItem } from '../../app/models';
import { PriceSource } from '../sources/PriceSource';
import { CampaignNote } from './CampaignNote';
import { DepositNote } from './DepositNote';
import { PriceCell, UnitPrice } from './PriceCell';
import { storeItemApplied } from './store-item-till';
import { TillBadges } from './TillBadges';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { padding: ${({ theme }) => theme.space.sm}; text-align: left; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 600; }
  td:nth-child(2), th:nth-child(2) { text-align: right; font-weight: 700; white-space: nowrap; }
  td:nth-child(3), th:nth-child(3) { text-align: right; white-space: nowrap; color: ${({ theme }) => theme.colors.textMuted}; }
  td:last-child { width: 32px; }
`;

const Clock = styled.span<{ $stale: boolean }>`
  display: inline-flex;
  color: ${({ theme, $stale }) => ($stale ? theme.colors.danger : theme.colors.textMuted)};
`;

/** Last-update clock: red when the price is over 14 days old. */
export function UpdatedAt({ updatedAt }: { updatedAt: string | null }) {
  const stale = isStalePrice(updatedAt);
  const when = updatedAt ? `${formatDateTime(updatedAt)} (${formatRelativeTime(updatedAt)})` : 'ei tiedossa';
  return (
    <Tooltip content={`Viimeksi päivitetty: ${when}`} label={`Viimeksi päivitetty: ${when}`}>
      <Clock $stale={stale} data-stale={stale}>
        <Icon name="clock" size={16} />
      </Clock>
    </Tooltip>
  );
}

/**
 * The selected stores by id: a row needs a store's name and its group (which web shop a shopper's price was seen in).
 * Here rather than in app/hooks, whose code is in the first screen's scripts: only this lazily loaded table uses it.
 */
function useSelectedStoresById() {
  const selected = useAppSelector(selectSelectedStores);
  return useMemo(() => new Map(selected.map((s) => [s.id, s])), [selected]);
}

/**
 * Per-store price rows: store (and where its price came from and since when: "Lähde: S-kaupat (…), kaupan
 * verkkokaupan hinta 26.11.2026", or for a price a shopper shared, by the store's group, "Lähde: käyttäjän havainto
 * S-kaupat-verkkokaupasta 1.12.2026"), price with what its shop said of it (campaign end, its own 30-day low),
 * comparison price and last update. What the sources say is rendered as text only.
 */
export function StorePriceTable({ storeItems }: { storeItems: readonly StoreItem[] }) {
  const stores = useSelectedStoresById();
  const cards = useMemberCards();
  if (storeItems.length === 0) return <Muted>Valitse kaupat nähdäksesi hinnat.</Muted>;
  const sorted = [...storeItems].sort((a, b) => (a.price ?? Infinity) - (b.price ?? Infinity));
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Kauppa</th>
          <th scope="col">Hinta</th>
          <th scope="col">Vertailuhinta</th>
          <th scope="col">
            <span className="visually-hidden">Viimeksi päivitetty</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((s) => (
          <tr key={s.storeId} data-testid="store-price-row">
            <td>
              {stores.get(s.storeId)?.name ?? `Kauppa ${s.storeId}`}
              <PriceSource storeItem={s} storeType={stores.get(s.storeId)?.type} />
            </td>
            <td>
              <PriceCell cents={s.price} estimated={s.isEstimated} />
              {s.price !== null && s.priceUnit && s.priceUnit !== 'kpl' ? <Muted> /{s.priceUnit}</Muted> : null}
              <DepositNote storeItem={s} />
              <CampaignNote storeItem={s} sourceDetails />
              <TillBadges applied={storeItemApplied(s, cards)} align="start" />
            </td>
            <td>
              <UnitPrice cents={s.comparisonPrice} unit={s.comparisonPriceUnit} />
            </td>
            <td>{s.price !== null ? <UpdatedAt updatedAt={s.updatedAt} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
