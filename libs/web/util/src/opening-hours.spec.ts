import { openingWeek, openStatus, type OpeningEntry } from './opening-hours';

const entry = (date: string, opens: string | null, closes: string | null, extra: Partial<OpeningEntry> = {}): OpeningEntry => ({
  date,
  opens,
  closes,
  isOpenAllDay: false,
  description: null,
  ...extra,
});

// Helsinki local time = UTC+3 in June.
const at = (hhmm: string) => new Date(`2024-06-05T${hhmm}:00+03:00`);

describe('openStatus', () => {
  const store = { openingTimes: [entry('2024-06-05', '08:00', '21:00')], openingTimeExceptions: [] };

  it("is 'Avoinna' between opening and closing, inclusive", () => {
    expect(openStatus(store, at('08:00')).label).toBe('Avoinna');
    expect(openStatus(store, at('12:00')).label).toBe('Avoinna');
  });

  it("is 'Suljettu' before opening and after closing", () => {
    expect(openStatus(store, at('07:59')).label).toBe('Suljettu');
    expect(openStatus(store, at('21:01')).label).toBe('Suljettu');
  });

  it('warns when fewer than 60 minutes are left', () => {
    expect(openStatus(store, at('20:00')).label).toBe('Avoinna');
    expect(openStatus(store, at('20:01'))).toEqual({ kind: 'closingSoon', minutes: 59, label: 'Suljetaan pian (59 min)' });
    expect(openStatus(store, at('21:00')).label).toBe('Suljetaan pian (0 min)');
  });

  it('prefers an exception over the regular entry of the same date', () => {
    const withException = { ...store, openingTimeExceptions: [entry('2024-06-05', '10:00', '16:00', { description: 'Juhannus' })] };
    expect(openStatus(withException, at('09:00')).label).toBe('Suljettu');
    expect(openStatus(withException, at('15:30')).label).toBe('Suljetaan pian (30 min)');
  });

  it("is 'Avoinna' all day and 'Suljettu' without an entry or times", () => {
    expect(openStatus({ openingTimes: [entry('2024-06-05', null, null, { isOpenAllDay: true })] }, at('03:00')).label).toBe('Avoinna');
    expect(openStatus({ openingTimes: [] }, at('12:00')).label).toBe('Suljettu');
    expect(openStatus({ openingTimes: [entry('2024-06-05', '08:00', null)] }, at('12:00')).label).toBe('Suljettu');
    expect(openStatus({ openingTimes: [entry('2024-06-04', '08:00', '21:00')] }, at('12:00')).label).toBe('Suljettu');
  });

  it('accepts nested entry lists', () => {
    expect(openStatus({ openingTimes: [[entry('2024-06-05', '08:00', '21:00')]] }, at('12:00')).label).toBe('Avoinna');
  });
});

describe('openingWeek', () => {
  it('lists yesterday through six days ahead with labels and 24h', () => {
    const days = openingWeek(
      {
        openingTimes: [
          entry('2024-06-04', '08:00', '21:00'),
          entry('2024-06-05', '07:00', '23:00'),
          entry('2024-06-06', null, null, { isOpenAllDay: true }),
        ],
        openingTimeExceptions: [entry('2024-06-07', '10:00', '18:00', { description: 'Poikkeus' })],
      },
      at('12:00'),
    );
    expect(days).toHaveLength(8);
    expect(days[0]).toMatchObject({ date: '2024-06-04', label: 'ti 4.6.', hours: '08:00–21:00', isToday: false });
    expect(days[1]).toMatchObject({ label: 'Tänään', hours: '07:00–23:00', isToday: true });
    expect(days[2]).toMatchObject({ label: 'Huomenna', hours: '24h' });
    expect(days[3]).toMatchObject({ label: 'pe 7.6.', hours: '10:00–18:00', description: 'Poikkeus' });
    expect(days[4].hours).toBe('Suljettu');
    expect(days[7].date).toBe('2024-06-11');
  });

  it('is empty when the store has no opening times', () => {
    expect(openingWeek({ openingTimes: [], openingTimeExceptions: null }, at('12:00'))).toEqual([]);
  });
});
