import type { PriceLevelSeries } from './price-trends.api';
import { chartGeometry, formatPercent, helsinkiDate, levelTable, shortDate } from './price-trends.lib';

const series = (storeId: number, totals: (number | null)[]): PriceLevelSeries => ({
  storeId,
  points: totals.flatMap((total, day) => (total === null ? [] : [{ date: `2026-11-0${day + 1}`, total, index: (total / (totals.find((t) => t !== null) as number)) * 100, coverage: 1, estimated: 0 }])),
});

describe('levelTable', () => {
  it('ranks stores by their average basket over the days all have, with the gap to the cheapest', () => {
    const rows = levelTable([series(1, [1000, 1100, 1200]), series(2, [900, 950, 1000]), series(3, [null, 800, 800])]);
    // Common days are 2 and 3: store 3 averages 800, store 2 975, store 1 1150.
    expect(rows.map((r) => [r.storeId, r.average, r.extra, r.extraPercent, r.cheapestDays])).toEqual([
      [3, 800, 0, 0, 2],
      [2, 975, 175, 22, 0],
      [1, 1150, 350, 44, 0],
    ]);
    expect(rows.find((r) => r.storeId === 1)!.change).toBe(20);
  });

  it('is empty without series', () => {
    expect(levelTable([])).toEqual([]);
  });
});

describe('chart geometry', () => {
  it('spreads the dates over the width and puts the largest value highest', () => {
    const g = chartGeometry([series(1, [1000, 1100, 1200])], 'total', { width: 200, height: 100, pad: 10 });
    expect(g.dates).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    const points = g.lines[0].split(' ').map((p) => p.split(',').map(Number));
    expect(points.map(([x]) => x)).toEqual([10, 100, 190]);
    expect(points[2][1]).toBeLessThan(points[0][1]);
  });
});

describe('formatting', () => {
  it('writes Finnish percents and dates', () => {
    expect(formatPercent(-12.5)).toBe('−12,5 %');
    expect(formatPercent(3)).toBe('+3 %');
    expect(shortDate('2026-11-05')).toBe('5.11.');
    expect(helsinkiDate(new Date('2026-11-27T22:30:00Z'), 0)).toBe('2026-11-28');
  });
});
