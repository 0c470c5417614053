import { addDays, dayNumber, easterSunday, isoWeekday } from './dates';

/**
 * How shops open on a Finnish public holiday:
 * - 'short': regular opening, closes early (e.g. Christmas Eve 15:00)
 * - 'closed': closed for the day
 * - 'late': opens late and closes early (Sunday-like hours)
 */
export interface Holiday {
  date: string;
  name: string;
  /** Opening window in minutes after midnight that clamps regular hours; null = closed. */
  window: readonly [number, number] | null;
  /** Herkku (department-store food halls) are closed on these. */
  herkkuClosed: boolean;
  /** Fuel-station chains (ABC, Neste K) open 24 h keep their regular hours on this day. */
  fuelKeepsHours: boolean;
}

const H = (h: number) => h * 60;

function holidaysOfYear(year: number): Holiday[] {
  const easter = easterSunday(year);
  const mk = (date: string, name: string, window: readonly [number, number] | null, herkkuClosed = false, fuelKeepsHours = true): Holiday => ({
    date,
    name,
    window,
    herkkuClosed,
    fuelKeepsHours,
  });
  // Midsummer Eve is the Friday between 19 and 25 June.
  let midsummerEve = `${year}-06-19`;
  while (isoWeekday(midsummerEve) !== 5) midsummerEve = addDays(midsummerEve, 1);
  return [
    mk(`${year}-01-01`, 'Uudenvuodenpäivä', [H(12), H(21)], true),
    mk(`${year}-01-06`, 'Loppiainen', [H(10), H(21)]),
    mk(addDays(easter, -2), 'Pitkäperjantai', [H(10), H(21)]),
    mk(easter, 'Pääsiäispäivä', [H(12), H(21)], true),
    mk(addDays(easter, 1), '2. pääsiäispäivä', [H(10), H(21)]),
    mk(`${year}-05-01`, 'Vappupäivä', [H(10), H(21)]),
    mk(addDays(easter, 39), 'Helatorstai', [H(10), H(21)]),
    mk(midsummerEve, 'Juhannusaatto', [0, H(17)], false, false),
    mk(addDays(midsummerEve, 1), 'Juhannuspäivä', [H(12), H(18)], true),
    mk(`${year}-12-06`, 'Itsenäisyyspäivä', [H(10), H(18)]),
    mk(`${year}-12-24`, 'Jouluaatto', [0, H(15)], false, false),
    mk(`${year}-12-25`, 'Joulupäivä', null, true),
    mk(`${year}-12-26`, 'Tapaninpäivä', [H(12), H(21)], true),
    mk(`${year}-12-31`, 'Uudenvuodenaatto', [0, H(18)], false, false),
  ];
}

/** Finnish holidays (with shop-hour rules) whose date lies in [from, to], sorted by date. */
export function holidaysBetween(from: string, to: string): Holiday[] {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const out: Holiday[] = [];
  const firstYear = Number(from.slice(0, 4));
  const lastYear = Number(to.slice(0, 4));
  for (let y = firstYear; y <= lastYear; y++) {
    for (const h of holidaysOfYear(y)) {
      const d = dayNumber(h.date);
      if (d >= start && d <= end) out.push(h);
    }
  }
  return out.sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
}
