import { STALE_PRICE_DAYS } from './constants';

export const TIME_ZONE = 'Europe/Helsinki';
const WEEKDAYS_SHORT = ['su', 'ma', 'ti', 'ke', 'to', 'pe', 'la'];

export interface ZonedParts {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  minute: number;
}

/**
 * Made at first use, not when the module loads: the first formatter with a time zone loads the zone's data, about
 * 75 ms on a phone with a 4× slower CPU, and this module is part of the code every page runs before the app takes
 * over from the server's first screen.
 */
let partsFormatter: Intl.DateTimeFormat | undefined;
const helsinkiFormatter = () =>
  (partsFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** Calendar date and wall-clock time of an instant in Finland. */
export function helsinkiParts(now: Date): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of helsinkiFormatter().formatToParts(now)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d + days));
  return dt.toISOString().slice(0, 10);
}

/** 'Tänään', 'Huomenna' or a short Finnish weekday with day and month, e.g. 'ke 5.6.'. */
export function formatDayLabel(isoDate: string, now: Date = new Date()): string {
  const today = helsinkiParts(now).date;
  if (isoDate === today) return 'Tänään';
  if (isoDate === addDays(today, 1)) return 'Huomenna';
  const [y, m, d] = isoDate.split('-').map(Number);
  const weekday = WEEKDAYS_SHORT[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday} ${d}.${m}.`;
}

/** A date like '4.4.2024' (Finnish day.month.year). */
export function formatFinnishDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  return `${d}.${m}.${y}`;
}

/** Date and time in Finland, e.g. '4.4.2024 klo 9.05'. */
export function formatDateTime(iso: string): string {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return '';
  const p = helsinkiParts(t);
  return `${formatFinnishDate(p.date)} klo ${p.hour}.${String(p.minute).padStart(2, '0')}`;
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;
/** Made at first use, like helsinkiFormatter. */
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat('fi', { numeric: 'auto' }));

/** Finnish relative time, e.g. '5 minuuttia sitten', 'eilen', '3 päivää sitten'. */
export function formatRelativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'juuri nyt';
  if (abs < 3600) return relative().format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative().format(Math.round(seconds / 3600), 'hour');
  if (abs < 86_400 * 30) return relative().format(Math.round(seconds / 86_400), 'day');
  if (abs < 86_400 * 365) return relative().format(Math.round(seconds / (86_400 * 30)), 'month');
  return relative().format(Math.round(seconds / (86_400 * 365)), 'year');
}

/** True when the price was last updated more than 14 days ago (or never). */
export function isStalePrice(updatedAt: string | null | undefined, now: Date = new Date()): boolean {
  if (!updatedAt) return true;
  const t = new Date(updatedAt).getTime();
  if (Number.isNaN(t)) return true;
  return now.getTime() - t > STALE_PRICE_DAYS * 86_400_000;
}
