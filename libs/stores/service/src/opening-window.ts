import type { OpeningEntryDto } from '@hintakori/stores-contracts';

/** Opening hours are local to Finland whatever the server's time zone. */
export const STORE_TIME_ZONE = 'Europe/Helsinki';

/** Spec §9: from the day before today to six days ahead. */
export const WINDOW_DAYS_BEFORE = 1;
export const WINDOW_DAYS_AFTER = 6;

export interface WindowDay {
  /** Calendar date in Europe/Helsinki, YYYY-MM-DD. */
  date: string;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
}

export interface OpeningWindow {
  from: string;
  to: string;
  days: WindowDay[];
}

/** A regular weekly entry as stored (times already formatted HH:MM). */
export interface WeeklyHours {
  weekday: number;
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
}

/** A dated exception as stored. */
export interface DatedException {
  date: string;
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
  description: string | null;
}

const helsinkiDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (YYYY-MM-DD) it is in Helsinki at `now`. */
export function helsinkiDate(now: Date): string {
  const parts = Object.fromEntries(helsinkiDateFormat.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Adds whole days to a calendar date; pure date arithmetic, so DST changes cannot shift it. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The eight Helsinki calendar days, yesterday … today + 6, that a store's opening times cover at `now`. */
export function openingWindow(now: Date): OpeningWindow {
  const today = helsinkiDate(now);
  const days: WindowDay[] = [];
  for (let offset = -WINDOW_DAYS_BEFORE; offset <= WINDOW_DAYS_AFTER; offset++) {
    const date = addDays(today, offset);
    days.push({ date, weekday: isoWeekday(date) });
  }
  return { from: days[0].date, to: days[days.length - 1].date, days };
}

/**
 * Dated regular entries for every day of the window. A store with no weekly hours at all has none
 * (the client then says opening times are not available); a weekday without a row is a closed day.
 * An all-day entry never carries times.
 */
export function datedOpeningTimes(window: OpeningWindow, weekly: readonly WeeklyHours[]): OpeningEntryDto[] {
  if (weekly.length === 0) return [];
  const byWeekday = new Map(weekly.map((hours) => [hours.weekday, hours]));
  return window.days.map(({ date, weekday }) => {
    const hours = byWeekday.get(weekday);
    if (!hours) return { date, opens: null, closes: null, isOpenAllDay: false, description: null };
    if (hours.isOpenAllDay) return { date, opens: null, closes: null, isOpenAllDay: true, description: null };
    return { date, opens: hours.opens, closes: hours.closes, isOpenAllDay: false, description: null };
  });
}

/** The exceptions whose date falls inside the window, in date order. */
export function exceptionsInWindow(window: OpeningWindow, exceptions: readonly DatedException[]): OpeningEntryDto[] {
  return exceptions
    .filter((exception) => exception.date >= window.from && exception.date <= window.to)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map(({ date, opens, closes, isOpenAllDay, description }) =>
      isOpenAllDay ? { date, opens: null, closes: null, isOpenAllDay, description } : { date, opens, closes, isOpenAllDay, description },
    );
}
