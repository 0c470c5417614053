import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { entitySlug } from '@hintakori/web-util';
import { Badge, Button, ErrorBox, InfoBox, Muted, SkeletonRows } from '@hintakori/web-ui';
import { useSelectedStoreIds, useStoreNames } from '../../../app/hooks';
import { useGetCategoriesQuery } from '../../../kit/api/items.api';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { PRICE_CHANGES_PAGE, type PriceChangeDirection, useGetPriceChangesQuery } from '../price-trends.api';
import { changeText, formatPercent } from '../price-trends.lib';

const DAY_CHOICES = [7, 14, 30] as const;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  select {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    font: inherit;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Line = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a {
    font-weight: 600;
    flex: 1 1 240px;
  }
`;

const Percent = styled.strong<{ $down: boolean }>`
  min-width: 5.5em;
  color: ${({ theme, $down }) => ($down ? theme.colors.success : theme.colors.danger)};
`;

/** One page of changes (its own cached query). */
function ChangesPage({ storeIds, days, direction, category, offset, names }: { storeIds: number[]; days: number; direction: PriceChangeDirection; category: string; offset: number; names: Map<number, string> }) {
  const { data } = useGetPriceChangesQuery({ storeIds, days, direction, category, offset });
  return (
    <>
      {data?.items.map((change) => (
        <Line key={`${change.item.id}:${change.storeId}`} data-testid="price-change">
          <Percent $down={change.changePercent < 0}>{formatPercent(change.changePercent)}</Percent>
          <Link to={`/tuotteet/${entitySlug(change.item)}`}>{change.item.name}</Link>
          <span>{changeText(change)}</span>
          {change.isCampaign ? <Badge $tone="warning">Kampanja</Badge> : null}
          <Muted>
            {names.get(change.storeId) ?? `Kauppa ${change.storeId}`}, {new Date(change.changedAt).toLocaleDateString('fi-FI', { timeZone: 'Europe/Helsinki' })}
          </Muted>
        </Line>
      ))}
    </>
  );
}

export function PriceChangesPage() {
  const storeIds = useSelectedStoreIds();
  const names = useStoreNames();
  const [direction, setDirection] = useState<PriceChangeDirection>('down');
  const [days, setDays] = useState<number>(7);
  const [category, setCategory] = useState('');
  const [pages, setPages] = useState(1);
  const categories = useGetCategoriesQuery();
  const first = useGetPriceChangesQuery({ storeIds, days, direction, category, offset: 0 }, { skip: storeIds.length === 0 });
  const choose = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPages(1);
  };

  let body;
  if (storeIds.length === 0) body = <ErrorBox>Valitse ensin kaupat</ErrorBox>;
  else if (first.isFetching && !first.data) body = <SkeletonRows count={5} />;
  else if (first.isError)
    body = (
      <ErrorBox>
        Hinnanmuutoksia ei voitu hakea. <Button variant="secondary" size="sm" onClick={() => void first.refetch()}>Yritä uudelleen</Button>
      </ErrorBox>
    );
  else if (!first.data || first.data.total === 0)
    body = <InfoBox>{direction === 'down' ? 'Ei hinnanlaskuja' : 'Ei hinnannousuja'} valituissa kaupoissa tällä aikavälillä.</InfoBox>;
  else
    body = (
      <>
        <Muted>
          {first.data.total} {direction === 'down' ? 'hinnanlaskua' : 'hinnannousua'}, suurin muutos ensin
        </Muted>
        <List>
          {Array.from({ length: pages }, (_, page) => (
            <ChangesPage key={page} storeIds={storeIds} days={days} direction={direction} category={category} offset={page * PRICE_CHANGES_PAGE} names={names} />
          ))}
        </List>
        {pages * PRICE_CHANGES_PAGE < first.data.total ? (
          <Button variant="secondary" onClick={() => setPages((n) => n + 1)}>
            Näytä lisää
          </Button>
        ) : null}
      </>
    );

  return (
    <PageLayout title="Hinnanmuutokset">
      <p>
        Valittujen kauppojen suurimmat hinnanmuutokset. Kampanjahinnat on merkitty; kampanjan päättyminen ei ole hinnannousu, vaan hintaa
        verrataan silloin kampanjaa edeltäneeseen normaalihintaan.
      </p>
      <Controls>
        <div role="radiogroup" aria-label="Suunta">
          <Button variant={direction === 'down' ? 'primary' : 'secondary'} size="sm" aria-pressed={direction === 'down'} onClick={() => choose(setDirection)('down')}>
            Laskeneet
          </Button>{' '}
          <Button variant={direction === 'up' ? 'primary' : 'secondary'} size="sm" aria-pressed={direction === 'up'} onClick={() => choose(setDirection)('up')}>
            Nousseet
          </Button>
        </div>
        <label>
          Aikaväli{' '}
          <select value={days} onChange={(event) => choose(setDays)(Number(event.target.value))}>
            {DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d} päivää
              </option>
            ))}
          </select>
        </label>
        <label>
          Tuoteryhmä{' '}
          <select value={category} onChange={(event) => choose(setCategory)(event.target.value)}>
            <option value="">Kaikki</option>
            {(categories.data ?? [])
              .filter((c) => c.parentCategoryId === null)
              .map((c) => (
                <option key={c.id} value={c.slug}>
                  {c.name}
                </option>
              ))}
          </select>
        </label>
      </Controls>
      {body}
    </PageLayout>
  );
}
