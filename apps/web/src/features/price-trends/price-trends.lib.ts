import { formatPrice } from '@hintakori/web-util';
import type { BasketItem, PriceChange, PriceLevelSeries } from './price-trends.api';

/** One row of the table beside the chart. */
export interface StoreLevelRow {
  storeId: number;
  /** Average basket cost over the days every store has a point (cents, rounded). */
  average: number;
  /** Above the cheapest store's average, cents and percent (0 for the cheapest). */
  extra: number;
  extraPercent: number;
  /** Days on which this store's basket was the cheapest. */
  cheapestDays: number;
  /** Change over the period: last index − 100 (percentage points, one decimal). */
  change: number;
  /** Average share of the basket the store priced itself, 0–1. */
  coverage: number;
  /** Estimated prices over the period. */
  estimated: number;
}

/**
 * Who is cheapest over the period and by how much: each store's average basket cost over the days all of them
 * have a point (so a store is not compared on days another lacks), cheapest first.
 */
export function levelTable(series: readonly PriceLevelSeries[]): StoreLevelRow[] {
  if (series.length === 0) return [];
  const dates = series.map((s) => new Set(s.points.map((p) => p.date)));
  const common = [...dates[0]].filter((date) => dates.every((set) => set.has(date)));
  const cheapestDays = new Map<number, number>();
  for (const date of common) {
    let best: { storeId: number; total: number } | null = null;
    for (const s of series) {
      const point = s.points.find((p) => p.date === date)!;
      if (!best || point.total < best.total) best = { storeId: s.storeId, total: point.total };
    }
    if (best) cheapestDays.set(best.storeId, (cheapestDays.get(best.storeId) ?? 0) + 1);
  }
  const rows = series.map((s) => {
    const points = common.length > 0 ? s.points.filter((p) => common.includes(p.date)) : s.points;
    const average = points.length === 0 ? 0 : Math.round(points.reduce((sum, p) => sum + p.total, 0) / points.length);
    const last = s.points[s.points.length - 1];
    return {
      storeId: s.storeId,
      average,
      extra: 0,
      extraPercent: 0,
      cheapestDays: cheapestDays.get(s.storeId) ?? 0,
      change: last ? Math.round((last.index - 100) * 10) / 10 : 0,
      coverage: s.points.length === 0 ? 0 : s.points.reduce((sum, p) => sum + p.coverage, 0) / s.points.length,
      estimated: s.points.reduce((sum, p) => sum + p.estimated, 0),
    };
  });
  rows.sort((a, b) => a.average - b.average || a.storeId - b.storeId);
  const cheapest = rows[0].average;
  for (const row of rows) {
    row.extra = row.average - cheapest;
    row.extraPercent = cheapest > 0 ? Math.round((row.extra / cheapest) * 100) : 0;
  }
  return rows;
}

/** Why a product is in the basket, in Finnish. */
export function basketReason(entry: BasketItem): string {
  const unit = entry.comparisonPrice === null ? '' : `, keskimäärin ${formatPrice(entry.comparisonPrice)}/${entry.comparisonPriceUnit}`;
  return `Edullisin laajasti myyty tuote luokassa ${entry.categoryName} (hinta ${entry.storeCount} kaupassa valittaessa${unit})`;
}

/** '−12,5 %' / '+3 %' with a Finnish decimal comma and a real minus sign. */
export function formatPercent(value: number): string {
  const text = Math.abs(value).toLocaleString('fi-FI', { maximumFractionDigits: 1 });
  return `${value < 0 ? '−' : value > 0 ? '+' : ''}${text} %`;
}

/** A YYYY-MM-DD as Finnish d.m. */
export function shortDate(date: string): string {
  const [, month, day] = date.split('-');
  return `${Number(day)}.${Number(month)}.`;
}

/** The Helsinki calendar date `days` days before `now`. */
export function helsinkiDate(now: Date, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date(now.getTime() - days * 86_400_000));
}

/** What a change line says: '3,49 € → 2,79 €'. */
export function changeText(change: PriceChange): string {
  return `${formatPrice(change.previousPrice)} → ${formatPrice(change.price)}`;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** One polyline's points attribute per series, in the order given. */
  lines: string[];
  min: number;
  max: number;
  /** y of a value and x of a date index. */
  y: (value: number) => number;
  x: (index: number) => number;
  dates: string[];
}

/**
 * Positions of the chart's lines: x by date over every date any series has, y by index (or total) scaled between
 * the smallest and largest value with a margin.
 */
export function chartGeometry(series: readonly PriceLevelSeries[], measure: 'index' | 'total', size = { width: 640, height: 280, pad: 36 }): ChartGeometry {
  const dates = [...new Set(series.flatMap((s) => s.points.map((p) => p.date)))].sort();
  const values = series.flatMap((s) => s.points.map((p) => p[measure]));
  let min = values.length > 0 ? Math.min(...values) : 0;
  let max = values.length > 0 ? Math.max(...values) : 1;
  if (max - min < 1e-9) {
    min -= 1;
    max += 1;
  }
  const margin = (max - min) * 0.08;
  min -= margin;
  max += margin;
  const { width, height, pad } = size;
  const x = (index: number) => pad + (dates.length <= 1 ? (width - 2 * pad) / 2 : (index * (width - 2 * pad)) / (dates.length - 1));
  const y = (value: number) => height - pad - ((value - min) * (height - 2 * pad)) / (max - min);
  const position = new Map(dates.map((date, index) => [date, index]));
  const lines = series.map((s) => s.points.map((p) => `${x(position.get(p.date)!).toFixed(1)},${y(p[measure]).toFixed(1)}`).join(' '));
  return { width, height, lines, min, max, x, y, dates };
}
