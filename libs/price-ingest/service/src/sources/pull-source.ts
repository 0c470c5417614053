import type { FeedInput, FeedLimits } from '../feeds/feed-input';
import { fnv1a } from '../published/published-prices.repository';
import { reject, type FeedProduct, type FeedRecord, type SourceAdapter } from '../feeds/feed-record';
import { type Json, parseJsonLine } from '../feeds/values';
import type { SourceHttp } from './source-http';

/**
 * What a run gives a pull source (an open-data API rather than a feed file): the HTTP client and the few registry
 * facts it needs to ask only for what is new.
 */
export interface PullContext {
  runId: string;
  http: SourceHttp;
  /** Start time (ISO) of this source's last completed run, or null: incremental pulls start from it. */
  lastCompletedRunStartedAt: string | null;
  /** Of `eans`, those `source` has already listed (ingest.source_items). */
  listedEans(source: string, eans: readonly string[]): Promise<Set<string>>;
  /** Of `eans`, those any source has listed (the shared EAN registry, ingest.items). */
  knownEans(eans: readonly string[]): Promise<Set<string>>;
  /** Registry EANs whose Open Food Facts data was never fetched or fetched before `olderThan` (ISO), at most `limit`. */
  eansToRefresh(olderThan: string, limit: number): Promise<string[]>;
  /** Records that Open Food Facts was asked about these EANs at `at` (found or not), so they are not asked again soon. */
  markProductsChecked(eans: readonly string[], at: string): Promise<void>;
  /**
   * The product of an EAN from Open Food Facts (at OPEN_FOOD_FACTS_URL, through `http`), normalised, with `source`
   * 'open-food-facts'; null when Open Food Facts has no such product or no URL is set. Throws the http errors.
   */
  lookupOpenFoodFacts(ean: string): Promise<FeedProduct | null>;
  log(message: string): void;
  /** The longest line and the most a .gz export may decompress to, for a source that reads a file (openFeed). */
  feedLimits?: FeedLimits;
  signal?: AbortSignal;
  /**
   * Requests this run may make for prices (a chain source's hourly budget, INGEST_BUDGET_<SOURCE>, for the time since
   * its last run, at most one hour's); Infinity for sources without a budget.
   */
  requestBudget: number;
  /** What to refresh first: what shoppers asked for in the last week, the price-level basket, each store's age. */
  refreshPriorities(): Promise<RefreshPriorities>;
  /**
   * Set when this pull is one part of a run split by store (runs/shard-plan.ts; sources with `splitsByStore`): part 0
   * lists the stores and asks no prices, part n ≥ 1 asks the prices of its share of the stores (storeInPart) only, within
   * its share of the budget (`requestBudget` is already that share). Absent: the whole pull.
   */
  part?: PullPart;
}

/** One part of a pull split by store: `no` of `parts` (0 is the head, the store listing). */
export interface PullPart {
  no: number;
  parts: number;
}

/** Whether this pull (whole or a part) yields the store lines: the whole pull and the head. */
export const listsStores = (part: PullPart | undefined): boolean => !part || part.no === 0;

/**
 * Whether this pull asks the prices of the store `externalId`: the whole pull asks every store's, the head none, and
 * price part n of a run in `parts` parts the stores whose id hashes (FNV-1a, so every worker and every retry of the
 * part agrees) to n − 1 modulo parts − 1.
 */
export function storeInPart(externalId: string, part: PullPart | undefined): boolean {
  if (!part) return true;
  if (part.no === 0) return false;
  return (fnv1a(externalId) >>> 0) % (part.parts - 1) === part.no - 1;
}

/** A price part's share of a run's request budget (the head asks no prices); the whole budget for a whole pull. */
export function partBudget(budget: number, part: PullPart | undefined): number {
  if (!part) return budget;
  if (part.no === 0) return 0;
  return Number.isFinite(budget) ? Math.max(1, Math.ceil(budget / (part.parts - 1))) : budget;
}

/**
 * What a chain source spends its request budget on, in order (see `planRefresh` in refresh/refresh-plan.ts): the
 * stores shoppers selected and the products in their carts in the last week (counted anonymously: a count per store
 * and product and day, nothing of who), then the price-level basket in every store, then the rest, oldest first.
 */
export interface RefreshPriorities {
  /** Of this source's stores (external ids), those shoppers selected in the last week, most selected first. */
  stores: { externalId: string; selections: number }[];
  /** EANs in shoppers' carts in the last week, most carted first. */
  eans: { ean: string; carts: number }[];
  /** The EANs of the price-level basket (/hintataso). */
  basketEans: string[];
  /** When this source last priced each of its stores (external id → ISO time); absent: never. */
  lastPricedAt: Map<string, string>;
}

/**
 * A source whose input is pulled from an API. `openInput` turns the API's answers into lines of JSON text (one
 * element, product or price per line, in a form of the source's own), which the adapter's parser reads like any
 * feed line; so checkpoints, dead letters and counting work as for files. A page or answer that cannot be read
 * becomes one line that the parser rejects with the reason (nothing of it is half-applied).
 */
export interface PullSourceAdapter extends SourceAdapter {
  openInput(location: string, ctx: PullContext): Promise<FeedInput>;
  /** The default location (public endpoint) when no --url is given. */
  readonly defaultLocation: string;
  /** Source whose store registry the prices' externalStoreId refers to (Open Prices → 'osm'); default the source itself. */
  readonly storeSource?: string;
  /** A completed run marks the source's stores it did not see as closed (OSM: a shop gone from the map). */
  readonly closesUnseenStores?: boolean;
  /** Its prices are asked store by store, so a run may be split by store across workers (PullContext.part). */
  readonly splitsByStore?: boolean;
}

export function isPullSource(adapter: SourceAdapter): adapter is PullSourceAdapter {
  return typeof (adapter as Partial<PullSourceAdapter>).openInput === 'function';
}

/** A FeedInput over lines produced by an async generator; progress counts units (elements, pages) instead of bytes. */
export function linesInput(lines: AsyncIterable<string>, progress: { done(): number; total(): number | null }): FeedInput {
  const iterator = lines[Symbol.asyncIterator]();
  let closed = false;
  return {
    lines: {
      [Symbol.asyncIterator]: () => ({
        next: () => (closed ? Promise.resolve({ done: true as const, value: undefined }) : iterator.next()),
        return: async () => {
          closed = true;
          await iterator.return?.();
          return { done: true as const, value: undefined };
        },
      }),
    },
    get totalBytes() {
      return progress.total();
    },
    bytesRead: () => progress.done(),
    close: () => {
      closed = true;
      void iterator.return?.();
    },
  };
}

/**
 * The parser of a pull source's envelope lines (one JSON object a line, as its openInput wrote them): a blank line is
 * nothing, a line that is not a JSON object one rejected line with the reason, the rest `parse`d.
 */
export function envelopeParser(parse: (record: Json) => FeedRecord[]): (line: string, lineNo: number) => FeedRecord[] {
  return (text) => {
    if (text.trim() === '') return [];
    let record: Json;
    try {
      record = parseJsonLine(text);
    } catch (error) {
      return [reject('line', (error as Error).message, text.slice(0, 2000))];
    }
    return parse(record);
  };
}
