import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { PgNotificationListener } from '@hintakori/platform-persistence';
import { DataSource } from 'typeorm';
import { ITEM_JSON_CHANNEL, ItemJsonCache } from './item-json';
import { STORE_ITEMS_CHANNEL, StoreItemsIndex } from './store-items-index';
import { precompute, type Precomputed, type ScoredFields, type SearchCandidate } from './search-ranking';

/** The channel the search index's triggers notify on (migration 1764800000000). */
export const SEARCH_INDEX_CHANNEL = 'catalog_search_index';
/** After a change, the index reloads at most this often (a feed run changes items in many transactions). */
const RELOAD_INTERVAL_MS = 1000;
/** Stemmed forms remembered (typed words repeat; a word not seen before costs one small statement). */
const MAX_STEMS = 10_000;

/** What a query function of a DataSource (or a pg client's rows) gives. */
export type QueryFn = (sql: string, params?: unknown[]) => Promise<any[]>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An item as the search matches and ranks it: the candidate statement's fields, and what scoring can precompute. */
export interface IndexedItem extends ScoredFields, Precomputed {
  /** Position of the name in Finnish alphabetical order (equal names share it). */
  nameRank: number;
}

/** Each token's part of the full-text query (`$1` the tokens), in order. */
export const STEMS_SQL =
  'SELECT catalog.search_tsquery(ARRAY[t.token])::text AS query FROM unnest($1::text[]) WITH ORDINALITY AS t(token, ord) ORDER BY t.ord';

/** The same expressions as the candidate statement of item-search.repository.ts, for every item. */
const LOAD_SQL = `
  SELECT i.id, i.name, i.search_name AS "searchName", catalog.search_normalize(i.brand_name) AS brand,
         coalesce(catalog.search_normalize(c.name), '') AS category,
         coalesce(catalog.search_normalize(parent.name), '') AS "parentCategory",
         tsvector_to_array(i.search_vector) AS lexemes
  FROM catalog.items i
  LEFT JOIN catalog.categories c ON c.id = i.category_id
  LEFT JOIN catalog.categories parent ON parent.id = c.parent_category_id
  ORDER BY i.id`;

/** What the index loads per item: a search candidate's fields but availability (per request), and the item's lexemes. */
type LoadRow = Omit<SearchCandidate, 'availability'> & { lexemes: string[] };

/**
 * One loaded state of the catalog's searchable text, immutable: every item's normalized name in one string (a
 * name contains a root where `indexOf` finds it, as `search_name ~ 'root|…'` does for these literal patterns),
 * and the full-text lexemes of `search_vector`, sorted, each with the items that have it (a prefix query
 * `'maito':*` matches the items of every lexeme starting with 'maito').
 */
export class SearchSnapshot {
  private readonly starts: Int32Array;
  private readonly haystack: string;
  /** For each 3-character sequence of some name, the items whose name has it (ascending). */
  private readonly trigrams = new Map<string, Int32Array>();
  private readonly lexemes: string[];
  private readonly postings: Int32Array[];
  /** Scratch space of `candidates` (one call at a time: it does not await), so a search allocates no arrays of every item. */
  private readonly byWords: Uint8Array;
  private readonly byText: Uint8Array;
  private readonly seen: Int32Array;

  private constructor(
    readonly items: readonly IndexedItem[],
    rows: readonly LoadRow[],
  ) {
    // Names joined by NUL (which no search root contains): a match never spans two names.
    this.starts = new Int32Array(items.length);
    let offset = 0;
    items.forEach((item, i) => {
      this.starts[i] = offset;
      offset += item.searchName.length + 1;
    });
    this.haystack = items.map((item) => item.searchName).join('\u0000');
    const byTrigram = new Map<string, number[]>();
    items.forEach((item, i) => {
      const name = item.searchName;
      for (let k = 0; k + 3 <= name.length; k++) {
        const trigram = name.slice(k, k + 3);
        const list = byTrigram.get(trigram);
        if (!list) byTrigram.set(trigram, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    });
    for (const [trigram, list] of byTrigram) this.trigrams.set(trigram, Int32Array.from(list));
    const byLexeme = new Map<string, number[]>();
    rows.forEach((row, i) => {
      for (const lexeme of row.lexemes ?? []) {
        const list = byLexeme.get(lexeme);
        if (list) list.push(i);
        else byLexeme.set(lexeme, [i]);
      }
    });
    this.lexemes = [...byLexeme.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.postings = this.lexemes.map((lexeme) => Int32Array.from(byLexeme.get(lexeme) ?? []));
    this.byWords = new Uint8Array(items.length);
    this.byText = new Uint8Array(items.length);
    this.seen = new Int32Array(items.length);
  }

  static async load(query: QueryFn, collator: Intl.Collator): Promise<SearchSnapshot> {
    return SearchSnapshot.fromRows(await query(LOAD_SQL), collator);
  }

  static fromRows(rows: readonly LoadRow[], collator: Intl.Collator): SearchSnapshot {
    const items: IndexedItem[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      searchName: row.searchName,
      brand: row.brand,
      category: row.category,
      parentCategory: row.parentCategory,
      ...precompute(row),
      nameRank: 0,
    }));
    const byName = items.map((_, i) => i).sort((a, b) => collator.compare(items[a].name, items[b].name));
    let rank = 0;
    byName.forEach((index, k) => {
      if (k > 0 && collator.compare(items[byName[k - 1]].name, items[index].name) !== 0) rank = k;
      items[index].nameRank = rank;
    });
    return new SearchSnapshot(items, rows);
  }

  /** Whether some name contains one of the roots. */
  contains(roots: readonly string[]): boolean {
    return roots.some((root) => this.haystack.includes(root));
  }

  /**
   * The items matching the search: every word's roots (one of them) occur in the name, or every full-text prefix
   * is the start of one of the item's lexemes (`prefixes` null: the full-text query has no lexemes, so it matches
   * nothing). In index order.
   */
  candidates(wordRoots: readonly (readonly string[])[], prefixes: readonly string[] | null): IndexedItem[] {
    const n = this.items.length;
    const { byWords, byText, seen } = this;
    byWords.fill(0);
    byText.fill(0);
    seen.fill(-1);
    wordRoots.forEach((roots, w) => {
      for (const root of roots) this.eachContaining(root, (i) => {
        if (seen[i] !== w) {
          seen[i] = w;
          byWords[i]++;
        }
      });
    });
    if (prefixes) {
      seen.fill(-1);
      prefixes.forEach((prefix, p) => {
        for (let k = this.firstAtLeast(prefix); k < this.lexemes.length && this.lexemes[k].startsWith(prefix); k++) {
          for (const i of this.postings[k]) {
            if (seen[i] !== p) {
              seen[i] = p;
              byText[i]++;
            }
          }
        }
      });
    }
    const found: IndexedItem[] = [];
    const words = wordRoots.length;
    const texts = prefixes?.length ?? -1;
    for (let i = 0; i < n; i++) {
      if ((words > 0 && byWords[i] === words) || byText[i] === texts) found.push(this.items[i]);
    }
    return found;
  }

  private eachContaining(root: string, visit: (item: number) => void): void {
    if (root === '') {
      for (let i = 0; i < this.items.length; i++) visit(i);
      return;
    }
    if (root.length >= 3) {
      // The items having the root's rarest trigram, each checked for the whole root.
      let rarest: Int32Array | undefined;
      for (let k = 0; k + 3 <= root.length; k++) {
        const list = this.trigrams.get(root.slice(k, k + 3));
        if (!list) return;
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      for (const i of rarest ?? []) if (this.items[i].searchName.includes(root)) visit(i);
      return;
    }
    let at = this.haystack.indexOf(root);
    while (at !== -1) {
      const item = this.itemAt(at);
      visit(item);
      const next = item + 1 < this.starts.length ? this.starts[item + 1] : this.haystack.length;
      at = this.haystack.indexOf(root, next);
    }
  }

  /** The item whose name holds haystack position `at`. */
  private itemAt(at: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.starts[mid] <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  private firstAtLeast(prefix: string): number {
    let low = 0;
    let high = this.lexemes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.lexemes[mid] < prefix) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** A search word's pattern ('leipa|leip|leiv', other characters escaped) as its literal roots. */
export function patternRoots(pattern: string): string[] {
  const roots: string[] = [];
  let current = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) current += pattern[++i];
    else if (c === '|') {
      roots.push(current);
      current = '';
    } else current += c;
  }
  roots.push(current);
  return roots;
}

/**
 * A token's part of `catalog.search_tsquery`: the lexeme prefix it matches ('maitoa' -> 'maito'), null when the
 * token has no lexeme (it drops out of the query), or undefined when its query is more than one prefix (a phrase
 * such as '0,5l' -> '0':* <-> '5l':*), which only the database evaluates.
 */
export type Stem = string | null | undefined;

export function parseStem(query: string): Stem {
  if (query === '') return null;
  const match = /^'((?:[^']|'')+)':\*$/.exec(query);
  return match ? match[1].replace(/''/g, "'") : undefined;
}

/**
 * The catalog service's in-memory search index: a SearchSnapshot of every item, kept equal to the tables. Triggers
 * on catalog.items and catalog.categories NOTIFY every committed change of what the search reads (migration
 * 1764800000000) to each process's listener; the index LISTENs before it loads, and after a notification it does
 * not answer (`snapshot()` is undefined, the search reads the tables) until a load that started after the
 * notification has finished. Also after losing its listener, until it has listened and loaded again.
 * Its listener also carries the notifications of the items' JSON heads (ItemJsonCache) and of which stores sell
 * which item (StoreItemsIndex), and tells both when it is lost or listening again.
 */
@Injectable()
export class SearchIndex implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SearchIndex.name);
  private readonly collator = new Intl.Collator('fi-FI');
  private current?: SearchSnapshot;
  private notifications?: PgNotificationListener;
  /** Notifications received; the snapshot answers only while it was loaded after the last of them. */
  private changes = 0;
  private loadedAt = -1;
  private loading?: Promise<void>;
  private reloadTimer?: NodeJS.Timeout;
  private lastLoadStarted = 0;
  private stopped = false;
  private readonly stems = new Map<string, Stem>();
  private readyWaiters: (() => void)[] = [];
  /** Barriers sent by `whenCaughtUp`, by payload, until the listener receives them. */
  private readonly barriers = new Map<string, () => void>();
  private barrierCount = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    /** The items' JSON heads, kept equal to the table by this listener's `catalog_item_json` notifications. */
    @Optional() private readonly itemJson?: ItemJsonCache,
    /** Which stores sell which item, kept equal to catalog.store_prices by its `catalog_store_items` notifications. */
    @Optional() private readonly storeItems?: StoreItemsIndex,
  ) {}

  onApplicationBootstrap(): void {
    // A migrations run (HINTAKORI_MIGRATE_ONLY) closes the context as soon as it is up: nothing to index.
    if (this.config.migrateOnly) return;
    this.notifications = new PgNotificationListener(
      {
        connectionString: this.config.databaseUrl,
        applicationName: 'hintakori-catalog-search-index',
        channels: [SEARCH_INDEX_CHANNEL, ITEM_JSON_CHANNEL, STORE_ITEMS_CHANNEL],
      },
      {
        listening: () => {
          this.itemJson?.listening(true);
          this.storeItems?.listening(true);
          this.changes += 1; // whatever was loaded before this listener is not known to be current
          this.passBarriers(); // and every change before now is counted by that
          return this.reload();
        },
        notification: (channel, payload) => this.onNotification(channel, payload),
        lost: (error) => {
          this.logger.warn(`Search index stale or not listening (${error.message}); the tables answer until it has listened and reloaded`);
          this.itemJson?.listening(false);
          this.storeItems?.listening(false);
        },
      },
    );
    void this.notifications.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reloadTimer);
    this.itemJson?.listening(false);
    this.storeItems?.listening(false);
    await this.notifications?.stop();
  }

  /** The snapshot, when it is equal to the tables; undefined otherwise (the caller reads the tables). */
  snapshot(): SearchSnapshot | undefined {
    return this.notifications?.isListening && this.current && this.loadedAt === this.changes ? this.current : undefined;
  }

  /** Resolves once the index answers (tests and tools). */
  whenReady(): Promise<void> {
    if (this.snapshot()) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /**
   * Resolves once the index and the store items answer with every change committed before the call (tests and
   * tools that write the tables and then search). A barrier notification on the index's own channel, committed now,
   * reaches this listener after every notification committed before it (PostgreSQL delivers them in commit order),
   * so once it has arrived the changes before it are counted, and the next load that answers includes them. A
   * listener that listens again counts every change before it too, and lets the barriers pass.
   */
  async whenCaughtUp(): Promise<void> {
    await this.whenReady(); // listening: a barrier sent before LISTEN would never arrive
    const payload = `barrier:${process.pid}:${++this.barrierCount}`;
    const arrived = new Promise<void>((resolve) => this.barriers.set(payload, resolve));
    await this.dataSource.query('SELECT pg_notify($1, $2)', [SEARCH_INDEX_CHANNEL, payload]);
    await arrived;
    await this.whenReady();
    await this.storeItems?.whenReady();
  }

  /** Each token's part of the full-text query (see Stem); words not seen before are asked of the database. */
  async stemsOf(tokens: readonly string[]): Promise<Stem[]> {
    const unknown = [...new Set(tokens.filter((token) => !this.stems.has(token)))];
    if (unknown.length > 0) {
      const rows: { query: string }[] = await this.dataSource.query(STEMS_SQL, [unknown]);
      if (this.stems.size + unknown.length > MAX_STEMS) this.stems.clear();
      unknown.forEach((token, i) => this.stems.set(token, parseStem(rows[i]?.query ?? '')));
    }
    return tokens.map((token) => this.stems.get(token));
  }

  private passBarriers(): void {
    const pass = [...this.barriers.values()];
    this.barriers.clear();
    pass.forEach((resolve) => resolve());
  }

  private onNotification(channel: string, payload: string): void {
    if (channel === ITEM_JSON_CHANNEL) this.itemJson?.changed(payload);
    if (channel === STORE_ITEMS_CHANNEL) this.storeItems?.changed();
    if (channel !== SEARCH_INDEX_CHANNEL) return;
    if (payload.startsWith('barrier:')) {
      this.barriers.get(payload)?.();
      this.barriers.delete(payload);
      return;
    }
    this.changes += 1;
    this.scheduleReload();
  }

  private scheduleReload(): void {
    if (this.stopped || this.reloadTimer || this.loading) return;
    const wait = Math.max(0, this.lastLoadStarted + RELOAD_INTERVAL_MS - Date.now());
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = undefined;
      void this.reload();
    }, wait);
    this.reloadTimer.unref();
  }

  private async reload(): Promise<void> {
    if (this.loading) return this.loading;
    const changes = this.changes;
    this.lastLoadStarted = Date.now();
    this.loading = (async () => {
      try {
        const started = Date.now();
        const snapshot = await SearchSnapshot.load((sql, params) => this.dataSource.query(sql, params), this.collator);
        if (this.stopped) return;
        this.current = snapshot;
        this.loadedAt = changes;
        this.logger.log(`Search index loaded: ${snapshot.items.length} items in ${Date.now() - started} ms`);
      } catch (error) {
        this.logger.warn(`Search index not loaded (${error instanceof Error ? error.message : String(error)}); the tables answer`);
      } finally {
        this.loading = undefined;
      }
      if (this.changes !== changes || this.loadedAt !== changes) this.scheduleReload();
      else if (this.snapshot()) {
        const waiters = this.readyWaiters;
        this.readyWaiters = [];
        waiters.forEach((resolve) => resolve());
      }
    })();
    return this.loading;
  }
}
