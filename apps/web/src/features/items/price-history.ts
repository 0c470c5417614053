import type { ItemHistory, PricePeriod } from '../../kit/api/history.models';

/** Geometry of the price-history chart: pure, so it can be tested without a browser. */

export const LOWEST_WINDOW_DAYS = 30;
/** The chart shows at most this far back; the accessible table lists everything. */
export const MAX_CHART_DAYS = 180;
const DAY_MS = 24 * 3600 * 1000;

export interface ChartBox {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export const DEFAULT_BOX: ChartBox = { width: 640, height: 240, margin: { top: 16, right: 16, bottom: 28, left: 60 } };

export interface SeriesGeometry {
  storeId: number;
  /** Step line through all periods (SVG path data). */
  path: string;
  /** Thicker overlay for campaign periods. */
  campaignPath: string;
  /** Where the store's lowest price of the last 30 days was in effect (latest such moment), if known. */
  lowestMarker: { x: number; y: number; price: number } | null;
  lowest30Days: number | null;
  currentPrice: number | null;
}

export interface ChartGeometry {
  box: ChartBox;
  start: number;
  end: number;
  /** x of the start of the 30-day window. */
  windowX: number;
  yTicks: { y: number; price: number }[];
  xTicks: { x: number; time: number }[];
  series: SeriesGeometry[];
  /** The lowest of the stores' 30-day lows, with the store it belongs to. */
  lowest: { price: number; storeId: number; y: number } | null;
}

const time = (iso: string) => new Date(iso).getTime();
const round = (n: number) => Math.round(n * 10) / 10;

/** Periods that are visible in [start, end], clipped to it. */
function clipped(periods: readonly PricePeriod[], start: number, end: number) {
  return [...periods]
    .sort((a, b) => time(a.from) - time(b.from))
    .map((p) => ({ ...p, s: Math.max(time(p.from), start), e: Math.min(p.to === null ? end : time(p.to), end) }))
    .filter((p) => p.e >= p.s && p.e >= start && p.s <= end);
}

/** Null when no chosen store has any price period. */
export function chartGeometry(history: ItemHistory, storeOrder: readonly number[], now: Date, box: ChartBox = DEFAULT_BOX): ChartGeometry | null {
  const stores = [...history.stores]
    .filter((s) => s.periods.length > 0)
    .sort((a, b) => indexOr(storeOrder, a.storeId) - indexOr(storeOrder, b.storeId));
  if (stores.length === 0) return null;
  const end = now.getTime();
  const earliest = Math.min(...stores.flatMap((s) => s.periods.map((p) => time(p.from))));
  const start = Math.max(Math.min(earliest, end - LOWEST_WINDOW_DAYS * DAY_MS), end - MAX_CHART_DAYS * DAY_MS);
  const visible = stores.map((s) => ({ store: s, periods: clipped(s.periods, start, end) }));
  const prices = visible.flatMap((v) => v.periods.map((p) => p.price));
  if (prices.length === 0) return null;
  let lo = Math.min(...prices);
  let hi = Math.max(...prices);
  const pad = Math.max(10, Math.round((hi - lo) * 0.15), hi === lo ? Math.round(hi * 0.1) : 0);
  lo = Math.max(0, lo - pad);
  hi = hi + pad;

  const { width, height, margin } = box;
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const x = (t: number) => round(margin.left + ((t - start) / Math.max(1, end - start)) * plotW);
  const y = (price: number) => round(margin.top + (1 - (price - lo) / Math.max(1, hi - lo)) * plotH);
  const windowStart = end - LOWEST_WINDOW_DAYS * DAY_MS;

  const series: SeriesGeometry[] = visible.map(({ store, periods }) => {
    let path = '';
    let campaignPath = '';
    let prev: { e: number; price: number } | null = null;
    for (const p of periods) {
      const contiguous = prev !== null && Math.abs(p.s - prev.e) < 60_000;
      path += contiguous ? ` L${x(p.s)},${y(p.price)}` : `${path ? ' ' : ''}M${x(p.s)},${y(p.price)}`;
      path += ` L${x(p.e)},${y(p.price)}`;
      if (p.isCampaign) campaignPath += `${campaignPath ? ' ' : ''}M${x(p.s)},${y(p.price)} L${x(p.e)},${y(p.price)}`;
      prev = { e: p.e, price: p.price };
    }
    const low = store.lowest30Days;
    const lowPeriod = low === null ? undefined : [...periods].reverse().find((p) => p.price === low && p.e >= windowStart);
    const current = store.periods.find((p) => p.to === null) ?? null;
    return {
      storeId: store.storeId,
      path: path.trim(),
      campaignPath,
      lowestMarker: low !== null && lowPeriod ? { x: x(Math.max(lowPeriod.s, windowStart)), y: y(low), price: low } : null,
      lowest30Days: low,
      currentPrice: current ? current.price : null,
    };
  });

  const lows = series.filter((s) => s.lowest30Days !== null);
  const best = lows.length === 0 ? null : lows.reduce((a, b) => ((b.lowest30Days as number) < (a.lowest30Days as number) ? b : a));
  const yTicks = Array.from({ length: 4 }, (_, i) => {
    const price = Math.round(lo + ((hi - lo) * i) / 3);
    return { price, y: y(price) };
  });
  const xTicks = Array.from({ length: 5 }, (_, i) => {
    const t = start + ((end - start) * i) / 4;
    return { time: t, x: x(t) };
  });
  return {
    box,
    start,
    end,
    windowX: x(Math.max(windowStart, start)),
    yTicks,
    xTicks,
    series,
    lowest: best ? { price: best.lowest30Days as number, storeId: best.storeId, y: y(best.lowest30Days as number) } : null,
  };
}

function indexOr(order: readonly number[], id: number): number {
  const i = order.indexOf(id);
  return i === -1 ? order.length : i;
}
