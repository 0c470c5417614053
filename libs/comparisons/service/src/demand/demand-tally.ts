/** What is counted: a store selected in a comparison, or an item in a compared cart. */
export type DemandKind = 'store' | 'item';

/** One day's count of one store or item, as flushed. */
export interface DemandRow {
  day: string;
  kind: DemandKind;
  id: number;
  count: number;
}

/** Distinct keys one tally holds before new ones are dropped (ids are only checked to be positive integers). */
export const DEFAULT_MAX_KEYS = 200_000;

interface DayCounts {
  store: Map<number, number>;
  item: Map<number, number>;
}

/**
 * The in-memory counts between two flushes: per day, a count per store id and per item id, nothing else (no cart,
 * session or address ever reaches it). `record` is O(stores + lines) with no I/O. Past `maxKeys` distinct keys a new
 * key is dropped (counted in `dropped`), so ids made up by a client cannot grow it without bound.
 */
export class DemandTally {
  private days = new Map<string, DayCounts>();
  private keys = 0;
  dropped = 0;

  constructor(readonly maxKeys = DEFAULT_MAX_KEYS) {}

  /** One comparison on `day` (YYYY-MM-DD): each store once, each item once however many lines name it. */
  record(day: string, storeIds: readonly number[], lines: readonly { itemId: number }[]): void {
    let counts = this.days.get(day);
    if (!counts) this.days.set(day, (counts = { store: new Map(), item: new Map() }));
    for (const id of new Set(storeIds)) this.add(counts.store, id, 1);
    const items = new Set<number>();
    for (const line of lines) items.add(line.itemId);
    for (const id of items) this.add(counts.item, id, 1);
  }

  get size(): number {
    return this.keys;
  }

  /** The counts so far as rows, and an empty tally from now on. */
  take(): DemandRow[] {
    const rows: DemandRow[] = [];
    for (const [day, counts] of this.days) {
      for (const [id, count] of counts.store) rows.push({ day, kind: 'store', id, count });
      for (const [id, count] of counts.item) rows.push({ day, kind: 'item', id, count });
    }
    this.days = new Map();
    this.keys = 0;
    return rows;
  }

  /** Adds rows back (a flush that failed), so they go with the next one. */
  restore(rows: readonly DemandRow[]): void {
    for (const row of rows) {
      let counts = this.days.get(row.day);
      if (!counts) this.days.set(row.day, (counts = { store: new Map(), item: new Map() }));
      this.add(counts[row.kind], row.id, row.count);
    }
  }

  private add(map: Map<number, number>, id: number, by: number): void {
    const count = map.get(id);
    if (count !== undefined) map.set(id, count + by);
    else if (this.keys >= this.maxKeys) this.dropped += by;
    else {
      map.set(id, by);
      this.keys++;
    }
  }
}

/** The UTC day (YYYY-MM-DD) of a time in ms. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The UTC day `days` days before `day`. */
export function daysBefore(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000);
}
