import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The channel of the store items triggers (migration 1765000000000). */
export const STORE_ITEMS_CHANNEL = 'catalog_store_items';
/** After a change the copy reloads once no other change came for this long (a feed run adds pairs batch after batch) … */
const QUIET_MS = 2000;
/** … or at the latest this long after the first change it has not loaded. */
const MAX_STALE_MS = 30_000;

/** Every store's items, as comma-separated ids (the `finland` data: 2,200 stores, 3.36 M pairs, ~16 MB of text). */
const LOAD_SQL = `SELECT store_id AS "storeId", string_agg(item_id::text, ',') AS items FROM catalog.store_prices GROUP BY store_id`;

/** Calls `visit` with each non-negative integer of a comma-separated list (`string_agg` of ids). */
function eachId(text: string, visit: (id: number) => void): void {
  let id = 0;
  let digits = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      id = id * 10 + (c - 48);
      digits = true;
    } else {
      if (digits) visit(id);
      id = 0;
      digits = false;
    }
  }
  if (digits) visit(id);
}

/** A chosen store's items (a bit per item slot); stores without prices are left out. */
export interface ChosenStore {
  storeId: number;
  bits: Uint32Array;
}

/** One loaded state of which stores have a price of which item: a bitset of items per store. */
export class StoreItemsSnapshot {
  private constructor(
    private readonly slots: ReadonlyMap<number, number>,
    private readonly byStore: ReadonlyMap<number, Uint32Array>,
    readonly pairs: number,
  ) {}

  static async load(query: (sql: string) => Promise<{ storeId: number; items: string }[]>): Promise<StoreItemsSnapshot> {
    return StoreItemsSnapshot.fromRows(await query(LOAD_SQL));
  }

  static fromRows(rows: readonly { storeId: number; items: string }[]): StoreItemsSnapshot {
    // Two passes over the texts (slots, then bits), so no array of 3.36 M ids or substrings is ever built: a split
    // of every text cost the catalog ~60 MB of peak RSS at start on finland.
    const slots = new Map<number, number>();
    for (const row of rows) eachId(row.items, (id) => void (slots.has(id) || slots.set(id, slots.size)));
    const words = Math.ceil(slots.size / 32);
    const byStore = new Map<number, Uint32Array>();
    let pairs = 0;
    for (const row of rows) {
      const bits = new Uint32Array(words);
      eachId(row.items, (id) => {
        const slot = slots.get(id) as number;
        bits[slot >>> 5] |= 1 << (slot & 31);
        pairs++;
      });
      byStore.set(Number(row.storeId), bits);
    }
    return new StoreItemsSnapshot(slots, byStore, pairs);
  }

  /** The stores of `storeIds` that have prices, in the given order, each once. */
  choose(storeIds: readonly number[]): ChosenStore[] {
    const chosen: ChosenStore[] = [];
    for (const storeId of new Set(storeIds)) {
      const bits = this.byStore.get(storeId);
      if (bits) chosen.push({ storeId, bits });
    }
    return chosen;
  }

  /** Whether `store` has a price of item `itemId`. */
  has(itemId: number, store: ChosenStore): boolean {
    const slot = this.slots.get(itemId);
    return slot !== undefined && (store.bits[slot >>> 5] & (1 << (slot & 31))) !== 0;
  }

  /** How many of the chosen stores have a price of item `itemId`. */
  count(itemId: number, stores: readonly ChosenStore[]): number {
    const slot = this.slots.get(itemId);
    if (slot === undefined) return 0;
    const word = slot >>> 5;
    const mask = 1 << (slot & 31);
    let count = 0;
    for (const store of stores) if ((store.bits[word] & mask) !== 0) count++;
    return count;
  }
}

/**
 * The catalog service's copy of which stores have a price of which item, kept equal to catalog.store_prices: its
 * triggers NOTIFY each statement that adds or removes pairs (SearchIndex's listener forwards them). After a
 * notification the copy does not answer (`snapshot()` undefined: the search counts in SQL) until a load that
 * started after it has finished; likewise while the listener is lost.
 */
@Injectable()
export class StoreItemsIndex implements OnApplicationShutdown {
  private readonly logger = new Logger(StoreItemsIndex.name);
  private current?: StoreItemsSnapshot;
  private live = false;
  private stopped = false;
  private changes = 0;
  private loadedAt = -1;
  private loading?: Promise<void>;
  private timer?: NodeJS.Timeout;
  /** When the oldest change not loaded yet came (0: none). */
  private staleSince = 0;
  private readyWaiters: (() => void)[] = [];

  constructor(private readonly dataSource: DataSource) {}

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** The copy, when it is equal to the table; undefined otherwise. */
  snapshot(): StoreItemsSnapshot | undefined {
    return this.live && this.current && this.loadedAt === this.changes ? this.current : undefined;
  }

  /** Resolves once the copy answers (tests and tools). */
  whenReady(): Promise<void> {
    if (this.snapshot()) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** The listener is (not) receiving the notifications; once it is, the copy loads. */
  listening(live: boolean): void {
    this.live = live;
    this.changes += 1;
    if (live) this.schedule(0);
  }

  /** A `catalog_store_items` notification. */
  changed(): void {
    this.changes += 1;
    if (this.staleSince === 0) this.staleSince = Date.now();
    this.schedule(Math.min(QUIET_MS, Math.max(0, this.staleSince + MAX_STALE_MS - Date.now())));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reload(), delayMs);
    this.timer.unref();
  }

  private async reload(): Promise<void> {
    if (this.loading) return this.loading;
    const changes = this.changes;
    this.staleSince = 0;
    this.loading = (async () => {
      try {
        const started = Date.now();
        const snapshot = await StoreItemsSnapshot.load((sql) => this.dataSource.query(sql));
        if (this.stopped) return;
        this.current = snapshot;
        this.loadedAt = changes;
        this.logger.log(`Store items loaded: ${snapshot.pairs} prices in ${Date.now() - started} ms`);
      } catch (error) {
        this.logger.warn(`Store items not loaded (${error instanceof Error ? error.message : String(error)}); the search counts in SQL`);
        if (this.live) this.schedule(5000);
      } finally {
        this.loading = undefined;
      }
      // A change (or a new listener) during the load: its timer may have fired while this load ran, so load again.
      if (this.changes !== changes) {
        if (this.live) this.schedule(QUIET_MS);
      } else if (this.snapshot()) {
        const waiters = this.readyWaiters;
        this.readyWaiters = [];
        waiters.forEach((resolve) => resolve());
      }
    })();
    return this.loading;
  }
}
