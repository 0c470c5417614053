import { Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { entitySlug, formatPrice } from '@hintakori/web-util';
import { Button, ErrorBox, InfoBox, Muted, SkeletonBlock, SkeletonRows, TextInput } from '@hintakori/web-ui';
import { useSelectedStoreIds, useStoreNames } from '../../../app/hooks';
import { lazyNamed } from '../../../app/lazy';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { MAX_PRICE_LEVEL_STORES, useGetPriceLevelsQuery, useGetStoresOfMunicipalityQuery } from '../price-trends.api';
import { basketReason, formatPercent, helsinkiDate, levelTable } from '../price-trends.lib';

const PriceLevelChart = lazyNamed(() => import('./PriceLevelChart'), 'PriceLevelChart');

const PERIODS = [30, 60, 90] as const;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Result = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.md - 0.02}px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
  }
`;

const BasketList = styled.ol`
  padding-left: ${({ theme }) => theme.space.xl};
  li {
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

type Source = 'mine' | 'municipality';

export function PriceLevelsPage() {
  const selected = useSelectedStoreIds();
  const selectedNames = useStoreNames();
  const [source, setSource] = useState<Source>(selected.length > 0 ? 'mine' : 'municipality');
  const [days, setDays] = useState<(typeof PERIODS)[number]>(60);
  const [typed, setTyped] = useState('');
  const [municipality, setMunicipality] = useState('');
  const municipalityStores = useGetStoresOfMunicipalityQuery(municipality, { skip: source !== 'municipality' || municipality === '' });

  const { storeIds, names } = useMemo(() => {
    if (source === 'mine') return { storeIds: selected.slice(0, MAX_PRICE_LEVEL_STORES), names: selectedNames };
    const stores = municipalityStores.data ?? [];
    return { storeIds: stores.map((s) => s.id), names: new Map(stores.map((s) => [s.id, s.name])) };
  }, [source, selected, selectedNames, municipalityStores.data]);

  const period = useMemo(() => {
    const now = new Date();
    return { from: helsinkiDate(now, days - 1), to: helsinkiDate(now, 0) };
  }, [days]);
  const levels = useGetPriceLevelsQuery({ storeIds, ...period }, { skip: storeIds.length === 0 });
  const table = useMemo(() => levelTable(levels.data?.series ?? []), [levels.data]);
  const nameOf = (id: number) => names.get(id) ?? `Kauppa ${id}`;

  let body;
  if (source === 'mine' && selected.length === 0) {
    body = <ErrorBox>Valitse ensin kaupat, tai katso kokonaisen kunnan kaupat.</ErrorBox>;
  } else if (source === 'municipality' && municipality === '') {
    body = <InfoBox>Kirjoita kunnan nimi, esimerkiksi Tampere, ja valitse Näytä.</InfoBox>;
  } else if (source === 'municipality' && municipalityStores.isFetching) {
    body = <SkeletonRows count={5} />;
  } else if (source === 'municipality' && municipalityStores.isError) {
    body = <ErrorBox>Kauppoja ei voitu hakea. Yritä uudelleen.</ErrorBox>;
  } else if (storeIds.length === 0) {
    body = <InfoBox>Kunnasta {municipality} ei löytynyt kauppoja.</InfoBox>;
  } else if (levels.isFetching && !levels.data) {
    body = (
      <Result aria-busy="true">
        <SkeletonBlock $h="280px" />
        <SkeletonRows count={5} />
      </Result>
    );
  } else if (levels.isError) {
    body = (
      <ErrorBox>
        Hintatasoa ei voitu hakea. <Button variant="secondary" size="sm" onClick={() => void levels.refetch()}>Yritä uudelleen</Button>
      </ErrorBox>
    );
  } else if (!levels.data || levels.data.series.length === 0) {
    body = <InfoBox>Näille kaupoille ei ole hintatietoja valitulta ajalta.</InfoBox>;
  } else {
    const first = levels.data.series[0].points[0]?.date;
    body = (
      <Result>
        <Suspense fallback={<SkeletonBlock $h="280px" />}>
          <PriceLevelChart series={levels.data.series} names={names} />
        </Suspense>
        <div>
          <Table data-testid="price-level-table">
            <caption>
              <Muted>
                Ostoskorin keskihinta {first ? `${first.split('-').reverse().join('.')} alkaen` : ''}, halvin ensin
              </Muted>
            </caption>
            <thead>
              <tr>
                <th>Kauppa</th>
                <th className="number">Kori keskim.</th>
                <th className="number">Ero halvimpaan</th>
                <th className="number">Muutos</th>
                <th className="number">Hinnoista omia</th>
              </tr>
            </thead>
            <tbody>
              {table.map((row, index) => (
                <tr key={row.storeId} data-testid="price-level-row">
                  <td>
                    {nameOf(row.storeId)}
                    {index === 0 ? <strong> · halvin</strong> : null}
                  </td>
                  <td className="number">{formatPrice(row.average)}</td>
                  <td className="number">{index === 0 ? '–' : `+${formatPrice(row.extra)} (${row.extraPercent} %)`}</td>
                  <td className="number">{formatPercent(row.change)}</td>
                  <td className="number" title={`${row.estimated} arvioitua hintaa jaksolla`}>
                    {Math.round(row.coverage * 100)} %
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Muted>
            Puuttuva hinta on arvioitu valittujen kauppojen keskihinnaksi samana päivänä, kuten ostoskorivertailussa. Indeksi on 100 jakson
            ensimmäisenä päivänä.
          </Muted>
        </div>
      </Result>
    );
  }

  return (
    <PageLayout title="Hintataso">
      <p>Saman ostoskorin hinta päivittäin kaupoittain hintahistoriasta: kuka on halvin ja miten hinnat ovat muuttuneet.</p>
      <Controls>
        <div role="radiogroup" aria-label="Kaupat">
          <Button variant={source === 'mine' ? 'primary' : 'secondary'} size="sm" aria-pressed={source === 'mine'} onClick={() => setSource('mine')}>
            Valitsemani kaupat
          </Button>{' '}
          <Button variant={source === 'municipality' ? 'primary' : 'secondary'} size="sm" aria-pressed={source === 'municipality'} onClick={() => setSource('municipality')}>
            Koko kunta
          </Button>
        </div>
        {source === 'municipality' ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setMunicipality(typed.trim());
            }}
          >
            <TextInput label="Kunta" name="municipality" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="esim. Tampere" />{' '}
            <Button type="submit" size="sm">
              Näytä
            </Button>
          </form>
        ) : null}
        <div role="radiogroup" aria-label="Jakso">
          {PERIODS.map((period) => (
            <Button key={period} variant={days === period ? 'primary' : 'secondary'} size="sm" aria-pressed={days === period} onClick={() => setDays(period)}>
              {period} päivää
            </Button>
          ))}
        </div>
      </Controls>
      {body}
      <h2>Ostoskori</h2>
      <p>
        Kori on valittu kerran ja pysyy samana: jokaisesta arkisesta tuoteryhmästä edullisin tuote niistä, joilla on hinta vähintään puolessa
        niin monessa kaupassa kuin ryhmän laajimmin myydyllä tuotteella.
      </p>
      {levels.data ? (
        <BasketList data-testid="basket-items">
          {levels.data.basket.items.map((entry) => (
            <li key={entry.item.id}>
              <Link to={`/tuotteet/${entitySlug(entry.item)}`}>{entry.item.name}</Link> – <Muted>{basketReason(entry)}</Muted>
            </li>
          ))}
        </BasketList>
      ) : (
        <Muted>Korin tuotteet näkyvät, kun kaupat on valittu.</Muted>
      )}
    </PageLayout>
  );
}
