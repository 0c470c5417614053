import { addDays, easterSunday, helsinkiMidnightUtc, helsinkiToday, isoWeekday } from './lib/dates';
import { holidaysBetween } from './lib/holidays';

describe('dates', () => {
  it('finds the Helsinki calendar date around midnight UTC', () => {
    expect(helsinkiToday(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-01'); // 00:30 EEST
    expect(helsinkiToday(new Date('2026-12-31T21:59:00Z'))).toBe('2026-12-31'); // 23:59 EET
    expect(helsinkiToday(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });

  it('knows the Helsinki UTC offset on both sides of daylight saving', () => {
    expect(new Date(helsinkiMidnightUtc('2026-01-15')).toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(new Date(helsinkiMidnightUtc('2026-07-15')).toISOString()).toBe('2026-07-14T21:00:00.000Z');
    expect(new Date(helsinkiMidnightUtc('2026-03-29')).toISOString()).toBe('2026-03-28T22:00:00.000Z'); // switch day, still EET at midnight
    expect(new Date(helsinkiMidnightUtc('2026-03-30')).toISOString()).toBe('2026-03-29T21:00:00.000Z');
  });

  it('does calendar arithmetic across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(isoWeekday('2026-12-20')).toBe(7);
    expect(isoWeekday('2026-12-21')).toBe(1);
  });

  it('computes Easter and the Finnish shop holidays', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    const names = (from: string, to: string) => holidaysBetween(from, to).map((h) => `${h.date} ${h.name}`);
    expect(names('2027-03-20', '2027-05-10')).toEqual([
      '2027-03-26 Pitkäperjantai',
      '2027-03-28 Pääsiäispäivä',
      '2027-03-29 2. pääsiäispäivä',
      '2027-05-01 Vappupäivä',
      '2027-05-06 Helatorstai',
    ]);
    expect(names('2026-06-01', '2026-06-30')).toEqual(['2026-06-19 Juhannusaatto', '2026-06-20 Juhannuspäivä']);
    expect(names('2026-12-05', '2027-01-07')).toEqual([
      '2026-12-06 Itsenäisyyspäivä',
      '2026-12-24 Jouluaatto',
      '2026-12-25 Joulupäivä',
      '2026-12-26 Tapaninpäivä',
      '2026-12-31 Uudenvuodenaatto',
      '2027-01-01 Uudenvuodenpäivä',
      '2027-01-06 Loppiainen',
    ]);
  });
});
