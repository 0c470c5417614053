import { addDays, datedOpeningTimes, exceptionsInWindow, helsinkiDate, isoWeekday, openingWindow, WeeklyHours } from './opening-window';

const weekdays: WeeklyHours[] = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '07:00', closes: '21:00', isOpenAllDay: false }));

describe('helsinkiDate', () => {
  it('is already the next day in Helsinki late in the UTC evening (winter, UTC+2)', () => {
    expect(helsinkiDate(new Date('2026-11-22T21:59:59Z'))).toBe('2026-11-22');
    expect(helsinkiDate(new Date('2026-11-22T22:00:00Z'))).toBe('2026-11-23');
    expect(helsinkiDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });

  it('turns the date one hour earlier in summer (UTC+3)', () => {
    expect(helsinkiDate(new Date('2026-07-14T20:59:00Z'))).toBe('2026-07-14');
    expect(helsinkiDate(new Date('2026-07-14T21:00:00Z'))).toBe('2026-07-15');
  });

  it('follows the offset change on the DST start and end days', () => {
    // 29 March 2026: clocks go 03:00 EET -> 04:00 EEST; that evening midnight is at 21:00Z.
    expect(helsinkiDate(new Date('2026-03-28T22:00:00Z'))).toBe('2026-03-29');
    expect(helsinkiDate(new Date('2026-03-29T20:59:00Z'))).toBe('2026-03-29');
    expect(helsinkiDate(new Date('2026-03-29T21:00:00Z'))).toBe('2026-03-30');
    // 25 October 2026: clocks go 04:00 EEST -> 03:00 EET; the day starts at 21:00Z and ends at 22:00Z.
    expect(helsinkiDate(new Date('2026-10-24T21:00:00Z'))).toBe('2026-10-25');
    expect(helsinkiDate(new Date('2026-10-25T21:30:00Z'))).toBe('2026-10-25');
    expect(helsinkiDate(new Date('2026-10-25T22:00:00Z'))).toBe('2026-10-26');
  });
});

describe('addDays and isoWeekday', () => {
  it('cross month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('numbers weekdays the ISO way, Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-03-29')).toBe(7);
  });
});

describe('openingWindow', () => {
  it('covers yesterday to six days ahead of the Helsinki date, not the UTC date', () => {
    const window = openingWindow(new Date('2026-11-22T23:30:00Z'));
    expect(window.from).toBe('2026-11-22');
    expect(window.to).toBe('2026-11-29');
    expect(window.days.map((day) => day.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(window.days.map((day) => day.weekday)).toEqual([7, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('has eight distinct consecutive days across the spring DST change', () => {
    const window = openingWindow(new Date('2026-03-29T12:00:00Z'));
    expect(window.days.map((day) => day.date)).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
  });

  it('has eight distinct consecutive days across the autumn DST change, late in the evening', () => {
    const window = openingWindow(new Date('2026-10-25T21:45:00Z'));
    expect(window.days).toHaveLength(8);
    expect(window.days[1]).toEqual({ date: '2026-10-25', weekday: 7 });
    expect(window.to).toBe('2026-10-31');
  });

  it('spans a year change', () => {
    const window = openingWindow(new Date('2026-12-28T10:00:00Z'));
    expect(window.from).toBe('2026-12-27');
    expect(window.to).toBe('2027-01-03');
  });
});

describe('datedOpeningTimes', () => {
  const window = openingWindow(new Date('2026-11-22T23:30:00Z'));

  it('dates the weekly hours and marks a weekday without hours as closed', () => {
    const entries = datedOpeningTimes(window, weekdays);
    expect(entries).toHaveLength(8);
    expect(entries[0]).toEqual({ date: '2026-11-22', opens: null, closes: null, isOpenAllDay: false, description: null });
    expect(entries[1]).toEqual({ date: '2026-11-23', opens: '07:00', closes: '21:00', isOpenAllDay: false, description: null });
    expect(entries[7].date).toBe('2026-11-29');
    expect(entries[7].opens).toBeNull();
  });

  it('gives all-day stores isOpenAllDay without times', () => {
    const allDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00', isOpenAllDay: true }));
    const entries = datedOpeningTimes(window, allDay);
    expect(entries.every((entry) => entry.isOpenAllDay && entry.opens === null && entry.closes === null)).toBe(true);
  });

  it('gives nothing for a store without any opening hours', () => {
    expect(datedOpeningTimes(window, [])).toEqual([]);
  });
});

describe('exceptionsInWindow', () => {
  const window = openingWindow(new Date('2026-12-20T08:00:00Z'));

  it('keeps only the exceptions inside the window, in date order', () => {
    const exceptions = [
      { date: '2026-12-26', opens: '12:00', closes: '18:00', isOpenAllDay: false, description: 'Tapaninpäivä' },
      { date: '2026-12-18', opens: null, closes: null, isOpenAllDay: false, description: 'too early' },
      { date: '2026-12-24', opens: '07:00', closes: '13:00', isOpenAllDay: false, description: 'Jouluaatto' },
      { date: '2026-12-27', opens: null, closes: null, isOpenAllDay: false, description: 'too late' },
      { date: '2026-12-19', opens: null, closes: null, isOpenAllDay: false, description: 'yesterday' },
    ];
    expect(exceptionsInWindow(window, exceptions).map((entry) => entry.description)).toEqual(['yesterday', 'Jouluaatto', 'Tapaninpäivä']);
  });
});
