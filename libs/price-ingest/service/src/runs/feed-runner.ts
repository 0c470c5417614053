import {
  DeadLetterRecord,
  IngestTopics,
  ItemUpsertedEvent,
  OfferUpsertedEvent,
  PriceObservedEvent,
  RunCompletedEvent,
  RunSeenStores,
  StoreUpsertedEvent,
} from '@hintakori/price-ingest-contracts';
import { MAX_AVERAGE_WEIGHT_GRAMS, MAX_MULTIBUY_QUANTITY, PRICE_CARDS } from '@hintakori/shared-contracts';
import { Logger } from '@nestjs/common';
import { adapterFor, type AdapterOptions } from '../feeds/adapters';
import { blocksOf, DEFAULT_FEED_LIMITS, type FeedInput, type FeedLimits, type FeedLine, FeedTooLargeError, isOverlong, lineAt, openFeed } from '../feeds/feed-input';
import type { FeedOffer, FeedPrice, FeedProduct, FeedRecord, FeedStore, RecordKind, SourceAdapter } from '../feeds/feed-record';
import { isPullSource, partBudget, type PullContext, type PullPart, type RefreshPriorities } from '../sources/pull-source';
import { askingAgain, forSource, SourceBlockedError, type SourceHttp } from '../sources/source-http';
import { priceFingerprint, type PublishedPrice, PublishedPricesRepository, type StorePrices } from '../published/published-prices.repository';
import { IngestPublisher, OutgoingMessage } from '../publishing/ingest-publisher';
import { RegistryRepository } from '../registry/registry.repository';
import { ChunkCounts, FeedRun, FeedRunsRepository } from './feed-runs.repository';
import { cleanRecords } from './record-cleaning';
import { DeferredLines, type LineKey, UnchangedLines } from './unchanged-lines';

/** Lines per checkpoint: a crash repeats at most this much publishing (idempotent downstream) and never counts it twice. */
export const DEFAULT_CHUNK_LINES = 20_000;
/** At most this many price events per Kafka message (all of one item). */
export const MAX_EVENTS_PER_MESSAGE = 500;
/** Prices above this many cents (1,000 €) or at/below zero are rejected as absurd. */
export const MAX_PRICE_CENTS = 100_000;
/** A deposit above this many cents (10 €: a deposit is cents per container, a crate a few euros) is rejected as absurd. */
export const MAX_DEPOSIT_CENTS = 1_000;
const MAX_FUTURE_MS = 24 * 3_600_000;

export interface RunProgress {
  runId: string;
  source: string;
  lines: number;
  records: number;
  rejected: number;
  prices: number;
  bytesRead: number;
  totalBytes: number | null;
}

export interface RunOptions {
  onProgress?: (progress: RunProgress) => void | Promise<void>;
  chunkLines?: number;
  /** Called after each committed checkpoint (tests use it to stop a run half-way). */
  afterCheckpoint?: (line: number) => void | Promise<void>;
  /** A pull source asks its service again even where its copy is fresh (`npm run ingest -- --refresh`). */
  refresh?: boolean;
  /** Set when this is one part of a split run (runs/feed-shards.ts): its lines, checkpoints and end are the part's. */
  shard?: ShardScope;
}

/** One part of a split run, as FeedRunner.run reads it: the part's lines and checkpoint; the part's end hands over. */
export interface ShardScope {
  /** The run, taken by the part's worker. */
  run: FeedRun;
  /** The part's checkpoint: lines of the part already committed. */
  resumeAfter: number;
  open(): FeedInput<FeedLine> | Promise<FeedInput<FeedLine>>;
  checkpoint(fromLine: number, toLine: number, counts: ChunkCounts): Promise<void>;
  /** After the part's last checkpoint: the part's state, to be merged into the run's. */
  finish(
    state: {
      published: Map<number, StorePrices>;
      /** Per store, the prices the part published that differ from what the source had published: merged in. */
      changed: Map<number, Map<number, PublishedPrice>>;
      seen: Map<number, Set<number>> | null;
      lines: UnchangedLines | null;
    },
    atLine: number,
  ): Promise<FeedRun>;
}

/** What a run needs for the open-data sources (OSM, Open Food Facts, Open Prices): wired by the composition root. */
export interface OpenDataWiring {
  http: SourceHttp;
  /** See PullContext.lookupOpenFoodFacts (OPEN_FOOD_FACTS_URL, through `http`). */
  lookupOpenFoodFacts(ean: string): Promise<FeedProduct | null>;
  adapterOptions?: AdapterOptions;
  /** Requests per hour each budgeted source may spend on prices (INGEST_BUDGET_<SOURCE>); a source not named has none. */
  requestBudgets?: Record<string, number>;
  /** What shoppers asked for in the last week, for a source's refresh order (refresh/refresh-priorities.ts). */
  refreshPriorities?(source: string): Promise<RefreshPriorities>;
}

const NO_PRIORITIES: RefreshPriorities = { stores: [], eans: [], basketEans: [], lastPricedAt: new Map() };

/**
 * A rejected record's reason as a report key: the reason with its particulars (quoted values, numbers, ids) left
 * out, so `skipped (not-a-chain): brand "Siwa"` and the same for another brand count together.
 */
export function reasonKey(reason: string): string {
  return reason
    .replace(/"[^"]*"|'[^']*'/g, '…')
    .replace(/\b(osm:)?(node|way|relation)\/\d+/g, '…')
    .replace(/\d+([.,:/-]\d+)*/g, 'N')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}

interface Chunk {
  stores: FeedStore[];
  products: FeedProduct[];
  prices: FeedPrice[];
  offers: FeedOffer[];
  rejects: { recordKind: RecordKind; reason: string; raw: unknown; line: number }[];
  records: number;
  /** Lines met in the source's last run, parsed only if their price may have changed (unchanged-lines.ts). */
  deferred: DeferredLines;
  priceKeys: Map<FeedPrice, LineKey>;
}

const emptyChunk = (): Chunk => ({ stores: [], products: [], prices: [], offers: [], rejects: [], records: 0, deferred: new DeferredLines(), priceKeys: new Map() });

/**
 * Runs one feed: streams the source, normalises it, assigns ids through the registries and publishes
 * the contract events (stores and items before the prices that reference them), checkpointing every
 * chunk. A run that stops half-way resumes after its last checkpoint.
 */
export class FeedRunner {
  private readonly logger = new Logger('FeedRunner');

  constructor(
    private readonly runs: FeedRunsRepository,
    private readonly registry: RegistryRepository,
    private readonly published: PublishedPricesRepository,
    private readonly publisher: IngestPublisher,
    private readonly openData?: OpenDataWiring,
    /** The longest line and the most a .gz feed may decompress to (INGEST_MAX_LINE_BYTES, INGEST_MAX_GZ_BYTES…). */
    private readonly limits: FeedLimits = DEFAULT_FEED_LIMITS,
  ) {}

  /** The registry facts and HTTP client a pull source gets for one run. */
  private async pullContext(run: FeedRun, refresh: boolean | 'prices'): Promise<PullContext> {
    const wiring = this.openData;
    if (!wiring) throw new Error(`source ${run.source} pulls from an API, but this process has no open-data client configured`);
    const lastCompleted = await this.runs.lastCompletedStart(run.source);
    return {
      runId: run.id,
      // Named by the run's source: its shared rate (INGEST_RATE_<SOURCE>) and Retry-After pauses hold the requests.
      http: forSource(refresh ? askingAgain(wiring.http, refresh === 'prices') : wiring.http, run.source),
      lastCompletedRunStartedAt: lastCompleted,
      listedEans: (source, eans) => this.registry.listedEans(source, eans),
      knownEans: (eans) => this.registry.knownEans(eans),
      eansToRefresh: (olderThan, limit) => this.registry.eansToRefresh(olderThan, limit),
      markProductsChecked: (eans, at) => this.registry.markProductsChecked(eans, at),
      lookupOpenFoodFacts: (ean) => wiring.lookupOpenFoodFacts(ean),
      log: (message) => this.logger.log(`run ${run.id} (${run.source}): ${message}`),
      feedLimits: this.limits,
      requestBudget: this.requestBudget(run.source, lastCompleted),
      refreshPriorities: () => (wiring.refreshPriorities ? wiring.refreshPriorities(run.source) : Promise.resolve(NO_PRIORITIES)),
    };
  }

  /** A budgeted source's requests for this run: its hourly budget for the time since its last run, at most one hour's. */
  private requestBudget(source: string, last: string | null): number {
    const perHour = this.openData?.requestBudgets?.[source];
    if (perHour === undefined) return Number.POSITIVE_INFINITY;
    const hours = last ? Math.min(1, Math.max(0, (Date.now() - Date.parse(last)) / 3_600_000)) : 1;
    return Math.max(1, Math.floor(perHour * hours));
  }

  /**
   * The lines of one part of a pull run split by store (runs/feed-shards.ts): the head's store listing, or a price
   * part's stores with its share of the run's request budget.
   */
  async openPullPart(run: FeedRun, part: PullPart, refresh: boolean): Promise<FeedInput> {
    const adapter = adapterFor(run.source, this.openData?.adapterOptions, run.location);
    if (!isPullSource(adapter) || adapter.splitsByStore !== true) throw new Error(`source ${run.source} is not split by store`);
    if (refresh && part.no === 0) this.logger.log(`run ${run.id} (${run.source}): asked with --refresh: every request goes to the service again`);
    const ctx = await this.pullContext(run, refresh && part.no > 0 ? 'prices' : refresh);
    return adapter.openInput(run.location || adapter.defaultLocation, { ...ctx, part, requestBudget: partBudget(ctx.requestBudget, part) });
  }

  private async openInput(adapter: SourceAdapter, run: FeedRun, refresh: boolean) {
    if (!isPullSource(adapter)) return openFeed(run.location, undefined, this.limits);
    if (refresh) this.logger.log(`run ${run.id} (${run.source}): asked with --refresh: every request goes to the service again`);
    return adapter.openInput(run.location || adapter.defaultLocation, await this.pullContext(run, refresh));
  }

  async run(runId: string, options: RunOptions = {}): Promise<FeedRun> {
    const shard = options.shard;
    let run = shard ? shard.run : await this.runs.start(runId);
    if (run.status === 'completed') return run;
    const adapter = adapterFor(run.source, this.openData?.adapterOptions, run.location);
    const parse = adapter.createParser();
    const chunkLines = options.chunkLines ?? DEFAULT_CHUNK_LINES;
    const resumeAfter = shard ? shard.resumeAfter : run.checkpointLine;
    if (resumeAfter > 0) this.logger.log(`run ${run.id} (${run.source}): resuming after line ${resumeAfter}`);
    const input = shard ? await shard.open() : await this.openInput(adapter, run, options.refresh === true);
    const pull = isPullSource(adapter) ? adapter : null;
    const ctx: RunContext = { run, defaultObservedAt: run.startedAt, nationalStores: null, storeSource: pull?.storeSource ?? run.source, closesUnseenStores: pull?.closesUnseenStores === true,
      published: new Map(),
      changedStores: new Set(),
      changedPrices: shard ? new Map() : null,
      // A resumed run does not know the prices of its first part: it freshens nothing (see RunCompletedEvent.seen).
      // Nor does a pull from an open-data source: its prices are reports with their own dates (Open Prices), not a
      // store's whole price list, so a price it repeats is no fresher than its report and one it omits is not gone.
      seen: resumeAfter > 0 || pull ? null : new Map(),
      lines: null,
    };
    // A run that reads its file whole skips the lines its source's last run read as prices still published.
    if (ctx.seen) ctx.lines = await UnchangedLines.open(this.published.lines(), run.source, adapter);
    if (ctx.lines) this.logger.log(`run ${run.id} (${run.source}): ${ctx.lines.remembered} lines remembered from the last run`);
    let checkpoint = resumeAfter;
    let chunk = emptyChunk();
    let lineNo = 0;
    let unreadable = 0;
    const totals = { records: run.recordsTotal, rejected: run.recordsRejected, prices: run.pricesPublished };
    const commit = async (full: Chunk, from: number, to: number) => {
      const counts = await this.publishChunk(ctx, full);
      await (shard ? shard.checkpoint(from, to, counts) : this.runs.checkpoint(run.id, from, to, counts));
      totals.records += counts.records;
      totals.rejected += counts.rejected;
      totals.prices += counts.prices;
      await options.onProgress?.({ runId: run.id, source: run.source, lines: to, ...totals, bytesRead: input.bytesRead(), totalBytes: input.totalBytes });
      await options.afterCheckpoint?.(to);
    };
    // One chunk is published and checkpointed while the next one is read: commits stay in order, one at a time.
    let committing: Promise<void> | null = null;
    const startCommit = async () => {
      if (committing) await committing;
      committing = commit(chunk, checkpoint, lineNo);
      committing.catch(() => undefined); // awaited before the next commit, at the end, or in finally
      chunk = emptyChunk();
      checkpoint = lineNo;
    };
    const readAll = async () => {
      // Block by block (a file's: a chunk read, undecoded; a pull's: each line): a line met before is looked up by
      // the hash of its bytes and not even decoded unless it has to be parsed.
      for await (const block of blocksOf(input)) {
        for (let place = 0; place < block.count; place++) {
          lineNo++;
          if (!ctx.lines?.defer(chunk, block, place, lineNo)) readLine(lineAt(block, place), ctx.lines ? ctx.lines.lastKey() : null);
          if (lineNo - checkpoint >= chunkLines) await startCommit();
        }
      }
    };
    /** Parses line lineNo and adds its records to the chunk. */
    const readLine = (line: FeedLine, key: LineKey | null) => {
      let records: FeedRecord[];
      try {
        // A line past the longest is skipped unread (the source's parser never sees it): one unreadable line.
        records = isOverlong(line)
          ? [{ kind: 'reject', recordKind: 'line', reason: `line too long: ${line.bytes} bytes (at most ${this.limits.maxLineBytes}, INGEST_MAX_LINE_BYTES)`, raw: line.head }]
          : parse(line, lineNo);
      } catch (error) {
        records = [{ kind: 'reject', recordKind: 'line', reason: `unreadable record: ${(error as Error).message}`, raw: typeof line === 'string' ? line.slice(0, 2000) : line.head }];
      }
      if (lineNo <= resumeAfter) return;
      ctx.lines?.noteParsed(chunk, key, records);
      for (const record of records) {
        if (record.kind === 'reject' && record.recordKind === 'line') unreadable++;
        add(chunk, record, lineNo);
      }
    };
    try {
      try {
        await readAll();
      } catch (error) {
        // A bot challenge or a feed past its decompressed cap ends the run, but what was read before it is imported:
        // the lines so far are committed first.
        if (!(error instanceof SourceBlockedError || error instanceof FeedTooLargeError)) throw error;
        if (lineNo > checkpoint) await startCommit();
        await committing;
        const why = error instanceof SourceBlockedError ? 'a bot challenge' : 'the decompressed size cap';
        this.logger.warn(`run ${run.id} (${run.source}): stopped by ${why} after ${lineNo} lines; everything before it is kept`);
        throw error;
      }
      if (lineNo > checkpoint) await startCommit();
      await committing;
    } finally {
      input.close();
      // A run that failed while a chunk was still being published: let that chunk finish (or fail) before the caller records the failure.
      await (committing as Promise<void> | null)?.catch(() => undefined);
    }
    // A part of a split run ends here: the run's end (unlisting, RunCompleted) comes after its last part (feed-shards.ts).
    if (shard) return shard.finish({ published: ctx.published, changed: ctx.changedPrices ?? new Map(), seen: ctx.seen, lines: ctx.lines }, checkpoint);
    // Only a run that read its whole answer may close stores: an unreadable answer (a rejected 'line') saw only part.
    if (ctx.closesUnseenStores) {
      if (unreadable > 0) this.logger.warn(`run ${run.id} (${run.source}): ${unreadable} unreadable answers; no store is marked closed`);
      else await this.closeUnseenStores(run);
    }
    // Before the run is marked completed: a crash in between repeats the event (consumers dedupe by runId), never loses it.
    const seen = ctx.seen ? this.unlistUnseen(ctx, ctx.seen) : undefined;
    // Remembered once every price of the run is on the broker: a crash before this only makes a later run publish
    // them again (the projections are idempotent), never leaves one unpublished.
    await this.published.save(run.source, new Map([...ctx.changedStores].map((storeId) => [storeId, ctx.published.get(storeId) as StorePrices])));
    await this.published.markPriced(run.source, [...ctx.published.keys()], run.startedAt);
    if (ctx.lines) {
      const saved = await ctx.lines.save();
      this.logger.log(`run ${run.id} (${run.source}): ${ctx.lines.skipped} unchanged lines skipped unparsed, ${saved ? `${ctx.lines.toRemember} remembered for the next run` : 'the remembered lines kept'}`);
    }
    const completed: RunCompletedEvent = { runId: run.id, source: run.source, pricesPublished: totals.prices, completedAt: new Date().toISOString(), seen };
    await this.publisher.publish(IngestTopics.RunCompleted, [{ key: run.source, value: completed }]);
    run = await this.runs.complete(run.id);
    this.logger.log(
      `run ${run.id} (${run.source}) completed: ${run.recordsTotal} records, ${run.pricesPublished} prices, ${run.itemsPublished} items, ${run.storesPublished} stores, ${run.offersPublished} offers, ${run.recordsRejected} rejected`,
    );
    return run;
  }

  /**
   * The stores the run saw, each with the prices the source published before and the run no longer had: these are
   * forgotten (a later run that has them again publishes them) and reported, so the catalog stops freshening them.
   */
  private unlistUnseen(ctx: RunContext, seen: Map<number, Set<number>>): RunSeenStores {
    const stores: RunSeenStores['stores'] = [];
    for (const [storeId, itemIds] of seen) {
      const prices = ctx.published.get(storeId);
      const unlisted = prices ? [...prices.keys()].filter((itemId) => !itemIds.has(itemId)) : [];
      for (const itemId of unlisted) prices?.delete(itemId);
      if (unlisted.length > 0) ctx.changedStores.add(storeId);
      stores.push({ storeId, unlisted });
    }
    return { at: ctx.defaultObservedAt, stores };
  }

  /**
   * Drops the events that repeat what the source last published for their store (and item) and returns the rest;
   * remembers the rest as published (in memory; saved at the run's end) and every event's (store, item) as seen.
   */
  private async onlyChanged(ctx: RunContext, events: Map<number, PriceObservedEvent[]>): Promise<{ changed: Map<number, PriceObservedEvent[]>; unchanged: number }> {
    const missing = new Set<number>();
    for (const list of events.values()) for (const event of list) if (!ctx.published.has(event.storeId)) missing.add(event.storeId);
    if (missing.size > 0) {
      const loaded = await this.published.load(ctx.run.source, [...missing]);
      for (const storeId of missing) ctx.published.set(storeId, loaded.get(storeId) ?? new Map());
    }
    const changed = new Map<number, PriceObservedEvent[]>();
    let unchanged = 0;
    for (const [itemId, list] of events) {
      // A pair may come with its history (older observations) before its current price: the newest observation of
      // each store decides. Unchanged, the whole history is a replay and none of it is published; changed, all of it
      // is (the projections keep what is newer than what they have and ignore the rest).
      const newest = new Map<number, PriceObservedEvent>();
      for (const event of list) {
        const seen = newest.get(event.storeId);
        if (!seen || !(Date.parse(event.observedAt) < Date.parse(seen.observedAt))) newest.set(event.storeId, event);
        if (ctx.seen) {
          let items = ctx.seen.get(event.storeId);
          if (!items) ctx.seen.set(event.storeId, (items = new Set()));
          items.add(itemId);
        }
      }
      const changedStores = new Set<number>();
      for (const [storeId, event] of newest) {
        const prices = ctx.published.get(storeId) as StorePrices;
        const last = prices.get(itemId);
        const fingerprint = priceFingerprint(event);
        if (last && last.price === event.price && last.fingerprint === fingerprint) continue;
        const now = { price: event.price, fingerprint };
        prices.set(itemId, now);
        if (ctx.changedPrices) {
          let ofStore = ctx.changedPrices.get(storeId);
          if (!ofStore) ctx.changedPrices.set(storeId, (ofStore = new Map()));
          ofStore.set(itemId, now);
        }
        ctx.changedStores.add(storeId);
        changedStores.add(storeId);
      }
      const kept = changedStores.size === 0 ? [] : list.filter((event) => changedStores.has(event.storeId));
      unchanged += list.length - kept.length;
      if (kept.length > 0) changed.set(itemId, kept);
    }
    return { changed, unchanged };
  }

  /** A complete run of a source that lists all its stores: the stores it no longer lists are published closed. */
  private async closeUnseenStores(run: FeedRun): Promise<void> {
    const { closed, seen, open, refused } = await this.registry.closeUnseenStores(run.source, run.id);
    if (refused) this.logger.warn(`run ${run.id} (${run.source}) saw ${seen} of ${open} open stores: too few to mark the others closed`);
    if (closed.length === 0) return;
    const at = new Date().toISOString();
    const events = (closed as StoreUpsertedEvent[]).map((event) => ({ ...event, closed: true, observedAt: at, source: run.source }));
    await this.publisher.publish(IngestTopics.StoresUpserted, events.map((e) => ({ key: String(e.storeId), value: e })));
    // Published closed: a later run that lists the store again publishes it (open) whatever it holds.
    await this.published.forgetRecords(run.source, 'store', events.map((e) => e.storeId));
    this.logger.log(`run ${run.id} (${run.source}): ${closed.length} stores no longer in the source marked closed (${seen} of ${open} seen)`);
  }

  private async publishChunk(ctx: RunContext, chunk: Chunk): Promise<ChunkCounts> {
    const { run } = ctx;
    const source = run.source;
    // Names and pictures made safe (record-cleaning.ts): the one place every source's stores, products and offers pass.
    const cleaned = cleanRecords(chunk.stores, chunk.products, chunk.offers);
    chunk = { ...chunk, stores: cleaned.stores, products: cleaned.products, offers: cleaned.offers };
    const rejects = [...chunk.rejects, ...cleaned.rejects];
    const now = new Date().toISOString();
    const latestAllowed = Date.now() + MAX_FUTURE_MS;

    // Stores first, then items: the prices below may reference them.
    const storeIds = await this.registry.registerStores(source, chunk.stores);
    const storeEvents: StoreUpsertedEvent[] = chunk.stores.map((s) => ({ storeId: storeIds.get(s.externalId) as number, ...s, observedAt: ctx.defaultObservedAt, source }));
    // Stores and items, like prices, travel only when their content changed since the source last published them.
    const changedStores = await this.published.changedRecords(source, 'store', storeEvents.map((event) => ({ key: event.storeId, event })));
    await this.publisher.publish(IngestTopics.StoresUpserted, changedStores.map(({ event }) => ({ key: String(event.storeId), value: event })));
    await this.published.saveRecords(source, 'store', changedStores);
    if (ctx.closesUnseenStores) await this.registry.rememberStores(source, run.id, storeEvents);
    if (storeEvents.length > 0) ctx.nationalStores = null;

    const itemIds = await this.registry.registerProducts(source, chunk.products);
    const itemEvents: ItemUpsertedEvent[] = chunk.products.map((p) => ({ itemId: itemIds.get(p.ean) as number, ...p, observedAt: ctx.defaultObservedAt, source: p.source ?? source }));
    const changedItems = await this.published.changedRecords(source, 'item', itemEvents.map((event) => ({ key: event.itemId, event })));
    await this.publisher.publish(IngestTopics.ItemsUpserted, changedItems.map(({ event }) => ({ key: String(event.itemId), value: event })));
    await this.published.saveRecords(source, 'item', changedItems);

    // Lines met before: skipped as unchanged, or parsed after all (unchanged-lines.ts), once the chunk's items are in.
    const lines =
      ctx.lines && ctx.seen
        ? await ctx.lines.resolve(chunk, {
            pricedItems: (eans) => this.registry.pricedItems(source, eans),
            storeIds: (ids) => this.registry.storeIds(ctx.storeSource, ids),
            published: this.published,
            publishedByStore: ctx.published,
            seen: ctx.seen,
            defaultObservedAt: ctx.defaultObservedAt,
          })
        : null;
    if (lines) {
      chunk = lines.chunk;
      rejects.push(...lines.rejects);
    }

    // Prices: resolve references, reject what cannot be used, group per item.
    const eans = [...chunk.prices.map((p) => p.ean), ...chunk.offers.map((o) => o.ean)];
    // One product whatever source named it: a price or offer of an EAN any source listed prices that product.
    const items = await this.registry.pricedItems(source, eans);
    const externalIds = [...chunk.prices.map((p) => p.externalStoreId), ...chunk.offers.map((o) => o.externalStoreId)].filter((id): id is string => id !== null);
    const stores = await this.registry.storeIds(ctx.storeSource, externalIds);
    if (chunk.prices.some((p) => p.externalStoreId === null) && ctx.nationalStores === null) ctx.nationalStores = await this.registry.allStoreIds(ctx.storeSource);
    const byItem = new Map<number, PriceObservedEvent[]>();
    let newest: string | null = null;
    let prices = 0;
    for (const price of chunk.prices) {
      const problem = priceProblem(price, now, latestAllowed);
      const item = items.get(price.ean);
      const storeList = price.externalStoreId === null ? (ctx.nationalStores ?? []) : [stores.get(price.externalStoreId)].filter((id): id is number => id !== undefined);
      const reason =
        problem ??
        (item === undefined ? `unknown product: no source lists EAN ${price.ean}` : null) ??
        (storeList.length === 0 ? (price.externalStoreId === null ? `no ${source} stores are known for a national price` : `unknown store ${price.externalStoreId}`) : null);
      if (reason || !item) {
        rejects.push({ recordKind: 'price', reason: reason ?? 'unknown product', raw: price, line: 0 });
        continue;
      }
      const observedAt = price.observedAt ?? ctx.defaultObservedAt;
      if (newest === null || observedAt > newest) newest = observedAt;
      const events = byItem.get(item.itemId) ?? [];
      prices += storeList.length;
      for (const storeId of storeList) {
        events.push({
          itemId: item.itemId,
          storeId,
          price: price.price,
          comparisonPrice: price.comparisonPrice !== null && price.comparisonPrice > 0 ? price.comparisonPrice : null,
          priceUnit: price.priceUnit ?? item.priceUnit,
          comparisonPriceUnit: price.comparisonPriceUnit ?? item.comparisonPriceUnit,
          isCampaign: price.isCampaign,
          observedAt,
          source,
          regularPrice: regularPriceOf(price),
          deposit: price.deposit ? price.deposit : null,
          ...campaignFieldsOf(price),
          ...termsOf(price, observedAt),
        });
      }
      byItem.set(item.itemId, events);
      if (storeList.length === 1) ctx.lines?.remember(chunk, price, item, events[events.length - 1]);
    }
    const { changed, unchanged } = await this.onlyChanged(ctx, byItem);
    const priceMessages: OutgoingMessage[] = [];
    for (const [itemId, events] of changed) {
      for (let i = 0; i < events.length; i += MAX_EVENTS_PER_MESSAGE) priceMessages.push({ key: String(itemId), value: events.slice(i, i + MAX_EVENTS_PER_MESSAGE) });
    }
    await this.publisher.publish(IngestTopics.PricesObserved, priceMessages);

    // Offers, keyed and grouped by store.
    const offerRows: { offer: FeedOffer; storeId: number; itemId: number }[] = [];
    for (const offer of chunk.offers) {
      const item = items.get(offer.ean);
      const storeId = stores.get(offer.externalStoreId);
      if (!item || storeId === undefined) {
        rejects.push({ recordKind: 'offer', reason: !item ? `unknown product: no source lists EAN ${offer.ean}` : `unknown store ${offer.externalStoreId}`, raw: offer, line: 0 });
        continue;
      }
      offerRows.push({ offer, storeId, itemId: item.itemId });
    }
    const offerIds = await this.registry.registerOffers(
      source,
      offerRows.map((o) => ({ storeId: o.storeId, itemId: o.itemId, starts: o.offer.validUntil ?? '' })),
    );
    const offerEvents: OfferUpsertedEvent[] = offerRows.map((o, i) => ({ offerId: offerIds[i], storeId: o.storeId, itemId: o.itemId, name: o.offer.name, image: o.offer.image, validUntil: o.offer.validUntil, observedAt: ctx.defaultObservedAt, source }));
    const offers = await this.published.changedRecords(source, 'offer', offerEvents.map((event) => ({ key: event.offerId, event })));
    const byStore = new Map<number, OfferUpsertedEvent[]>();
    for (const { event } of offers) {
      const events = byStore.get(event.storeId) ?? [];
      events.push(event);
      byStore.set(event.storeId, events);
    }
    await this.publisher.publish(IngestTopics.OffersUpserted, [...byStore].map(([storeId, events]) => ({ key: String(storeId), value: events })));
    await this.published.saveRecords(source, 'offer', offers);

    const deadLetters: DeadLetterRecord[] = rejects.map((r) => ({ source, runId: run.id, kind: r.recordKind, reason: r.reason, record: r.raw, at: now }));
    await this.publisher.publish(IngestTopics.DeadLetter, deadLetters.map((d) => ({ key: source, value: d })));
    if (deadLetters.length > 0) this.logger.warn(`run ${run.id} (${source}): ${deadLetters.length} records rejected, e.g. ${deadLetters[0].reason}`);

    // The report counts the records published cleaned beside the rejected ones (keys "cleaned: …"; not in `rejected`).
    const rejectReasons: Record<string, number> = { ...cleaned.counts };
    for (const r of rejects) {
      const key = reasonKey(r.reason);
      rejectReasons[key] = (rejectReasons[key] ?? 0) + 1;
    }
    return {
      rejectReasons,
      records: chunk.records,
      rejected: rejects.length,
      prices: prices - unchanged,
      unchanged: unchanged + (lines?.skipped ?? 0),
      items: changedItems.length,
      stores: changedStores.length,
      offers: offers.length,
      newestObservationAt: lines?.newest && (newest === null || lines.newest > newest) ? lines.newest : newest,
    };
  }
}

interface RunContext {
  run: FeedRun;
  defaultObservedAt: string;
  /** Store ids of the source, for national prices; refreshed when the run registers stores. */
  nationalStores: number[] | null;
  /** The source whose store registry the prices' store ids refer to (Open Prices: 'osm'). */
  storeSource: string;
  /** The source lists all its stores (OSM): each store's last event and run are kept, and a complete run closes the unseen. */
  closesUnseenStores: boolean;
  /** What the source last published, per store, as far as the run has read it (PublishedPricesRepository). */
  published: Map<number, StorePrices>;
  /** The stores whose remembered prices the run changed (saved at its end). */
  changedStores: Set<number>;
  /** A part of a split run: per store, the prices it changed (merged into the stored ones when it completes); null otherwise. */
  changedPrices: Map<number, Map<number, PublishedPrice>> | null;
  /** The (store → items) the run saw priced; null when the run resumed after a crash. */
  seen: Map<number, Set<number>> | null;
  /** The lines of the source's last whole run (unchanged-lines.ts); null when the run does not skip lines. */
  lines: UnchangedLines | null;
}

function add(chunk: Chunk, record: FeedRecord, line: number): void {
  chunk.records++;
  switch (record.kind) {
    case 'store':
      chunk.stores.push(record.value);
      break;
    case 'product':
      chunk.products.push(record.value);
      break;
    case 'price':
      chunk.prices.push(record.value);
      // A Lidl article is one line holding both its product and its price: count the line's record once.
      if (chunk.products.length > 0 && chunk.products[chunk.products.length - 1].ean === record.value.ean && record.value.externalStoreId === null) chunk.records--;
      break;
    case 'offer':
      chunk.offers.push(record.value);
      break;
    case 'reject':
      chunk.rejects.push({ recordKind: record.recordKind, reason: record.reason, raw: record.raw, line });
      break;
  }
}

/** Why a price cannot be used, or null. */
export function priceProblem(price: FeedPrice, now: string, latestAllowed = Date.parse(now) + MAX_FUTURE_MS): string | null {
  if (!Number.isInteger(price.price) || price.price <= 0) return `absurd price: ${price.price} cents is not above zero`;
  if (price.price > MAX_PRICE_CENTS) return `absurd price: ${(price.price / 100).toFixed(2)} € is over 1000 €`;
  const deposit = price.deposit ?? null;
  if (deposit !== null && (!Number.isInteger(deposit) || deposit < 0 || deposit > MAX_DEPOSIT_CENTS)) {
    return `absurd deposit: ${deposit} cents is not from 0 to ${(MAX_DEPOSIT_CENTS / 100).toFixed(2)} €`;
  }
  if (price.observedAt !== null && Date.parse(price.observedAt) > latestAllowed) return `observedAt ${price.observedAt} is in the future`;
  return termsProblem(price);
}

/**
 * What is wrong with a price's till terms (member price, multibuy, campaign dates, average weight), or null. The
 * adapters parse them; this holds every source to the rules prices.observed has, so a bad term rejects the line
 * (counted with the other rejected records) instead of the event being refused downstream.
 */
export function termsProblem(price: FeedPrice): string | null {
  const member = price.memberPrice ?? null;
  if (member !== null) {
    if (!(PRICE_CARDS as readonly string[]).includes(member.card)) return `memberPrice.card ${JSON.stringify(member.card)} is not a known card`;
    if (!Number.isInteger(member.price) || member.price <= 0 || member.price > MAX_PRICE_CENTS) return `absurd memberPrice.price: ${member.price} cents`;
    const shelf = regularPriceOf(price) ?? price.price;
    if (member.price > shelf) return `memberPrice.price ${member.price} cents is above the shelf price ${shelf} cents`;
  }
  const multibuy = price.multibuy ?? null;
  if (multibuy !== null) {
    if (!Number.isInteger(multibuy.quantity) || multibuy.quantity < 2 || multibuy.quantity > MAX_MULTIBUY_QUANTITY) return `multibuy.quantity ${multibuy.quantity} is not from 2 to ${MAX_MULTIBUY_QUANTITY}`;
    if (!Number.isInteger(multibuy.price) || multibuy.price <= 0 || multibuy.price > MAX_PRICE_CENTS * multibuy.quantity) return `absurd multibuy.price: ${multibuy.price} cents`;
  }
  const grams = price.averageWeightGrams ?? null;
  if (grams !== null && (!Number.isInteger(grams) || grams < 1 || grams > MAX_AVERAGE_WEIGHT_GRAMS)) return `averageWeightGrams ${grams} is not from 1 to ${MAX_AVERAGE_WEIGHT_GRAMS}`;
  const starts = timeOf(price.campaignStartsAt);
  const ends = timeOf(price.campaignEndsAt);
  if (Number.isNaN(starts)) return `campaignStartsAt ${JSON.stringify(price.campaignStartsAt)} is not an ISO time`;
  if (Number.isNaN(ends)) return `campaignEndsAt ${JSON.stringify(price.campaignEndsAt)} is not an ISO time`;
  if (starts !== null && (starts < YEAR_2000_MS || starts >= YEAR_2100_MS)) return `campaignStartsAt ${price.campaignStartsAt} is not from 2000 to 2099`;
  if (ends !== null && (ends < YEAR_2000_MS || ends >= YEAR_2100_MS)) return `campaignEndsAt ${price.campaignEndsAt} is not from 2000 to 2099`;
  if (starts !== null && ends !== null && starts > ends) return `campaignStartsAt ${price.campaignStartsAt} is after campaignEndsAt ${price.campaignEndsAt}`;
  return null;
}

const YEAR_2000_MS = Date.UTC(2000, 0, 1);
const YEAR_2100_MS = Date.UTC(2100, 0, 1);

/** An optional ISO time in ms: null when absent, NaN when not a time. */
function timeOf(value: string | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/**
 * The till terms as the event carries them, each only when the source gave it (so the events of prices without terms
 * stay as they were). termsProblem has checked them.
 */
function termsOf(price: FeedPrice, observedAt: string): Pick<PriceObservedEvent, 'campaignStartsAt' | 'memberPrice' | 'multibuy' | 'averageWeightGrams'> {
  const out: Pick<PriceObservedEvent, 'campaignStartsAt' | 'memberPrice' | 'multibuy' | 'averageWeightGrams'> = {};
  // A start is carried only while it is ahead: a campaign that has begun is a campaign price like any other.
  const starts = price.isCampaign && price.campaignStartsAt ? Date.parse(price.campaignStartsAt) : Number.NaN;
  if (starts > Date.parse(observedAt)) out.campaignStartsAt = new Date(starts).toISOString();
  if (price.memberPrice) out.memberPrice = { card: price.memberPrice.card, price: price.memberPrice.price };
  if (price.multibuy) out.multibuy = { quantity: price.multibuy.quantity, price: price.multibuy.price };
  if (price.averageWeightGrams) out.averageWeightGrams = price.averageWeightGrams;
  return out;
}

/**
 * A chain shop's campaign end and its own 30-day low, as the event carries them: the end only on a campaign price
 * (an ISO time the run can read), the low only within the absurd-price limits. Absent when the source gives neither,
 * so the events of the other sources stay as they were.
 */
function campaignFieldsOf(price: FeedPrice): { campaignEndsAt?: string | null; sourceLowest30d?: number | null } {
  const out: { campaignEndsAt?: string | null; sourceLowest30d?: number | null } = {};
  const ends = price.isCampaign && typeof price.campaignEndsAt === 'string' ? Date.parse(price.campaignEndsAt) : Number.NaN;
  if (!Number.isNaN(ends)) out.campaignEndsAt = new Date(ends).toISOString();
  const low = price.sourceLowest30d ?? null;
  if (low !== null && Number.isInteger(low) && low > 0 && low <= MAX_PRICE_CENTS) out.sourceLowest30d = low;
  return out;
}

/** A campaign price's regular price as the event carries it: only above the price and within the absurd-price limit. */
function regularPriceOf(price: FeedPrice): number | null {
  const regular = price.regularPrice ?? null;
  return price.isCampaign && regular !== null && Number.isInteger(regular) && regular > price.price && regular <= MAX_PRICE_CENTS ? regular : null;
}
