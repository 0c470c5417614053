import { useId, useMemo } from 'react';
import styled, { useTheme } from 'styled-components';
import { formatPrice, TIME_ZONE } from '@hintakori/web-util';
import { Muted, SkeletonBlock } from '@hintakori/web-ui';
import { useSelectedStoreIds, useStoreNames } from '../../../app/hooks';
import type { StorePriceHistory } from '../../../kit/api/history.models';
import { useGetItemHistoryQuery } from '../../../kit/api/items.api';
import { chartGeometry, LOWEST_WINDOW_DAYS } from '../price-history';

const Figure = styled.figure`
  margin: 0;
  svg { display: block; width: 100%; height: auto; max-width: 720px; }
  svg text { font-size: 11px; fill: ${({ theme }) => theme.colors.textMuted}; font-family: ${({ theme }) => theme.fonts.body}; }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.lg}`};
  list-style: none;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space.xs}; }
`;

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 18px;
  height: 3px;
  border-radius: 2px;
  background: ${({ $color }) => $color};
`;

const Lowest = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  font-weight: 600;
`;

// Made at first use: the first formatter with a time zone loads the zone's data (libs/web/util/src/dates.ts), which
// the product page's first render does not wait for.
let dateFormats: { short: Intl.DateTimeFormat; full: Intl.DateTimeFormat } | undefined;
const formats = () =>
  (dateFormats ??= {
    short: new Intl.DateTimeFormat('fi-FI', { day: 'numeric', month: 'numeric', timeZone: TIME_ZONE }),
    full: new Intl.DateTimeFormat('fi-FI', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: TIME_ZONE }),
  });

export const lowestLabel = (cents: number) => `Alin hinta ${LOWEST_WINDOW_DAYS} päivän aikana: ${formatPrice(cents)}`;

/** A price-history step chart per chosen store (inline SVG), with the 30-day low marked. */
export function PriceHistoryChart({ itemId, now }: { itemId: number; /** For tests; defaults to the current time. */ now?: Date }) {
  const storeIds = useSelectedStoreIds();
  const names = useStoreNames();
  const { data, isLoading, isFetching, isError } = useGetItemHistoryQuery({ id: itemId, storeIds }, { skip: storeIds.length === 0 });
  const theme = useTheme();
  const baseId = useId();
  const nowTime = now?.getTime();
  const geometry = useMemo(() => (data ? chartGeometry(data, storeIds, nowTime === undefined ? new Date() : new Date(nowTime)) : null), [data, storeIds, nowTime]);
  const palette = [theme.colors.primary, theme.colors.groupL, theme.colors.accent, theme.colors.danger, theme.colors.focus, theme.colors.warning, theme.colors.text, theme.colors.groupK];
  const name = (storeId: number) => names.get(storeId) ?? `Kauppa ${storeId}`;

  if (storeIds.length === 0) return <Muted>Valitse kaupat nähdäksesi hintahistorian.</Muted>;
  if (isLoading || (isFetching && !data)) {
    return (
      <div aria-busy="true" data-testid="price-history-loading">
        <span className="visually-hidden">Ladataan hintahistoriaa…</span>
        <SkeletonBlock $h="200px" $w="100%" />
      </div>
    );
  }
  if (isError && !data) return <Muted>Hintahistoriaa ei saatu haettua.</Muted>;
  if (!data || !geometry) return <Muted>Ei hintahistoriaa</Muted>;

  const { box, series, lowest } = geometry;
  const color = (i: number) => palette[i % palette.length];
  const titleId = `${baseId}-title`;
  const descId = `${baseId}-desc`;
  const summary = series
    .map((s) => `${name(s.storeId)}: nyt ${formatPrice(s.currentPrice)}${s.lowest30Days !== null ? `, alin ${LOWEST_WINDOW_DAYS} päivän aikana ${formatPrice(s.lowest30Days)}` : ''}`)
    .join('; ');
  const plotRight = box.width - box.margin.right;
  const plotBottom = box.height - box.margin.bottom;
  const historyByStore = new Map<number, StorePriceHistory>(data.stores.map((s) => [s.storeId, s]));

  return (
    <Figure data-testid="price-history">
      <svg viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-labelledby={titleId} aria-describedby={descId}>
        <title id={titleId}>Hintahistoria</title>
        <desc id={descId}>{summary}</desc>
        <rect x={geometry.windowX} y={box.margin.top} width={Math.max(0, plotRight - geometry.windowX)} height={plotBottom - box.margin.top} fill={theme.colors.surfaceAlt} />
        {geometry.yTicks.map((tick) => (
          <g key={`y${tick.price}`}>
            <line x1={box.margin.left} x2={plotRight} y1={tick.y} y2={tick.y} stroke={theme.colors.border} strokeWidth={1} />
            <text x={box.margin.left - 6} y={tick.y + 4} textAnchor="end">
              {formatPrice(tick.price)}
            </text>
          </g>
        ))}
        {geometry.xTicks.map((tick, i) => (
          <text key={`x${i}`} x={tick.x} y={box.height - 8} textAnchor={i === 0 ? 'start' : i === geometry.xTicks.length - 1 ? 'end' : 'middle'}>
            {formats().short.format(tick.time)}
          </text>
        ))}
        {lowest ? (
          <g data-testid="lowest-line">
            <line x1={geometry.windowX} x2={plotRight} y1={lowest.y} y2={lowest.y} stroke={theme.colors.success} strokeWidth={1.5} strokeDasharray="5 4" />
            <text x={plotRight - 4} y={lowest.y - 5} textAnchor="end">
              {`Alin ${LOWEST_WINDOW_DAYS} pv: ${formatPrice(lowest.price)}`}
            </text>
          </g>
        ) : null}
        {series.map((s, i) => (
          <g key={s.storeId} data-testid="price-history-series" data-store-id={s.storeId}>
            <path d={s.path} fill="none" stroke={color(i)} strokeWidth={2} strokeLinejoin="round" />
            {s.campaignPath ? <path d={s.campaignPath} fill="none" stroke={color(i)} strokeWidth={5} strokeOpacity={0.45} /> : null}
            {s.lowestMarker ? (
              <circle cx={s.lowestMarker.x} cy={s.lowestMarker.y} r={4} fill={theme.colors.surface} stroke={color(i)} strokeWidth={2}>
                <title>{`${name(s.storeId)}: ${lowestLabel(s.lowestMarker.price)}`}</title>
              </circle>
            ) : null}
          </g>
        ))}
      </svg>
      <Legend aria-label="Kaupat">
        {series.map((s, i) => (
          <li key={s.storeId}>
            <Swatch $color={color(i)} aria-hidden="true" />
            {name(s.storeId)}
            {s.currentPrice !== null ? <Muted>{formatPrice(s.currentPrice)}</Muted> : null}
          </li>
        ))}
      </Legend>
      {lowest ? (
        <Lowest data-testid="lowest-30-days">
          {lowestLabel(lowest.price)}
          {series.length > 1 ? <Muted> ({name(lowest.storeId)})</Muted> : null}
        </Lowest>
      ) : null}
      <Muted>Korostettu alue: viimeiset {LOWEST_WINDOW_DAYS} päivää. Paksumpi viiva: kampanjahinta.</Muted>
      <div className="visually-hidden">
        <table>
          <caption>Hintahistoria kaupoittain</caption>
          <thead>
            <tr>
              <th scope="col">Kauppa</th>
              <th scope="col">Alkaen</th>
              <th scope="col">Asti</th>
              <th scope="col">Hinta</th>
              <th scope="col">Kampanja</th>
            </tr>
          </thead>
          <tbody>
            {series.flatMap((s) =>
              (historyByStore.get(s.storeId)?.periods ?? []).map((p) => (
                <tr key={`${s.storeId}-${p.from}`}>
                  <th scope="row">{name(s.storeId)}</th>
                  <td>{formats().full.format(new Date(p.from))}</td>
                  <td>{p.to ? formats().full.format(new Date(p.to)) : 'nyt'}</td>
                  <td>{formatPrice(p.price)}</td>
                  <td>{p.isCampaign ? 'kyllä' : 'ei'}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </Figure>
  );
}
