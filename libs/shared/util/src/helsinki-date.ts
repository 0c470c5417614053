/**
 * Calendar days in Europe/Helsinki, where the shops are: today's date there, and the UTC instants a day starts and
 * ends. The offset is computed from the EU rules, not looked up, so answers do not depend on a machine's ICU data.
 */

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD that exists (2026-02-30 does not), else NaN. */
export function calendarDateMs(text: string): number {
  const m = DATE_RE.exec(text);
  if (!m) return Number.NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : Number.NaN;
}

/** The current calendar date in Europe/Helsinki. */
export function helsinkiToday(now: Date = new Date()): string {
  return new Date(now.getTime() + helsinkiOffsetHours(now.getTime()) * 3_600_000).toISOString().slice(0, 10);
}

/** Last Sunday of a month (1–12), as UTC ms of 01:00 UTC that day (the EU switch instant). */
function lastSundayAt0100Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0));
  return Date.UTC(year, month - 1, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Offset of Europe/Helsinki from UTC in hours at an instant: EEST +3 from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC, else EET +2. */
export function helsinkiOffsetHours(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  return utcMs >= lastSundayAt0100Utc(year, 3) && utcMs < lastSundayAt0100Utc(year, 10) ? 3 : 2;
}

/** UTC ms of 00:00 Europe/Helsinki on a calendar date that exists. */
export function helsinkiMidnightUtc(date: string): number {
  const utcMidnight = calendarDateMs(date);
  // The switches happen at 03:00/04:00 local time, never near midnight, so probing 3 h before is safe.
  return utcMidnight - helsinkiOffsetHours(utcMidnight - 3 * 3_600_000) * 3_600_000;
}

/** The day after a calendar date. */
export function nextCalendarDate(date: string): string {
  return new Date(calendarDateMs(date) + DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((calendarDateMs(to) - calendarDateMs(from)) / DAY_MS);
}
