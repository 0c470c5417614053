import { addDays, formatDayLabel, formatFinnishDate, formatRelativeTime, helsinkiParts, isStalePrice } from './dates';

// 2024-06-05 is a Wednesday. 09:30 UTC = 12:30 in Helsinki (summer time, UTC+3).
const NOW = new Date('2024-06-05T09:30:00Z');

describe('dates', () => {
  it('reads the calendar date and time in Finland', () => {
    expect(helsinkiParts(NOW)).toEqual({ date: '2024-06-05', hour: 12, minute: 30 });
    // 22:30 UTC is already the next day in Helsinki.
    expect(helsinkiParts(new Date('2024-06-05T22:30:00Z')).date).toBe('2024-06-06');
  });

  it('labels today and tomorrow, other days with a short Finnish weekday', () => {
    expect(formatDayLabel('2024-06-05', NOW)).toBe('Tänään');
    expect(formatDayLabel('2024-06-06', NOW)).toBe('Huomenna');
    expect(formatDayLabel('2024-06-04', NOW)).toBe('ti 4.6.');
    expect(formatDayLabel('2024-06-07', NOW)).toBe('pe 7.6.');
    expect(formatDayLabel('2024-06-09', NOW)).toBe('su 9.6.');
    expect(formatDayLabel('2024-06-10', NOW)).toBe('ma 10.6.');
  });

  it('adds days across month ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('formats Finnish dates', () => {
    expect(formatFinnishDate('2024-04-04')).toBe('4.4.2024');
  });

  it('gives Finnish relative times', () => {
    expect(formatRelativeTime('2024-06-05T09:29:40Z', NOW)).toBe('juuri nyt');
    expect(formatRelativeTime('2024-06-05T09:25:00Z', NOW)).toBe('5 minuuttia sitten');
    expect(formatRelativeTime('2024-06-05T07:30:00Z', NOW)).toBe('2 tuntia sitten');
    expect(formatRelativeTime('2024-06-04T09:30:00Z', NOW)).toBe('eilen');
    expect(formatRelativeTime('2024-06-02T09:30:00Z', NOW)).toBe('3 päivää sitten');
    expect(formatRelativeTime(null, NOW)).toBe('');
  });

  it('marks prices older than 14 days as stale', () => {
    expect(isStalePrice('2024-05-23T09:30:00Z', NOW)).toBe(false); // 13 days
    expect(isStalePrice('2024-05-22T09:30:00Z', NOW)).toBe(false); // exactly 14 days
    expect(isStalePrice('2024-05-22T09:29:00Z', NOW)).toBe(true);
    expect(isStalePrice(null, NOW)).toBe(true);
  });

  it('makes its formatters at first use, not when the module loads (a time-zone formatter costs a slow phone ~75 ms)', async () => {
    const made = { dates: 0, relative: 0 };
    const { DateTimeFormat, RelativeTimeFormat } = Intl;
    const counting = jest.spyOn(Intl, 'DateTimeFormat').mockImplementation((...args) => (made.dates++, new DateTimeFormat(...args)));
    const relativeCounting = jest.spyOn(Intl, 'RelativeTimeFormat').mockImplementation((...args) => (made.relative++, new RelativeTimeFormat(...args)));
    try {
      await jest.isolateModulesAsync(async () => {
        const fresh = await import('./dates');
        expect(made).toEqual({ dates: 0, relative: 0 });
        expect(fresh.helsinkiParts(NOW).date).toBe('2024-06-05');
        expect(fresh.helsinkiParts(NOW).hour).toBe(12);
        expect(fresh.formatRelativeTime('2024-06-04T09:30:00Z', NOW)).toBe('eilen');
        expect(fresh.formatRelativeTime('2024-06-05T07:30:00Z', NOW)).toBe('2 tuntia sitten');
        expect(made).toEqual({ dates: 1, relative: 1 });
      });
    } finally {
      counting.mockRestore();
      relativeCounting.mockRestore();
    }
  });
});
