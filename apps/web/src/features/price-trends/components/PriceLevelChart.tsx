import { useTheme } from 'styled-components';
import styled from 'styled-components';
import type { PriceLevelSeries } from '../price-trends.api';
import { chartGeometry, shortDate } from '../price-trends.lib';

const Svg = styled.svg`
  width: 100%;
  height: auto;
  display: block;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  text {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 11px;
  }
`;

const Figure = styled.figure`
  margin: 0;
`;

const Legend = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Swatch = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 14px;
  height: 4px;
  margin-right: ${({ theme }) => theme.space.xs};
  vertical-align: middle;
  background: ${({ $colour }) => $colour};
`;

/**
 * The price index of each store's basket per day as lines (an SVG drawn by hand: no chart library), with the
 * index 100 line, five date labels and a legend. Loaded with the page's data only (its own chunk).
 */
export function PriceLevelChart({ series, names }: { series: PriceLevelSeries[]; names: Map<number, string> }) {
  const theme = useTheme();
  const geometry = chartGeometry(series, 'index');
  const { width, height, dates } = geometry;
  const labelEvery = Math.max(1, Math.ceil(dates.length / 5));
  const ticks = [geometry.min, (geometry.min + geometry.max) / 2, geometry.max];
  const colour = (index: number) => theme.chart[index % theme.chart.length];
  return (
    <Figure data-testid="price-level-chart">
      <Svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Ostoskorin hintaindeksi päivittäin kaupoittain">
        {ticks.map((value) => (
          <g key={value}>
            <line x1={36} x2={width - 36} y1={geometry.y(value)} y2={geometry.y(value)} stroke={theme.colors.border} />
            <text x={4} y={geometry.y(value) + 4}>
              {value.toFixed(1).replace('.', ',')}
            </text>
          </g>
        ))}
        {geometry.min < 100 && geometry.max > 100 ? (
          <line x1={36} x2={width - 36} y1={geometry.y(100)} y2={geometry.y(100)} stroke={theme.colors.borderStrong} strokeDasharray="4 4" />
        ) : null}
        {dates.map((date, index) =>
          index % labelEvery === 0 || index === dates.length - 1 ? (
            <text key={date} x={geometry.x(index)} y={height - 12} textAnchor="middle">
              {shortDate(date)}
            </text>
          ) : null,
        )}
        {geometry.lines.map((points, index) => (
          <polyline key={series[index].storeId} data-testid="price-level-line" points={points} fill="none" stroke={colour(index)} strokeWidth={2} strokeLinejoin="round">
            <title>{names.get(series[index].storeId) ?? `Kauppa ${series[index].storeId}`}</title>
          </polyline>
        ))}
      </Svg>
      <Legend>
        {series.map((s, index) => (
          <li key={s.storeId}>
            <Swatch $colour={colour(index)} aria-hidden="true" />
            {names.get(s.storeId) ?? `Kauppa ${s.storeId}`}
          </li>
        ))}
      </Legend>
    </Figure>
  );
}
