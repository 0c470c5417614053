import type { OpeningExceptionValue, WeeklyHoursValue } from '@hintakori/price-ingest-contracts';
import OpeningHours from 'opening_hours';
import { arr, isoDate, obj, RecordError } from '../../feeds/values';
import { ALL_DAY, CLOSED, type DayHours, hoursKey, mostCommonHours } from '../day-hours';

/**
 * A store's hours from S-kaupat's `weeklyOpeningHours` (three ISO weeks from the current one, each with seven dated
 * `openingTimes` of `mode` `RANGE` with `ranges[{open, close}]` or `ALL_DAY`) in the contract's form: the regular week
 * (each weekday's most common hours on the days that are no public holiday) and every dated day from today on whose
 * hours differ from it, named after the Finnish holiday or eve when it is one.
 *
 * A close at or before the open ('06:00'–'00:00', '07:00'–'02:00') runs to midnight or past it: the day closes at
 * '24:00', as the OSM hours do (the contract's day ends there; the stores projection keeps 24:00 as the end of the
 * day), and what spills past midnight belongs to the day that opened. '00:00'–'00:00' is open all day.
 */

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)(:00)?$/;
const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

export interface SKaupatHours {
  weeklyHours: WeeklyHoursValue[];
  exceptions: OpeningExceptionValue[];
}

function time(value: unknown, field: string): string {
  if (typeof value !== 'string' || !TIME.test(value)) throw new RecordError(`${field} ${JSON.stringify(value)} is not HH:MM`);
  return value.slice(0, 5);
}

/** One `openingTimes` entry → its date, ISO weekday and hours. */
export function dayOf(entry: unknown, field: string): { date: string; weekday: number; hours: DayHours } {
  const day = obj(entry, field);
  const date = isoDate(day.date, `${field}.date`);
  const [y, m, d] = date.split('-').map(Number);
  const weekday = ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
  if (typeof day.day === 'string' && DAYS.indexOf(day.day.toUpperCase()) + 1 !== weekday)
    throw new RecordError(`${field}: ${date} is not a ${JSON.stringify(day.day)}`);
  const mode = typeof day.mode === 'string' ? day.mode.toUpperCase() : '';
  if (mode === 'ALL_DAY') return { date, weekday, hours: ALL_DAY };
  if (mode.includes('CLOSED')) return { date, weekday, hours: CLOSED };
  if (mode !== 'RANGE') throw new RecordError(`${field}.mode ${JSON.stringify(day.mode)} is not RANGE or ALL_DAY`);
  const ranges = day.ranges === null || day.ranges === undefined ? [] : arr(day.ranges, `${field}.ranges`);
  if (ranges.length === 0) return { date, weekday, hours: CLOSED };
  const spans = ranges.map((raw, i) => {
    const range = obj(raw, `${field}.ranges[${i}]`);
    return { open: time(range.open, `${field}.ranges[${i}].open`), close: time(range.close, `${field}.ranges[${i}].close`) };
  });
  const first = spans[0];
  const last = spans[spans.length - 1];
  if (spans.length === 1 && first.open === '00:00' && first.close === '00:00') return { date, weekday, hours: ALL_DAY };
  // A close at or before the open is at midnight or after it: the day ends at 24:00.
  const closes = last.close <= last.open && last.close !== '24:00' ? '24:00' : last.close;
  if (first.open === '00:00' && closes === '24:00' && spans.length === 1) return { date, weekday, hours: ALL_DAY };
  return { date, weekday, hours: { opens: first.open, closes, isOpenAllDay: false } };
}

function nominatim(): ConstructorParameters<typeof OpeningHours>[1] {
  return { lat: 60.1699, lon: 24.9384, address: { country_code: 'fi', state: '' } };
}

let holidayProbe: OpeningHours | null = null;
const holidayNames = new Map<string, string | null>();

/** The Finnish public holiday on a date (the `opening_hours` package's Finnish holidays), or null. */
export function finnishHoliday(date: string): string | null {
  let name = holidayNames.get(date);
  if (name !== undefined) return name;
  holidayProbe ??= new OpeningHours('PH', nominatim());
  const [y, m, d] = date.split('-').map(Number);
  // The package reads local Date fields: noon of the calendar date in the process's zone.
  const noon = new Date(y, m - 1, d, 12);
  const finnish = holidayProbe.getState(noon) ? (holidayProbe.getComment(noon) ?? '').split(' - ')[0].trim() : null;
  name = finnish === null ? null : finnish ? finnish[0].toUpperCase() + finnish.slice(1) : 'Arkipyhä';
  holidayNames.set(date, name);
  return name;
}

/** Eves on which shops keep short hours (none is a public holiday). */
function eveName(date: string): string | null {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (m === 12 && d === 24) return 'Jouluaatto';
  if (m === 12 && d === 31) return 'Uudenvuodenaatto';
  if (m === 4 && d === 30) return 'Vappuaatto';
  if (m === 1 && d === 5) return 'Loppiaisaatto';
  if (m === 6 && d >= 19 && d <= 25 && weekday === 5) return 'Juhannusaatto';
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  if (weekday === 6 && /^Pääsiäispäivä/.test(finnishHoliday(next) ?? '')) return 'Pääsiäislauantai';
  return null;
}

/**
 * `weeklyOpeningHours` → the regular week and the dated days from `today` (YYYY-MM-DD, Helsinki) that differ from it.
 * Throws a RecordError when the hours cannot be read (the store then keeps no hours from this source).
 */
export function sKaupatHours(weeks: unknown, today: string): SKaupatHours {
  const days = arr(weeks, 'weeklyOpeningHours').flatMap((week, w) => {
    const times = arr(obj(week, `weeklyOpeningHours[${w}]`).openingTimes, `weeklyOpeningHours[${w}].openingTimes`);
    return times.map((entry, i) => dayOf(entry, `weeklyOpeningHours[${w}].openingTimes[${i}]`));
  });
  if (days.length === 0) throw new RecordError('weeklyOpeningHours has no days');
  days.sort((a, b) => a.date.localeCompare(b.date));
  const weeklyHours: WeeklyHoursValue[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const ofWeekday = days.filter((d) => d.weekday === weekday);
    const regular = ofWeekday.filter((d) => finnishHoliday(d.date) === null);
    // On a tie the hours seen first (the earliest date) win.
    const best = mostCommonHours(regular.length > 0 ? regular : ofWeekday);
    if (best) weeklyHours.push({ weekday, ...best });
  }
  const regularOf = new Map(weeklyHours.map((w) => [w.weekday, hoursKey(w)]));
  const exceptions: OpeningExceptionValue[] = [];
  const seen = new Set<string>();
  for (const { date, weekday, hours } of days) {
    if (date < today || seen.has(date)) continue;
    seen.add(date);
    if (regularOf.get(weekday) === hoursKey(hours)) continue;
    exceptions.push({ date, ...hours, description: finnishHoliday(date) ?? eveName(date) });
  }
  return { weeklyHours, exceptions };
}

/** Today's date (YYYY-MM-DD) in Helsinki. */
export function helsinkiDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
