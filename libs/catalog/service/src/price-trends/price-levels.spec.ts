import { priceLevelPeriodError, MAX_PRICE_LEVEL_DAYS } from '@hintakori/catalog-contracts';
import { PriceDay, priceLevelSeries, PricePeriod } from './price-levels';

const day = (n: number): PriceDay => ({ date: `2026-11-0${n}`, at: n * 1000 });
const period = (itemId: number, storeId: number, from: number, to: number | null, price: number): PricePeriod => ({ itemId, storeId, from, to, price });

describe('priceLevelSeries', () => {
  it('sums the basket per store and day, with index 100 on the first day and full coverage', () => {
    const series = priceLevelSeries([1, 2], [10], [day(1), day(2)], [period(1, 10, 0, 1500, 100), period(1, 10, 1500, null, 120), period(2, 10, 0, null, 300)]);
    expect(series).toEqual([
      {
        storeId: 10,
        points: [
          { date: '2026-11-01', total: 400, index: 100, coverage: 1, estimated: 0 },
          { date: '2026-11-02', total: 420, index: 105, coverage: 1, estimated: 0 },
        ],
      },
    ]);
  });

  it('estimates a missing price as the average of the stores that priced it that day, and counts it', () => {
    const series = priceLevelSeries([1, 2], [10, 20, 30], [day(1)], [
      period(1, 10, 0, null, 100),
      period(2, 10, 0, null, 200),
      period(1, 20, 0, null, 110),
      period(2, 20, 0, null, 260),
      period(1, 30, 0, null, 90),
    ]);
    const store30 = series.find((s) => s.storeId === 30)!;
    expect(store30.points[0]).toEqual({ date: '2026-11-01', total: 90 + 230, index: 100, coverage: 0.5, estimated: 1 });
  });

  it('falls back to the period average when no chosen store priced a product that day', () => {
    // Item 2 is priced only on day 2 (at 200); on day 1 both stores get it estimated at its period average.
    const series = priceLevelSeries([1, 2], [10], [day(1), day(2)], [period(1, 10, 0, null, 100), period(2, 10, 1500, null, 200)]);
    expect(series[0].points.map((p) => [p.total, p.estimated, p.coverage])).toEqual([
      [300, 1, 0.5],
      [300, 0, 1],
    ]);
  });

  it('leaves out a store that priced nothing of the basket and a day no store priced anything', () => {
    const series = priceLevelSeries([1], [10, 99], [day(1), day(2), day(3)], [period(1, 10, 1500, 2500, 100)]);
    expect(series.map((s) => s.storeId)).toEqual([10]);
    expect(series[0].points.map((p) => p.date)).toEqual(['2026-11-02']);
  });

  it('takes the price in effect at the day\'s moment: a period ending at that moment no longer counts', () => {
    const series = priceLevelSeries([1], [10], [day(2)], [period(1, 10, 0, 2000, 100), period(1, 10, 2000, null, 80)]);
    expect(series[0].points[0].total).toBe(80);
  });

  it('gives index relative to the store\'s own first day, one decimal', () => {
    const series = priceLevelSeries([1], [10], [day(1), day(2)], [period(1, 10, 0, 1500, 300), period(1, 10, 1500, null, 299)]);
    expect(series[0].points[1].index).toBe(99.7);
  });

  it('answers no series for an empty basket', () => {
    expect(priceLevelSeries([], [10], [day(1)], [])).toEqual([]);
  });
});

describe('priceLevelPeriodError', () => {
  it('accepts a period of up to the longest allowed', () => {
    expect(priceLevelPeriodError('2026-01-01', '2026-01-01')).toBeNull();
    expect(priceLevelPeriodError('2026-01-01', '2026-06-29')).toBeNull(); // 180 days
  });

  it('names what is wrong', () => {
    expect(priceLevelPeriodError('2026-02-30', '2026-03-01')).toMatch(/^from must be a date that exists/);
    expect(priceLevelPeriodError('2026-01-01', '26-1-1')).toMatch(/^to must be a date/);
    expect(priceLevelPeriodError('2026-03-02', '2026-03-01')).toBe('from (2026-03-02) must not be after to (2026-03-01)');
    expect(priceLevelPeriodError('2026-01-01', '2026-06-30')).toBe(`the period from 2026-01-01 to 2026-06-30 is 181 days; at most ${MAX_PRICE_LEVEL_DAYS} days are allowed`);
  });
});
