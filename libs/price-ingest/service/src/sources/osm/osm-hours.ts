import type { OpeningExceptionValue, WeeklyHoursValue } from '@hintakori/price-ingest-contracts';
import OpeningHours from 'opening_hours';
import { ALL_DAY, CLOSED, type DayHours, hoursKey, mostCommonHours } from '../day-hours';

/**
 * A store's opening times from its OSM `opening_hours` tag, in the contract's form, read with the reference
 * implementation of the syntax (the `opening_hours` package). Its own holiday data covers Finland (country code
 * 'fi': the 13 public holidays, Midsummer Day and All Saints' Day as the Saturdays they fall on), so `PH` needs no
 * other source; the Finnish part of its holiday name becomes the exception's description.
 *
 * Time zone: the package reads and returns wall-clock times through the process's local Date fields. The days
 * worked on are made as local midnights of the calendar dates of Europe/Helsinki, so the wall-clock times it answers
 * are Helsinki's whatever the process's TZ (only a DST gap of the process's own zone at a store's opening time could
 * shift one, which UTC, the servers' zone, does not have).
 */

export const HELSINKI_TIME_ZONE = 'Europe/Helsinki';

export interface StoreHours {
  weeklyHours: WeeklyHoursValue[];
  exceptions: OpeningExceptionValue[];
  /** false: no `opening_hours` tag, or one outside the syntax; then weeklyHours and exceptions are empty. */
  openingHoursKnown: boolean;
}

export interface StoreHoursOptions {
  now: Date;
  /** The store's position (for the package's holiday lookup; country is Finland). */
  lat: number;
  lon: number;
  /** Dated exceptions are listed for this many days from today (Helsinki); default 21. */
  exceptionDays?: number;
  /** The regular week is the most common hours of each weekday over this many weeks from today; default 6. */
  patternWeeks?: number;
}

const UNKNOWN: StoreHours = { weeklyHours: [], exceptions: [], openingHoursKnown: false };

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** ISO weekday (1 = Monday … 7 = Sunday) of a local date. */
const isoWeekday = (d: Date) => ((d.getDay() + 6) % 7) + 1;

/** Today's calendar date in Helsinki as a local midnight (the package's frame of reference). */
export function helsinkiToday(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: HELSINKI_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(part('year'), part('month') - 1, part('day'));
}

function addDays(day: Date, days: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);
}

function nominatim(lat: number, lon: number): ConstructorParameters<typeof OpeningHours>[1] {
  return { lat, lon, address: { country_code: 'fi', state: '' } };
}

/**
 * Finnish public holidays as the package knows them: a probe whose only rule is `PH` (Finland's holidays are
 * national, so one probe at Helsinki serves every store), its answers kept per date.
 */
class Holidays {
  private readonly probe = new OpeningHours('PH', nominatim(60.1699, 24.9384));
  private readonly names = new Map<string, string | null>();

  /** The holiday's Finnish name ('Joulupäivä'), or null on a day that is not a public holiday. */
  nameOf(day: Date): string | null {
    const date = localDate(day);
    let name = this.names.get(date);
    if (name === undefined) {
      const noon = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 12);
      const finnish = this.probe.getState(noon) ? (this.probe.getComment(noon) ?? '').split(' - ')[0].trim() : null;
      name = finnish === null ? null : finnish ? finnish[0].toUpperCase() + finnish.slice(1) : 'Arkipyhä';
      this.names.set(date, name);
    }
    return name;
  }
}

let finnishHolidays: Holidays | null = null;
const holidaysOnce = () => (finnishHolidays ??= new Holidays());

/** Finnish names of the eves shops keep short hours on (none is a public holiday). */
function eveName(day: Date, holidays: Holidays): string | null {
  const month = day.getMonth() + 1;
  const date = day.getDate();
  if (month === 12 && date === 24) return 'Jouluaatto';
  if (month === 12 && date === 31) return 'Uudenvuodenaatto';
  if (month === 4 && date === 30) return 'Vappuaatto';
  if (month === 1 && date === 5) return 'Loppiaisaatto';
  if (month === 6 && date >= 19 && date <= 25 && day.getDay() === 5) return 'Juhannusaatto';
  if (day.getDay() === 6 && /^Pääsiäispäivä/.test(holidays.nameOf(addDays(day, 1)) ?? '')) return 'Pääsiäislauantai';
  return null;
}

type Interval = { from: Date; to: Date; comment: string | undefined };

/** The package's open intervals (unknown ones count as open: the tag says the shop may be open), adjacent ones joined. */
function openIntervals(hours: OpeningHours, from: Date, to: Date): Interval[] {
  const merged: Interval[] = [];
  for (const [start, end, , comment] of hours.getOpenIntervals(from, to)) {
    const last = merged[merged.length - 1];
    if (last && start.getTime() <= last.to.getTime()) {
      if (end.getTime() > last.to.getTime()) last.to = end;
    } else merged.push({ from: start, to: end, comment });
  }
  return merged;
}

/**
 * One day's hours: open all day when an interval covers it, else from the first opening that day to the closing of
 * the last interval that opened that day ('24:00' when it runs past midnight: the contract's day ends there; what
 * spills past midnight belongs to the day before, not to the day it spills into).
 */
function dayHours(intervals: Interval[], dayStart: Date, dayEnd: Date): { hours: DayHours; comment: string | undefined } {
  const start = dayStart.getTime();
  const end = dayEnd.getTime();
  if (intervals.some((i) => i.from.getTime() <= start && i.to.getTime() >= end)) return { hours: ALL_DAY, comment: undefined };
  const opened = intervals.filter((i) => i.from.getTime() >= start && i.from.getTime() < end);
  if (opened.length === 0) return { hours: CLOSED, comment: undefined };
  const last = opened[opened.length - 1];
  const closes = last.to.getTime() >= end ? '24:00' : localTime(last.to);
  return { hours: { opens: localTime(opened[0].from), closes, isOpenAllDay: false }, comment: opened.find((i) => i.comment)?.comment };
}

/**
 * Reads `opening_hours` into the regular week and the dated exceptions of the coming days. The regular week is, per
 * ISO weekday, the most common hours over the next `patternWeeks` weeks leaving out public holidays (a tie goes to
 * the earliest); every date of the next `exceptionDays` days whose hours differ from it is an exception.
 */
export function storeHours(value: string | undefined, options: StoreHoursOptions): StoreHours {
  if (value === undefined || value.trim() === '') return UNKNOWN;
  const exceptionDays = options.exceptionDays ?? 21;
  const patternDays = Math.max(options.patternWeeks ?? 6, 1) * 7;
  const spanDays = Math.max(exceptionDays, patternDays);
  let days: { day: Date; hours: DayHours; comment: string | undefined }[];
  const holidays = holidaysOnce();
  try {
    const hours = new OpeningHours(value.trim(), nominatim(options.lat, options.lon));
    const today = helsinkiToday(options.now);
    const intervals = openIntervals(hours, addDays(today, -1), addDays(today, spanDays + 1));
    days = Array.from({ length: spanDays }, (_, i) => {
      const day = addDays(today, i);
      return { day, ...dayHours(intervals, day, addDays(today, i + 1)) };
    });
  } catch {
    // The package throws on a value outside the syntax.
    return UNKNOWN;
  }

  const weeklyHours: WeeklyHoursValue[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const ofWeekday = days.slice(0, patternDays).filter((d) => isoWeekday(d.day) === weekday);
    const regular = ofWeekday.filter((d) => holidays.nameOf(d.day) === null);
    const candidates = regular.length > 0 ? regular : ofWeekday;
    // On a tie the earliest hours win.
    return { weekday, ...(mostCommonHours(candidates) ?? CLOSED) };
  });

  const exceptions: OpeningExceptionValue[] = [];
  for (const { day, hours, comment } of days.slice(0, exceptionDays)) {
    if (hoursKey(hours) === hoursKey(weeklyHours[isoWeekday(day) - 1])) continue;
    const description = holidays.nameOf(day) ?? eveName(day, holidays) ?? comment?.trim() ?? null;
    exceptions.push({ date: localDate(day), ...hours, description: description || null });
  }
  return { weeklyHours, exceptions, openingHoursKnown: true };
}
