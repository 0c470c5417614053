import type { PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import type { FeedLine } from '../feeds/feed-input';
import type { FeedPrice, FeedRecord, RecordKind, SourceAdapter } from '../feeds/feed-record';
import { eanFields, eanText, EntryWriter, type LineCache, type LineEntry, lineHash, type PublishedLinesStore, type ShardLines, unitsKey } from '../published/published-lines';
import { priceFingerprint, type PublishedPricesRepository, type StorePrices } from '../published/published-prices.repository';
import type { SourceItem } from '../registry/registry.repository';

/** Bump when what a line gives changes for every source at once (the run's events, priceFingerprint, the entry). */
const LINE_CACHE_FORMAT = 1;

/**
 * The most lines a run remembers: 48 MB of entries, held twice at most (the remembered ones and the run's), within a
 * worker pod's 768 MiB beside the run's published prices. A longer feed's further lines are parsed on every run.
 */
export const MAX_REMEMBERED = 1_000_000;

/** A line's hash (lineHash). */
export type LineKey = [number, number];

/** A line met before, not parsed when read: its price is checked when its chunk is published. */
export interface DeferredLine {
  line: string;
  lineNo: number;
  key: LineKey;
  entry: LineEntry;
  /** Where its entry is among the remembered ones. */
  index: number;
  /** How many prices the chunk held before it: where its price goes if it has to be parsed after all. */
  at: number;
}

/** What of a chunk this needs (runs/feed-runner.ts's Chunk). */
export interface LinesChunk {
  prices: FeedPrice[];
  rejects: { recordKind: RecordKind; reason: string; raw: unknown; line: number }[];
  records: number;
  /** Lines met before (not parsed yet), in order. */
  deferred: DeferredLine[];
  /** The hash of the line each price came from, for the prices that are a line's only record. */
  priceKeys: Map<FeedPrice, LineKey>;
}

/** What resolving needs of the run. */
export interface ResolveContext {
  /** Item id and units per EAN, as the run resolves its prices' EANs (RegistryRepository.pricedItems). */
  pricedItems(eans: readonly string[]): Promise<Map<string, SourceItem>>;
  /** Store id per external id of the run's store source (RegistryRepository.storeIds). */
  storeIds(externalIds: readonly string[]): Promise<Map<string, number>>;
  published: PublishedPricesRepository;
  /** What the source last published, per store, as far as the run has read it (RunContext.published). */
  publishedByStore: Map<number, StorePrices>;
  /** The (store → items) the run saw priced (RunContext.seen). */
  seen: Map<number, Set<number>>;
  /** The run's start: the time of a price whose line gives none. */
  defaultObservedAt: string;
}

export interface Resolved<C extends LinesChunk> {
  /** The chunk with the prices of the deferred lines that had to be parsed after all, each where its line was. */
  chunk: C;
  /** What those lines gave other than a price (a line that no longer reads). */
  rejects: LinesChunk['rejects'];
  /** Lines skipped as unchanged prices: each counted seen and unchanged. */
  skipped: number;
  /** The newest time of the skipped prices (ISO), or null. */
  newest: string | null;
}

/**
 * A run that pays for change only: a line of a file feed whose bytes a previous whole run of the source read, and
 * whose one price is still what the source last published for that store and item, is not parsed. It counts as a
 * price the run saw unchanged, exactly as if it had been parsed and compared: seen (the run-completed event's `seen`,
 * so the catalog's "last seen" freshens it and it is not unlisted), its store priced (`priced_at`), counted in
 * `prices_unchanged`, its time in the run's newest observation. Everything the price depends on beyond the line is
 * checked first, when its chunk is published (after the chunk's products are registered, as a parsed price sees
 * them): each line's EAN still names the same item with the same units, and, as the run compares a store and item's
 * prices, the newest of the chunk's lines of that pair (by time, the last of equals) still equals what the store last
 * published for the item. The lines of a pair that fails a check, or that the chunk also has a parsed price of, are
 * parsed after all, each in its place among the chunk's prices, so the run publishes what it would have without this.
 *
 * Only for a source whose parser reads each line on its own (SourceAdapter.lineCacheVersion) and a run that reads
 * the feed whole or a part of a split run (not resumed, not a pull: those have no `seen`); a split run's parts
 * remember their lines apart and its end merges them (PublishedLinesStore.adoptParts). A line is remembered when it gave one price of one
 * named store, without a campaign start (whether a start is still ahead depends on the clock), that the run accepted.
 */
export class UnchangedLines {
  /** What the run remembers for the next one (48 bytes a line, outside the heap; at most MAX_REMEMBERED). */
  private readonly entries = new EntryWriter(MAX_REMEMBERED);
  /** Lines skipped so far. */
  skipped = 0;
  /** Lines met that were remembered (skipped or parsed after all). */
  private met = 0;
  /** Entries of lines the run parsed that differ from what was remembered of them (or that were not remembered). */
  private newEntries = 0;

  private constructor(
    private readonly store: PublishedLinesStore,
    private readonly source: string,
    private readonly version: string,
    private readonly cache: LineCache,
    /** A parser of the source's own (its lines are read on their own) for the lines parsed after all. */
    private readonly parse: (line: string, lineNo: number) => FeedRecord[],
  ) {}

  /** The run's line cache, or null when the source's lines cannot be read on their own. */
  static async open(store: PublishedLinesStore, source: string, adapter: SourceAdapter): Promise<UnchangedLines | null> {
    if (adapter.lineCacheVersion === undefined) return null;
    const version = `${LINE_CACHE_FORMAT}.${adapter.lineCacheVersion}`;
    return new UnchangedLines(store, source, version, await store.load(source, version), adapter.createParser());
  }

  /** Lines the previous whole run remembered. */
  get remembered(): number {
    return this.cache.size;
  }

  keyOf(line: FeedLine): LineKey | null {
    return typeof line === 'string' ? lineHash(line) : null;
  }

  /** Before parsing a line: true when it was met before and is deferred (counted as the chunk's record, not parsed). */
  defer(chunk: LinesChunk, key: LineKey | null, line: FeedLine, lineNo: number): boolean {
    if (key === null || typeof line !== 'string') return false;
    const index = this.cache.indexOf(key[0], key[1]);
    if (index < 0) return false;
    chunk.deferred.push({ line, lineNo, key, entry: this.cache.entryAt(index), index, at: chunk.prices.length });
    this.met++;
    chunk.records++;
    return true;
  }

  /** After parsing a line, before its records are added to the chunk: notes the price of a line that gave only one. */
  noteParsed(chunk: LinesChunk, key: LineKey | null, records: readonly FeedRecord[]): void {
    if (key === null || records.length !== 1) return;
    const record = records[0];
    if (record.kind === 'price' && record.value.externalStoreId !== null && !record.value.campaignStartsAt) chunk.priceKeys.set(record.value, key);
  }

  /** A parsed price the run accepted, as the event it became: remembered when it was its line's only record. */
  remember(chunk: LinesChunk, price: FeedPrice, item: SourceItem, event: PriceObservedEvent): void {
    const key = chunk.priceKeys.get(price);
    if (!key) return;
    const entry: LineEntry = {
      h1: key[0],
      h2: key[1],
      storeId: event.storeId,
      itemId: event.itemId,
      price: event.price,
      fingerprint: priceFingerprint(event),
      units: unitsKey(item.priceUnit, item.comparisonPriceUnit),
      ...eanFields(price.ean),
      observedAt: price.observedAt === null ? Number.NaN : Date.parse(price.observedAt),
    };
    this.entries.add(entry);
    // A line parsed after all (met before) gives what is remembered of it, unless its item's units changed.
    if (!sameEntry(this.cache.find(key[0], key[1]), entry)) this.newEntries++;
  }

  /**
   * Checks a chunk's deferred lines (see the class): skips those that are unchanged prices and puts the prices of the
   * others into the chunk, parsed after all.
   */
  async resolve<C extends LinesChunk>(chunk: C, run: ResolveContext): Promise<Resolved<C>> {
    const deferred = chunk.deferred;
    if (deferred.length === 0) return { chunk, rejects: [], skipped: 0, newest: null };
    // Each item's EAN (one per item) and each store once: the lines of a chunk are mostly of a few thousand items.
    const eanOfItem = new Map<number, LineEntry>();
    const badItems = new Set<number>();
    const storeIds = new Set<number>();
    for (const { entry } of deferred) {
      storeIds.add(entry.storeId);
      const known = eanOfItem.get(entry.itemId);
      if (!known) eanOfItem.set(entry.itemId, entry);
      else if (known.eanCode !== entry.eanCode || known.eanDigits !== entry.eanDigits) badItems.add(entry.itemId);
    }
    const items = await run.pricedItems([...eanOfItem.values()].map(eanText));
    // The units each item's prices fall back on now; absent: the EAN names no item or another one.
    const unitsOfItem = new Map<number, number>();
    for (const [itemId, entry] of eanOfItem) {
      const item = items.get(eanText(entry));
      if (item && item.itemId === itemId && !badItems.has(itemId)) unitsOfItem.set(itemId, unitsKey(item.priceUnit, item.comparisonPriceUnit));
    }
    await this.loadPublished(run, [...storeIds]);
    // The chunk's parsed prices by store and item: a deferred line of a pair the chunk also parses is parsed too, since
    // the newest price of a store and item in a chunk decides whether it changed.
    const parsedPairs = new Map<number, Set<number>>();
    const nationalItems = new Set<number>();
    if (chunk.prices.length > 0) {
      const parsedItems = await run.pricedItems([...new Set(chunk.prices.map((p) => p.ean))]);
      const named = chunk.prices.map((p) => p.externalStoreId).filter((id): id is string => id !== null);
      const stores = await run.storeIds(named);
      for (const price of chunk.prices) {
        const item = parsedItems.get(price.ean);
        if (!item) continue;
        if (price.externalStoreId === null) nationalItems.add(item.itemId);
        else {
          const storeId = stores.get(price.externalStoreId);
          if (storeId === undefined) continue;
          const ofStore = parsedPairs.get(storeId);
          if (ofStore) ofStore.add(item.itemId);
          else parsedPairs.set(storeId, new Set([item.itemId]));
        }
      }
    }
    // As the run compares a store and item's prices: the pair's newest observation in the chunk (the last of the newest;
    // a pair may come with its history) against what the store last published. Each line's item is checked first.
    const defaultMs = Date.parse(run.defaultObservedAt);
    const pairOf = new Map<number, Map<number, number>>();
    const lineToPair = new Int32Array(deferred.length);
    const newestOfPair = new Int32Array(deferred.length);
    const failedPair = new Uint8Array(deferred.length);
    const times = new Float64Array(deferred.length);
    let pairs = 0;
    for (let i = 0; i < deferred.length; i++) {
      const { entry } = deferred[i];
      let ofStore = pairOf.get(entry.storeId);
      if (!ofStore) pairOf.set(entry.storeId, (ofStore = new Map()));
      let pair = ofStore.get(entry.itemId);
      if (pair === undefined) {
        ofStore.set(entry.itemId, (pair = pairs++));
        newestOfPair[pair] = i;
      }
      lineToPair[i] = pair;
      if (unitsOfItem.get(entry.itemId) !== entry.units) failedPair[pair] = 1;
      const ms = (times[i] = Number.isNaN(entry.observedAt) ? defaultMs : entry.observedAt);
      if (!(ms < times[newestOfPair[pair]])) newestOfPair[pair] = i;
    }
    let failures = 0;
    for (let pair = 0; pair < pairs; pair++) {
      const { entry } = deferred[newestOfPair[pair]];
      const last = run.publishedByStore.get(entry.storeId)?.get(entry.itemId);
      const conflict = parsedPairs.get(entry.storeId)?.has(entry.itemId) || nationalItems.has(entry.itemId);
      if (failedPair[pair] || conflict || !last || last.price !== entry.price || last.fingerprint !== entry.fingerprint) {
        failedPair[pair] = 1;
        failures++;
      }
    }
    const parseAfterAll = new Set<DeferredLine>();
    if (failures > 0) for (let i = 0; i < deferred.length; i++) if (failedPair[lineToPair[i]]) parseAfterAll.add(deferred[i]);

    let skipped = 0;
    let newestMs = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < deferred.length; i++) {
      const d = deferred[i];
      if (parseAfterAll.size > 0 && parseAfterAll.has(d)) continue;
      const { entry } = d;
      skipped++;
      this.cache.copyTo(this.entries, d.index);
      let seenItems = run.seen.get(entry.storeId);
      if (!seenItems) run.seen.set(entry.storeId, (seenItems = new Set()));
      seenItems.add(entry.itemId);
      if (times[i] > newestMs) newestMs = times[i];
    }
    // The times are canonical ISO (isoTime): the latest in ms is the greatest as text.
    const newest = skipped === 0 ? null : newestMs === defaultMs ? run.defaultObservedAt : new Date(newestMs).toISOString();
    this.skipped += skipped;
    if (parseAfterAll.size === 0) return { chunk: { ...chunk, deferred: [] }, rejects: [], skipped, newest };

    // The lines parsed after all, their prices where their lines were among the chunk's prices.
    const late = deferred.filter((d) => parseAfterAll.has(d));
    const prices: FeedPrice[] = [];
    const rejects: LinesChunk['rejects'] = [];
    let records = chunk.records;
    let next = 0;
    for (let i = 0; i <= chunk.prices.length; i++) {
      for (; next < late.length && late[next].at === i; next++) {
        const d = late[next];
        const parsed = parseLine(this.parse, d.line, d.lineNo);
        this.noteParsed(chunk, d.key, parsed);
        records += parsed.length - 1;
        for (const record of parsed) {
          if (record.kind === 'price') prices.push(record.value);
          else if (record.kind === 'reject') rejects.push({ recordKind: record.recordKind, reason: record.reason, raw: record.raw, line: d.lineNo });
          else
            rejects.push({
              recordKind: 'line',
              reason: `the line read as one price in an earlier run and now as a ${record.kind} (the source's lineCacheVersion was not bumped)`,
              raw: d.line.slice(0, 2000),
              line: d.lineNo,
            });
        }
      }
      if (i < chunk.prices.length) prices.push(chunk.prices[i]);
    }
    return { chunk: { ...chunk, prices, records, deferred: [] }, rejects, skipped, newest };
  }

  /** What a completed part of a split run remembers (saved with the part; merged at the run's end: PublishedLinesStore.adoptParts). */
  forShard(): ShardLines {
    return { version: this.version, entries: this.entries, met: this.met, newEntries: this.newEntries };
  }

  /** The entries the run has for the next run so far. */
  get toRemember(): number {
    return this.entries.count;
  }

  /**
   * Remembers the run's lines for the next run (call once the run read its feed whole). A run that met every remembered
   * line and remembers nothing new keeps what is stored: the same lines. (Entries of lines a run no longer has
   * would do no harm either: an entry holds what its line gives, and is used only after the checks of `resolve`.)
   */
  async save(): Promise<boolean> {
    if (this.newEntries === 0 && this.met >= this.cache.size) return false;
    await this.store.save(this.source, this.version, this.entries);
    return true;
  }

  private async loadPublished(run: ResolveContext, storeIds: readonly number[]): Promise<void> {
    const missing = [...new Set(storeIds)].filter((storeId) => !run.publishedByStore.has(storeId));
    if (missing.length === 0) return;
    const loaded = await run.published.load(this.source, missing);
    for (const storeId of missing) run.publishedByStore.set(storeId, loaded.get(storeId) ?? new Map());
  }
}

function sameEntry(a: LineEntry | null, b: LineEntry): boolean {
  return (
    a !== null &&
    a.storeId === b.storeId &&
    a.itemId === b.itemId &&
    a.price === b.price &&
    a.fingerprint === b.fingerprint &&
    a.units === b.units &&
    a.eanCode === b.eanCode &&
    a.eanDigits === b.eanDigits &&
    Object.is(a.observedAt, b.observedAt)
  );
}

function parseLine(parse: (line: string, lineNo: number) => FeedRecord[], line: string, lineNo: number): FeedRecord[] {
  try {
    return parse(line, lineNo);
  } catch (error) {
    return [{ kind: 'reject', recordKind: 'line', reason: `unreadable record: ${(error as Error).message}`, raw: line.slice(0, 2000) }];
  }
}
