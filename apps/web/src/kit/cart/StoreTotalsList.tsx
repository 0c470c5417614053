import styled from 'styled-components';
import { formatCents, formatPrice } from '@hintakori/web-util';
import { Badge, SkeletonRows, Tooltip } from '@hintakori/web-ui';
import type { OpeningSource, RankedTotal } from '@hintakori/web-util';
import { useAppSelector } from '../../app/hooks';
import { ChainLogo } from '../stores/ChainLogo';
import { OpenBadge } from '../stores/OpenBadge';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Row = styled.li<{ $cheapest: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $cheapest }) => ($cheapest ? theme.colors.success : theme.colors.border)};
  background: ${({ theme, $cheapest }) => ($cheapest ? theme.colors.successSoft : theme.colors.surface)};
`;

const Name = styled.span`
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Amount = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  font-weight: 700;
  small { font-weight: 500; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Star = styled.span`
  color: ${({ theme }) => theme.colors.warning};
`;

/** Extra cost text such as '+1,20 € (+8 %)'. */
export function extraText(row: RankedTotal): string {
  return `+${formatCents(row.diff)} € (+${row.percent} %)`;
}

/** The notes under a store's total: what the cards and multibuys saved, the S-Bonus estimate, weighed goods as estimates. */
export function totalNotes(row: Pick<RankedTotal, 'savings' | 'bonus' | 'weighedCount'>): Array<{ key: string; text: string }> {
  const notes: Array<{ key: string; text: string }> = [];
  if (typeof row.savings === 'number' && row.savings > 0) notes.push({ key: 'savings', text: `Kanta-asiakas- ja monipakkausedut −${formatPrice(row.savings)}` });
  if (typeof row.bonus === 'number') notes.push({ key: 'bonus', text: `Bonus arviolta ${formatPrice(row.bonus)}` });
  if (typeof row.weighedCount === 'number' && row.weighedCount > 0) {
    notes.push({ key: 'weighed', text: row.weighedCount === 1 ? 'Punnittavan tuotteen hinta on arvio' : `${row.weighedCount} punnittavan tuotteen hinnat ovat arvioita` });
  }
  return notes;
}

/** Totals per store, cheapest first and highlighted; others show the extra amount and percentage. */
export function StoreTotalsList({
  ranked,
  loading,
  names,
  opening,
}: {
  ranked: RankedTotal[];
  loading: boolean;
  names?: Map<number, { name: string; chain: string }>;
  /** Opening times by store id: each row then shows its open/closed state. */
  opening?: ReadonlyMap<number, OpeningSource>;
}) {
  const selected = useAppSelector((s) => s.stores.selected);
  const lookup = names ?? new Map(selected.map((s) => [s.id, { name: s.name, chain: s.chain }]));
  if (loading && ranked.length === 0) return <SkeletonRows />;
  return (
    <List aria-label="Ostoskorin hinta kaupoittain" data-testid="store-totals">
      {ranked.map((row) => {
        const store = lookup.get(row.storeId);
        const partial = row.estimatedCount > 0 || row.missingCount > 0;
        return (
          <Row key={row.storeId} $cheapest={row.cheapest} data-testid="store-total-row" data-cheapest={row.cheapest} data-store-id={row.storeId} data-total={row.total}>
            {store ? <ChainLogo chain={store.chain} size={20} decorative /> : <span />}
            <Name>
              {store?.name ?? `Kauppa ${row.storeId}`} {opening?.get(row.storeId) ? <OpenBadge store={opening.get(row.storeId) as OpeningSource} /> : null}
            </Name>
            <Amount>
              <span>
                {formatPrice(row.total)}
                {partial ? (
                  <Tooltip content="Huom. Kaikista tuotteista ei ole saatavilla hintoja tässä kaupassa" label="Huomautus hinnasta">
                    <Star aria-hidden="true">*</Star>
                  </Tooltip>
                ) : null}
              </span>
              {row.deposits > 0 ? <small data-testid="store-total-deposits">sis. pantit {formatPrice(row.deposits)}</small> : null}
              {totalNotes(row).map((note) => (
                <small key={note.key} data-testid={`store-total-${note.key}`}>
                  {note.text}
                </small>
              ))}
              {row.cheapest ? <Badge $tone="success">Halvin</Badge> : <small>{extraText(row)}</small>}
            </Amount>
          </Row>
        );
      })}
    </List>
  );
}
