/** One day's opening hours as the store contracts carry them (opens/closes HH:MM, 24:00 for midnight). */
export interface DayHours {
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
}

export const CLOSED: DayHours = { opens: null, closes: null, isOpenAllDay: false };
export const ALL_DAY: DayHours = { opens: null, closes: null, isOpenAllDay: true };

/** A key that two days with the same hours share. */
export const hoursKey = (h: DayHours): string => (h.isOpenAllDay ? 'all-day' : `${h.opens ?? '-'}/${h.closes ?? '-'}`);

/**
 * The most common hours among `days` (a weekday's regular days: its hours in the regular week); on a tie the hours
 * seen first win (callers pass the days earliest first). Null for no days.
 */
export function mostCommonHours(days: readonly { hours: DayHours }[]): DayHours | null {
  const counts = new Map<string, { hours: DayHours; count: number }>();
  for (const { hours } of days) {
    const entry = counts.get(hoursKey(hours)) ?? { hours, count: 0 };
    entry.count++;
    counts.set(hoursKey(hours), entry);
  }
  // Map keeps insertion order, so on a tie the earliest hours win.
  let best: { hours: DayHours; count: number } | null = null;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best?.hours ?? null;
}
