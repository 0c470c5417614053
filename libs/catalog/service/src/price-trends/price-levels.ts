import type { PriceLevelSeries } from '@hintakori/catalog-contracts';

/** One period of a store's price of a basket product: in effect from `from` (ms) until `to` (ms, exclusive; null while current). */
export interface PricePeriod {
  itemId: number;
  storeId: number;
  from: number;
  to: number | null;
  price: number;
}

/** A day of the period: its date and the moment whose prices count for it (the end of the day in Helsinki, or now for today). */
export interface PriceDay {
  date: string;
  at: number;
}

/**
 * The basket's cost per store and day. A store's price of a product on a day is the one in effect at the day's
 * moment. A missing price is estimated as the spec estimates one (§5): the average over the chosen stores that
 * have a price for it that day; when none has, the average of their prices of it over the whole period. A product
 * none of the chosen stores ever priced in the period is left out of every total. Each point counts the estimated
 * products; `coverage` is the share of the basket the store priced itself; `index` is the total against the store's
 * first day (100). A store that priced none of the basket on any day has no series; a day on which no chosen
 * store priced anything has no point.
 */
export function priceLevelSeries(basketItemIds: readonly number[], storeIds: readonly number[], days: readonly PriceDay[], periods: readonly PricePeriod[]): PriceLevelSeries[] {
  const byPair = new Map<string, PricePeriod[]>();
  for (const period of periods) {
    const key = `${period.itemId}:${period.storeId}`;
    const list = byPair.get(key);
    if (list) list.push(period);
    else byPair.set(key, [period]);
  }
  const priceAt = (itemId: number, storeId: number, at: number): number | null => {
    const list = byPair.get(`${itemId}:${storeId}`);
    if (!list) return null;
    for (const period of list) if (period.from <= at && (period.to === null || at < period.to)) return period.price;
    return null;
  };

  // prices[day][item][store]
  const prices = days.map((day) => basketItemIds.map((itemId) => storeIds.map((storeId) => priceAt(itemId, storeId, day.at))));
  const periodAverage = basketItemIds.map((_, i) => average(prices.flatMap((day) => day[i].filter(isPrice))));

  const points = storeIds.map(() => [] as PriceLevelSeries['points']);
  const pricedAny = storeIds.map(() => false);
  days.forEach((day, d) => {
    if (!prices[d].some((row) => row.some(isPrice))) return;
    const dayAverage = basketItemIds.map((_, i) => average(prices[d][i].filter(isPrice)) ?? periodAverage[i]);
    storeIds.forEach((_, s) => {
      let total = 0;
      let own = 0;
      let estimated = 0;
      basketItemIds.forEach((_, i) => {
        const price = prices[d][i][s];
        if (price !== null) {
          total += price;
          own += 1;
        } else if (dayAverage[i] !== null) {
          total += dayAverage[i] as number;
          estimated += 1;
        }
      });
      if (own > 0) pricedAny[s] = true;
      points[s].push({ date: day.date, total: Math.round(total), index: 0, coverage: basketItemIds.length === 0 ? 0 : round(own / basketItemIds.length, 3), estimated });
    });
  });

  const series: PriceLevelSeries[] = [];
  storeIds.forEach((storeId, s) => {
    if (!pricedAny[s]) return;
    const base = points[s][0]?.total ?? 0;
    for (const point of points[s]) point.index = base > 0 ? round((point.total / base) * 100, 1) : 100;
    series.push({ storeId, points: points[s] });
  });
  return series;
}

const isPrice = (price: number | null): price is number => price !== null;

function average(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

