/**
 * A full garbage collection when the worker falls idle: the feed-run worker works in bursts (a run, then minutes with
 * nothing to do), and V8 keeps the memory a burst took (garbage awaiting a major collection, and freed pages in its
 * pool) while an idle process never gets to give it back. Measured on a stack (2026-12-08, `small`, a changed S group
 * feed every 17 s): the worker's RSS climbed 224.7 → 243.4 MB over 12 runs; with a full collection after each run it
 * fell to 190.7 MB and held 190.7–192.8 MB over the next 12 (docs/performance.md#soak). The live heap grew 0.35 MB
 * over 7 runs (heap snapshots): the memory is kept, not leaked. Only V8's last-resort collection gives the pages
 * back: a plain major one took the heap V8 holds 110 → 89 MB and left the RSS at 237 MB; the last-resort one took
 * it to 187 MB, in 105–109 ms on a 71 MB heap.
 *
 * The collection needs V8's `gc` (Node's `--expose-gc`: tools/runtime/stack-apps.mjs NODE_ARGS, the chart's
 * config.nodeArgs); without it this does nothing. It runs `delayMs` after the last job of the process ends, only if
 * no job started since, as an asynchronous last-resort collection.
 */
export type CollectGarbage = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => Promise<void> | void;

export interface IdleCollectorOptions {
  /** V8's gc, when the process exposes it (default: globalThis.gc). */
  gc?: CollectGarbage | undefined;
  /** How long the worker must stay idle before the collection (default 2 s). */
  delayMs?: number;
  onCollected?: (ms: number) => void;
}

export class IdleCollector {
  private active = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly gc: CollectGarbage | undefined;
  private readonly delayMs: number;
  /** Collections run so far. */
  collections = 0;

  constructor(private readonly options: IdleCollectorOptions = {}) {
    this.gc = 'gc' in options ? options.gc : (globalThis as { gc?: CollectGarbage }).gc;
    this.delayMs = options.delayMs ?? 2000;
  }

  /** Whether collections can run (the process exposes gc). */
  get enabled(): boolean {
    return typeof this.gc === 'function';
  }

  /** Runs `work` as one job: the collection waits until no job is running. */
  async around<T>(work: () => Promise<T>): Promise<T> {
    this.active++;
    this.cancel();
    try {
      return await work();
    } finally {
      this.active--;
      if (this.active === 0) this.schedule();
    }
  }

  /** Stops a pending collection (at shutdown). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    const gc = this.gc;
    if (typeof gc !== 'function') return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.active > 0) return;
      const started = performance.now();
      this.collections++;
      void Promise.resolve(gc({ type: 'major', execution: 'async', flavor: 'last-resort' }))
        .then(() => this.options.onCollected?.(performance.now() - started))
        .catch(() => undefined);
    }, this.delayMs);
    this.timer.unref();
  }
}
