import type { OpeningEntryDto } from '@hintakori/stores-contracts';
import { CLOSING_SOON_MINUTES } from './constants';
import { addDays, formatDayLabel, helsinkiParts } from './dates';

/** A dated opening entry, as the stores service answers it. */
export type OpeningEntry = OpeningEntryDto;

/** Entries may arrive as nested lists; this is the shape the client accepts. */
export type OpeningEntries = ReadonlyArray<OpeningEntry | ReadonlyArray<OpeningEntry>> | null | undefined;

export interface OpeningSource {
  openingTimes?: OpeningEntries;
  openingTimeExceptions?: OpeningEntries;
}

export type OpenStatus =
  | { kind: 'open'; label: 'Avoinna' }
  | { kind: 'closingSoon'; minutes: number; label: string }
  | { kind: 'closed'; label: 'Suljettu' };

export function flattenEntries(entries: OpeningEntries): OpeningEntry[] {
  if (!entries) return [];
  const out: OpeningEntry[] = [];
  for (const e of entries) {
    if (Array.isArray(e)) out.push(...flattenEntries(e as ReadonlyArray<OpeningEntry>));
    else if (e) out.push(e as OpeningEntry);
  }
  return out;
}

/** The entry of a date: an exception first, else the regular entry. */
export function entryForDate(source: OpeningSource, isoDate: string): OpeningEntry | undefined {
  return (
    flattenEntries(source.openingTimeExceptions).find((e) => e.date === isoDate) ??
    flattenEntries(source.openingTimes).find((e) => e.date === isoDate)
  );
}

function toMinutes(hhmm: string): number | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Open/closed badge status at `now` (Finnish local time). */
export function openStatus(source: OpeningSource, now: Date = new Date()): OpenStatus {
  const { date, hour, minute } = helsinkiParts(now);
  const entry = entryForDate(source, date);
  if (entry?.isOpenAllDay) return { kind: 'open', label: 'Avoinna' };
  if (!entry || !entry.opens || !entry.closes) return { kind: 'closed', label: 'Suljettu' };
  const opens = toMinutes(entry.opens);
  let closes = toMinutes(entry.closes);
  if (opens === null || closes === null) return { kind: 'closed', label: 'Suljettu' };
  // A closing time of 00:00 (or earlier than opening) means midnight at the end of the day.
  if (closes <= opens) closes += 24 * 60;
  const current = hour * 60 + minute;
  if (current < opens || current > closes) return { kind: 'closed', label: 'Suljettu' };
  const left = closes - current;
  if (left < CLOSING_SOON_MINUTES) return { kind: 'closingSoon', minutes: left, label: `Suljetaan pian (${left} min)` };
  return { kind: 'open', label: 'Avoinna' };
}

export interface OpeningDay {
  date: string;
  label: string;
  hours: string;
  description: string | null;
  isToday: boolean;
}

const trimTime = (t: string) => t.slice(0, 5);

/** Opening times from yesterday through six days ahead; empty when the store has none. */
export function openingWeek(source: OpeningSource, now: Date = new Date()): OpeningDay[] {
  if (flattenEntries(source.openingTimes).length === 0 && flattenEntries(source.openingTimeExceptions).length === 0) {
    return [];
  }
  const today = helsinkiParts(now).date;
  const days: OpeningDay[] = [];
  for (let offset = -1; offset <= 6; offset++) {
    const date = addDays(today, offset);
    const entry = entryForDate(source, date);
    let hours = 'Suljettu';
    if (entry?.isOpenAllDay) hours = '24h';
    else if (entry?.opens && entry.closes) hours = `${trimTime(entry.opens)}–${trimTime(entry.closes)}`;
    const label = formatDayLabel(date, now);
    days.push({ date, label, hours, description: entry?.description ?? null, isToday: offset === 0 });
  }
  return days;
}
