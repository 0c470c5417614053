import { DEMAND_LIMITS, type DemandCounts } from '@hintakori/comparisons-contracts';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DemandTally, daysBefore, utcDay, type DemandRow } from './demand-tally';
import { DemandRepository } from './demand.repository';

/** How often the counts go to the table. */
export const DEMAND_FLUSH_MS = 30_000;
/** Days older than this (before today − 8, UTC) are deleted. */
export const DEMAND_KEEP_DAYS = 8;
/** The pruning runs at most this often (and at the first flush). */
const PRUNE_EVERY_MS = 3_600_000;

export interface DemandStore {
  add(rows: readonly DemandRow[]): Promise<void>;
  pruneBefore(day: string): Promise<number>;
  top(sinceDay: string, limit: number): Promise<DemandCounts>;
}

/**
 * Counts, per UTC day, how often shoppers' comparisons (store totals, split) selected each store and had each item in
 * their lines: in memory, O(stores + lines) a request and no SQL on the request's path; every 30 s (and on shutdown)
 * the counts are added to comparisons.demand_daily in a few upserts, and days older than 8 are pruned. Nothing of the
 * request but its store and item ids is kept. A flush that fails keeps its counts for the next one.
 */
@Injectable()
export class DemandCounter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('DemandCounter');
  private readonly tally = new DemandTally();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastPruneAt = Number.NEGATIVE_INFINITY;
  private day = '';
  private dayStartsAt = 0;
  private dayEndsAt = 0;

  /** The clock (tests set it). */
  now: () => number = Date.now;

  constructor(@Inject(DemandRepository) private readonly store: DemandStore) {}

  /** One comparison: its stores and its lines' items (each once). */
  record(storeIds: readonly number[], lines: readonly { itemId: number }[]): void {
    const now = this.now();
    if (now >= this.dayEndsAt || now < this.dayStartsAt) {
      this.day = utcDay(now);
      this.dayStartsAt = Date.parse(`${this.day}T00:00:00Z`);
      this.dayEndsAt = this.dayStartsAt + 86_400_000;
    }
    this.tally.record(this.day, storeIds, lines);
  }

  /** Distinct keys waiting for the next flush. */
  get pending(): number {
    return this.tally.size;
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), DEMAND_FLUSH_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes the counts so far (one flush at a time; a call during one waits for it and then flushes again). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.write().finally(() => (this.flushing = null));
    await this.flushing;
  }

  private async write(): Promise<void> {
    const rows = this.tally.take();
    const dropped = this.tally.dropped;
    this.tally.dropped = 0;
    if (dropped > 0) this.logger.warn(`${dropped} counts of new ids dropped: over ${this.tally.maxKeys} distinct ids in one flush`);
    try {
      await this.store.add(rows);
    } catch (error) {
      this.tally.restore(rows);
      this.logger.warn(`could not write ${rows.length} demand counts (kept for the next flush): ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const now = this.now();
    if (now - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = now;
      await this.store.pruneBefore(daysBefore(utcDay(now), DEMAND_KEEP_DAYS)).catch((error: unknown) => {
        this.logger.warn(`could not prune old demand counts: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  }

  /** The last `days` days' counts (today included), most first, at most `limit` stores and items. */
  counts(days: number, limit: number = DEMAND_LIMITS.top): Promise<DemandCounts> {
    return this.store.top(daysBefore(utcDay(this.now()), days - 1), limit);
  }
}
