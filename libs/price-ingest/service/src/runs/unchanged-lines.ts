import type { PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { type LineBlock, lineAt } from '../feeds/feed-input';
import type { FeedPrice, FeedRecord, RecordKind, SourceAdapter } from '../feeds/feed-record';
import { eanFields, eanText, EntryWriter, type LineCache, type LineEntry, lineHash, lineHashBytes, type PublishedLinesStore, type ShardLines, unitsKey } from '../published/published-lines';
import { priceFingerprint, type PublishedPricesRepository, type StorePrices } from '../published/published-prices.repository';
import type { SourceItem } from '../registry/registry.repository';

/**
 * Bump when what a line gives changes for every source at once (the run's events, priceFingerprint, the entry), or
 * how a line is hashed (2: over its bytes, lineHashBytes).
 */
const LINE_CACHE_FORMAT = 2;

/**
 * The most lines a run remembers: 48 MB of entries, held twice at most (the remembered ones and the run's), within a
 * worker pod's 768 MiB beside the run's published prices. A longer feed's further lines are parsed on every run.
 */
export const MAX_REMEMBERED = 1_000_000;

/** A line's hash (lineHash). */
export type LineKey = [number, number];

/**
 * A chunk's lines met before, not parsed when read (their price is checked when the chunk is published), in order:
 * per line its block and place in it (decoded only if it has to be parsed after all), its number, where its entry is
 * among the remembered ones, and how many prices the chunk held before it (where its price goes if it is parsed).
 */
export class DeferredLines {
  length = 0;
  readonly blocks: LineBlock[] = [];
  readonly places: number[] = [];
  readonly lineNos: number[] = [];
  readonly indexes: number[] = [];
  readonly ats: number[] = [];

  push(block: LineBlock, place: number, lineNo: number, index: number, at: number): void {
    this.blocks.push(block);
    this.places.push(place);
    this.lineNos.push(lineNo);
    this.indexes.push(index);
    this.ats.push(at);
    this.length++;
  }

  /** Line i's text. */
  text(i: number): string {
    return lineAt(this.blocks[i], this.places[i]) as string;
  }
}

/** What of a chunk this needs (runs/feed-runner.ts's Chunk). */
export interface LinesChunk {
  prices: FeedPrice[];
  rejects: { recordKind: RecordKind; reason: string; raw: unknown; line: number }[];
  records: number;
  /** Lines met before (not parsed yet), in order. */
  deferred: DeferredLines;
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

  /** The hash of the line last given to `defer`, unless it was overlong. */
  private readonly hash = new Int32Array(2);
  private hashed = false;

  /**
   * Before parsing line `place` of a block: true when it was met before and is deferred (counted as the chunk's
   * record, not parsed, not even decoded). Hashes its bytes as read; `lastKey` is then its hash for `noteParsed`.
   */
  defer(chunk: LinesChunk, block: LineBlock, place: number, lineNo: number): boolean {
    this.hashed = false;
    if (block.texts) {
      const text = block.texts[place];
      if (typeof text !== 'string') return false;
      const [h1, h2] = lineHash(text);
      this.hash[0] = h1;
      this.hash[1] = h2;
    } else {
      if (block.overlong?.has(place)) return false;
      lineHashBytes(block.bytes, block.starts[place], block.ends[place], this.hash);
    }
    this.hashed = true;
    const index = this.cache.indexOf(this.hash[0], this.hash[1]);
    if (index < 0) return false;
    chunk.deferred.push(block, place, lineNo, index, chunk.prices.length);
    this.met++;
    chunk.records++;
    return true;
  }

  /** The hash of the line `defer` last looked at and did not defer, or null (an overlong line). */
  lastKey(): LineKey | null {
    return this.hashed ? [this.hash[0], this.hash[1]] : null;
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
    const n = deferred.length;
    if (n === 0) return { chunk, rejects: [], skipped: 0, newest: null };
    const cache = this.cache;
    const indexes = deferred.indexes;
    // Each item's EAN (one per item) and each store once: the lines of a chunk are mostly of a few thousand items.
    const eanOfItem = new Map<number, number>(); // item → the entry index of its first line
    const badItems = new Set<number>();
    const storeIds = new Set<number>();
    for (let i = 0; i < n; i++) {
      const index = indexes[i];
      const itemId = cache.itemId(index);
      storeIds.add(cache.storeId(index));
      const known = eanOfItem.get(itemId);
      if (known === undefined) eanOfItem.set(itemId, index);
      else if (cache.eanCode(known) !== cache.eanCode(index) || cache.eanDigits(known) !== cache.eanDigits(index)) badItems.add(itemId);
    }
    const eanOf = (index: number) => eanText({ eanCode: cache.eanCode(index), eanDigits: cache.eanDigits(index) });
    const items = await run.pricedItems([...eanOfItem.values()].map(eanOf));
    // The units each item's prices fall back on now; absent: the EAN names no item or another one.
    const unitsOfItem = new Map<number, number>();
    for (const [itemId, index] of eanOfItem) {
      const item = items.get(eanOf(index));
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
    // A pair by one number: store · 2^32 + item (ids are int4, so it is exact).
    const pairOf = new Map<number, number>();
    const lineToPair = new Int32Array(n);
    const newestOfPair = new Int32Array(n);
    const failedPair = new Uint8Array(n);
    const times = new Float64Array(n);
    let pairs = 0;
    for (let i = 0; i < n; i++) {
      const index = indexes[i];
      const storeId = cache.storeId(index);
      const itemId = cache.itemId(index);
      const pairKey = storeId * 4294967296 + (itemId >>> 0);
      let pair = pairOf.get(pairKey);
      if (pair === undefined) {
        pairOf.set(pairKey, (pair = pairs++));
        newestOfPair[pair] = i;
      }
      lineToPair[i] = pair;
      if (unitsOfItem.get(itemId) !== cache.units(index)) failedPair[pair] = 1;
      const observedAt = cache.observedAt(index);
      const ms = (times[i] = Number.isNaN(observedAt) ? defaultMs : observedAt);
      if (!(ms < times[newestOfPair[pair]])) newestOfPair[pair] = i;
    }
    let failures = 0;
    for (let pair = 0; pair < pairs; pair++) {
      const index = indexes[newestOfPair[pair]];
      const storeId = cache.storeId(index);
      const itemId = cache.itemId(index);
      const last = run.publishedByStore.get(storeId)?.get(itemId);
      const conflict = parsedPairs.get(storeId)?.has(itemId) || nationalItems.has(itemId);
      if (failedPair[pair] || conflict || !last || last.price !== cache.price(index) || last.fingerprint !== cache.fingerprint(index)) {
        failedPair[pair] = 1;
        failures++;
      }
    }

    let skipped = 0;
    let newestMs = Number.NEGATIVE_INFINITY;
    let seenStore = Number.NaN;
    let seenItems: Set<number> | undefined;
    for (let i = 0; i < n; i++) {
      if (failures > 0 && failedPair[lineToPair[i]]) continue;
      const index = indexes[i];
      skipped++;
      cache.copyTo(this.entries, index);
      // A feed lists a store's prices together: the store's set is looked up again only when the store changes.
      const storeId = cache.storeId(index);
      if (storeId !== seenStore) {
        seenStore = storeId;
        seenItems = run.seen.get(storeId);
        if (!seenItems) run.seen.set(storeId, (seenItems = new Set()));
      }
      (seenItems as Set<number>).add(cache.itemId(index));
      if (times[i] > newestMs) newestMs = times[i];
    }
    // The times are canonical ISO (isoTime): the latest in ms is the greatest as text.
    const newest = skipped === 0 ? null : newestMs === defaultMs ? run.defaultObservedAt : new Date(newestMs).toISOString();
    this.skipped += skipped;
    if (failures === 0) return { chunk: { ...chunk, deferred: new DeferredLines() }, rejects: [], skipped, newest };

    // The lines parsed after all, their prices where their lines were among the chunk's prices.
    const late: number[] = [];
    for (let i = 0; i < n; i++) if (failedPair[lineToPair[i]]) late.push(i);
    const prices: FeedPrice[] = [];
    const rejects: LinesChunk['rejects'] = [];
    let records = chunk.records;
    let next = 0;
    for (let p = 0; p <= chunk.prices.length; p++) {
      for (; next < late.length && deferred.ats[late[next]] === p; next++) {
        const d = late[next];
        const line = deferred.text(d);
        const lineNo = deferred.lineNos[d];
        const parsed = parseLine(this.parse, line, lineNo);
        // Its hash is its entry's (the entry was found by it).
        this.noteParsed(chunk, cache.hashAt(indexes[d]), parsed);
        records += parsed.length - 1;
        for (const record of parsed) {
          if (record.kind === 'price') prices.push(record.value);
          else if (record.kind === 'reject') rejects.push({ recordKind: record.recordKind, reason: record.reason, raw: record.raw, line: lineNo });
          else
            rejects.push({
              recordKind: 'line',
              reason: `the line read as one price in an earlier run and now as a ${record.kind} (the source's lineCacheVersion was not bumped)`,
              raw: line.slice(0, 2000),
              line: lineNo,
            });
        }
      }
      if (p < chunk.prices.length) prices.push(chunk.prices[p]);
    }
    return { chunk: { ...chunk, prices, records, deferred: new DeferredLines() }, rejects, skipped, newest };
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
