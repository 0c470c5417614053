import { openStatus, rankTotals, type OpeningSource } from '@hintakori/web-util';
import { rankOpenNow } from './comparison.lib';

// 22:30 in Helsinki (UTC+2 in early March).
const NOW = new Date('2026-03-10T20:30:00Z');
const day = (opens: string | null, closes: string | null, isOpenAllDay = false) => ({
  openingTimes: [{ date: '2026-03-10', opens, closes, isOpenAllDay, description: null }],
});

describe('cheapest open now', () => {
  const stores = new Map<number, OpeningSource>([
    [1, day('07:00', '23:00')], // open, closing in 30 minutes
    [2, day('08:00', '22:00')], // closed since 22:00
    [3, day(null, null, true)], // open all day
    [4, { openingTimes: [] }], // no entry today: closed
  ]);
  const ranked = rankTotals({ '1': { total: 1100 }, '2': { total: 1000 }, '3': { total: 1200 }, '4': { total: 900 } }, [1, 2, 3, 4]);

  it('at 22:30 ranks only the stores open now, the cheapest of them first', () => {
    const open = rankOpenNow(ranked, stores, NOW);
    expect(open.map((r) => [r.storeId, r.cheapest, r.diff, r.percent])).toEqual([
      [1, true, 0, 0],
      [3, false, 100, 9],
    ]);
    expect(ranked[0].storeId).toBe(4); // without the toggle the closed store would win
  });

  it('marks a store closing within the hour', () => {
    expect(openStatus(stores.get(1) as OpeningSource, NOW)).toEqual({ kind: 'closingSoon', minutes: 30, label: 'Suljetaan pian (30 min)' });
  });
});
