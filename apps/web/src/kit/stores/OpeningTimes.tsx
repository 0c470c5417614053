import styled from 'styled-components';
import { openingWeek, type OpeningSource } from '@hintakori/web-util';
import { Muted } from '@hintakori/web-ui';
import { useNow } from './useNow';

const Table = styled.table`
  border-collapse: collapse;
  min-width: 260px;
  td { padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xs} 0; }
  td:nth-child(2) { font-variant-numeric: tabular-nums; }
  tr[data-today='true'] td { font-weight: 800; }
`;

/**
 * Opening times from yesterday to six days ahead; exceptions override regular hours. 'Aukioloajat eivät ole
 * tiedossa' when the store's source could not read its hours at all (openingHoursKnown false).
 */
export function OpeningTimes({ store }: { store: OpeningSource & { openingHoursKnown?: boolean } }) {
  const now = useNow();
  if (store.openingHoursKnown === false) return <Muted data-testid="opening-hours-unknown">Aukioloajat eivät ole tiedossa</Muted>;
  const days = openingWeek(store, now);
  if (days.length === 0) return <Muted>Aukioloaikoja ei saatavilla</Muted>;
  return (
    <Table aria-label="Aukioloajat" data-testid="opening-times">
      <tbody>
        {days.map((d) => (
          <tr key={d.date} data-today={d.isToday}>
            <td>{d.label}</td>
            <td>{d.hours}</td>
            <td>{d.description ? <Muted>{d.description}</Muted> : null}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
