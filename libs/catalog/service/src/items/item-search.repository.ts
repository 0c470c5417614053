import { preparedQuery } from '@hintakori/platform-persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Page } from './page';
import type { ItemPricesRow } from './item-json';
import { availabilitySql, ItemRow, PRICE_RUN_JOIN_SQL, STORE_ITEM_JSON_SQL, withItemDetails, withItemPrices } from './item-rows';
import { patternRoots, SearchIndex, type SearchSnapshot } from './search-index';
import { compareScores, rankCandidates, scoreCandidates, type SearchCandidate } from './search-ranking';
import { toSearchWord, type SearchTerms, type SearchWord } from './search-terms';
import { StoreItemsIndex, type StoreItemsSnapshot } from './store-items-index';

/** Names in Finnish alphabetical order, as the `catalog.finnish` collation sorts them. */
const FINNISH = new Intl.Collator('fi-FI');

/**
 * The candidates of a search: every search word's roots occur in the name (trigram index on `search_name`), or the
 * Finnish full-text query matches name or brand (GIN on `search_vector`); with what the ranking needs
 * (search-ranking.ts ranks them in the service, where the per-word matching costs microseconds, not the
 * 0.1–0.2 ms per row of SQL functions). `$1` the chosen stores, `$2` the full-text tokens, `$3…` the words' patterns.
 */
function candidatesSql(words: number): string {
  const rootsMatch = Array.from({ length: words }, (_, i) => `i.search_name ~ $${3 + i}`).join(' AND ');
  return `
    SELECT i.id, i.name, i.search_name AS "searchName", catalog.search_normalize(i.brand_name) AS brand,
           coalesce(catalog.search_normalize(c.name), '') AS category,
           coalesce(catalog.search_normalize(parent.name), '') AS "parentCategory",
           ${availabilitySql('i.id')}::integer AS availability
    FROM catalog.items i
    LEFT JOIN catalog.categories c ON c.id = i.category_id
    LEFT JOIN catalog.categories parent ON parent.id = c.parent_category_id
    WHERE (${rootsMatch}) OR i.search_vector @@ catalog.search_tsquery($2::text[])`;
}

/** The page of ids `$2` (in order) in the chosen stores `$1`. */
const PAGE_IDS_SQL = 'SELECT p.id, p.ord FROM unnest($2::int[]) WITH ORDINALITY AS p(id, ord)';

/**
 * The page of the in-memory search in one statement: `$2` the ranked candidates in order up to the end of the
 * page's last tie group, `$3` each one's tie group (equal relevance, plainness and match length), `$4` whether the
 * group has more than one candidate. Within a group, availability in the chosen stores (`$1`) comes first, then the
 * given order (Finnish name, id); only tied candidates need it counted. `$5` offset, `$6` limit.
 */
const RANKED_IDS_SQL = `
  SELECT r.id, r.ord FROM (
    SELECT c.id, row_number() OVER (
             ORDER BY c.grp,
                      CASE WHEN c.tied THEN ${availabilitySql('c.id')} ELSE 0 END DESC,
                      c.pos) AS ord
    FROM unnest($2::int[], $3::int[], $4::boolean[]) WITH ORDINALITY AS c(id, grp, tied, pos)
  ) r
  ORDER BY r.ord OFFSET $5 LIMIT $6`;

/** What a page's statements give: each item whole (ItemRow), or its id and prices (ItemPricesRow). */
interface PageShape<Row> {
  /** The prepared ranked page's name and text. */
  ranked: [name: string, sql: string];
  /** The page of given ids. */
  page: string;
  /** Type only: the rows the statements give. */
  _row?: Row;
}

const DETAILS: PageShape<ItemRow> = { ranked: ['catalog_search_ranked_page', withItemDetails(RANKED_IDS_SQL)], page: withItemDetails(PAGE_IDS_SQL) };
const PRICES: PageShape<ItemPricesRow> = { ranked: ['catalog_search_ranked_prices', withItemPrices(RANKED_IDS_SQL)], page: withItemPrices(PAGE_IDS_SQL) };

/**
 * The prices of the given (item, store) pairs — `$1` items, `$2` stores, pairwise — in the given order: the page's
 * prices when the service knows which of them exist (StoreItemsIndex), one primary-key probe per price.
 */
const PAIR_PRICES_SQL = `
  SELECT p.item_id AS "itemId", ${STORE_ITEM_JSON_SQL} AS price
  FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS q(item_id, store_id, ord)
  JOIN catalog.store_prices p ON p.item_id = q.item_id AND p.store_id = q.store_id
  ${PRICE_RUN_JOIN_SQL}
  ORDER BY q.ord`;

/** The candidates up to the end of the tie group holding the page's last place, in order, with their tie groups. */
interface RankedCandidates {
  ids: number[];
  /** Each candidate's tie group (equal relevance, plainness and match length), ascending. */
  groups: number[];
  /** Whether the candidate shares its group with another one (only then does availability order it). */
  tied: boolean[];
}

/**
 * For each search word: null when some name contains one of its roots, otherwise (typo tolerance) the word of a
 * similar name most similar to it — names found through pg_trgm's word similarity (`%>`, threshold 0.4 set on the
 * service's connections), words ranked by trigram similarity. Null too when nothing is similar.
 */
function correctionSql(trgm: string): string {
  return `
    SELECT t.ord,
           CASE WHEN NOT t.correctable OR EXISTS (SELECT 1 FROM catalog.items i WHERE i.search_name ~ t.pattern) THEN NULL
                ELSE (SELECT w.word
                      FROM catalog.items i
                      CROSS JOIN LATERAL regexp_split_to_table(i.search_name, '[^[:alnum:]]+') AS w(word)
                      WHERE i.search_name OPERATOR(${trgm}.%>) t.word AND length(w.word) >= 3
                      ORDER BY ${trgm}.similarity(w.word, t.word) DESC, w.word
                      LIMIT 1)
           END AS correction
    FROM unnest($1::text[], $2::text[], $3::boolean[]) WITH ORDINALITY AS t(word, pattern, correctable, ord)
    ORDER BY t.ord`;
}

/** A search's whole ranking from the index: candidate ids in order and each one's tie group (ascending). */
interface FullRanking {
  ids: Int32Array;
  groups: Int32Array;
}

/** Kept rankings, counted in candidates (~8 bytes each): the least recently used go first beyond this. */
const MAX_RANKED_POSITIONS = 1_000_000;

@Injectable()
export class ItemSearchRepository {
  private trgmSchema?: Promise<string>;
  /** Rankings by search text (see fullRanking), least recently used first. */
  private readonly rankings = new Map<string, { snapshot: SearchSnapshot; ranking: FullRanking | null }>();
  private rankedPositions = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly index?: SearchIndex,
    private readonly storeItems?: StoreItemsIndex,
  ) {}

  /**
   * The ranked page: from the in-memory index when it is current (one statement: the page with its prices), else
   * from the tables (the candidates, then the page).
   */
  search(terms: SearchTerms, storeIds: readonly number[], page: Page): Promise<ItemRow[]> {
    return this.searchAs(DETAILS, terms, storeIds, page);
  }

  /**
   * The same page as `search`, each item with its id and prices only (ItemJsonCache writes the rest). When both the
   * search index and the store items are current, the page is ordered here and only its existing prices are read.
   */
  async searchPrices(terms: SearchTerms, storeIds: readonly number[], page: Page): Promise<ItemPricesRow[]> {
    const snapshot = this.index?.snapshot();
    const ranked = snapshot ? await this.rankIndexed(snapshot, terms, page) : undefined;
    if (ranked === null) return [];
    if (!ranked) return this.searchTables(terms, storeIds, page, PRICES);
    const stock = this.storeItems?.snapshot();
    return stock ? this.pricesOfPage(ranked, stock, storeIds, page) : this.rankedPage(PRICES, ranked, storeIds, page);
  }

  /**
   * The page of `ranked` as the ranked statement orders it (within a tie group: more of the chosen stores first,
   * then the given order), and its prices in the chosen stores (in their order) that exist.
   */
  private async pricesOfPage(ranked: RankedCandidates, stock: StoreItemsSnapshot, storeIds: readonly number[], page: Page): Promise<ItemPricesRow[]> {
    const stores = stock.choose(storeIds);
    const order = ranked.ids.map((id, i) => ({ id, group: ranked.groups[i], availability: ranked.tied[i] ? stock.count(id, stores) : 0, position: i }));
    order.sort((a, b) => a.group - b.group || b.availability - a.availability || a.position - b.position);
    const rows: ItemPricesRow[] = order.slice(page.offset, page.offset + page.limit).map(({ id }) => ({ id, storeItems: [] }));
    const pairItems: number[] = [];
    const pairStores: number[] = [];
    for (const row of rows) {
      for (const store of stores) {
        if (stock.has(row.id, store)) {
          pairItems.push(row.id);
          pairStores.push(store.storeId);
        }
      }
    }
    if (pairItems.length === 0) return rows;
    const prices = await preparedQuery<{ itemId: number; price: ItemRow['storeItems'][number] }>(this.dataSource, 'catalog_search_pair_prices', PAIR_PRICES_SQL, [pairItems, pairStores]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { itemId, price } of prices) byId.get(itemId)?.storeItems.push(price);
    return rows;
  }

  private async searchAs<Row>(shape: PageShape<Row>, terms: SearchTerms, storeIds: readonly number[], page: Page): Promise<Row[]> {
    const snapshot = this.index?.snapshot();
    const found = snapshot ? await this.searchIndexed(snapshot, terms, storeIds, page, shape) : undefined;
    return found ?? this.searchTables(terms, storeIds, page, shape);
  }

  /** The same answer as searchTables from the index; undefined when the full-text query is beyond it (phrases). */
  async searchIndexed<Row = ItemRow>(
    snapshot: SearchSnapshot,
    terms: SearchTerms,
    storeIds: readonly number[],
    page: Page,
    shape: PageShape<Row> = DETAILS as PageShape<never>,
  ): Promise<Row[] | undefined> {
    const ranked = await this.rankIndexed(snapshot, terms, page);
    if (ranked === null) return [];
    return ranked ? this.rankedPage(shape, ranked, storeIds, page) : undefined;
  }

  /** The page of `ranked` in one statement, availability counted in SQL (the ranked statement above). */
  private rankedPage<Row>(shape: PageShape<Row>, { ids, groups, tied }: RankedCandidates, storeIds: readonly number[], page: Page): Promise<Row[]> {
    // Prepared: PostgreSQL planned this statement anew for every search (1.4–1.8 ms of its 3–4 ms on finland).
    return preparedQuery<Row>(this.dataSource, shape.ranked[0], shape.ranked[1], [storeIds, ids, groups, tied, page.offset, page.limit]);
  }

  /**
   * The index's ranking of the search up to the end of the page's last tie group; null when nothing is on the page,
   * undefined when the full-text query is beyond the index (phrases).
   */
  private async rankIndexed(snapshot: SearchSnapshot, terms: SearchTerms, page: Page): Promise<RankedCandidates | null | undefined> {
    const ranking = await this.fullRanking(snapshot, terms);
    if (!ranking) return ranking;
    const { ids, groups } = ranking;
    const count = ids.length;
    if (count <= page.offset) return null;
    // Up to the end of the tie group holding the page's last place: availability can reorder only within a group.
    let last = Math.min(page.offset + page.limit, count) - 1;
    while (last + 1 < count && groups[last + 1] === groups[last]) last++;
    const ranked: RankedCandidates = { ids: [], groups: [], tied: [] };
    for (let i = 0; i <= last; i++) {
      ranked.ids.push(ids[i]);
      ranked.groups.push(groups[i]);
      ranked.tied.push((i > 0 && groups[i - 1] === groups[i]) || (i + 1 < count && groups[i + 1] === groups[i]));
    }
    return ranked;
  }

  /**
   * Every candidate of the search in the index's order, with its tie group (equal relevance, plainness and match
   * length): the same for every store set, so it is kept per search text for the snapshot it was ranked on (a
   * shopper's common words are asked with many store sets). null when no word is left, undefined for phrases.
   */
  private async fullRanking(snapshot: SearchSnapshot, terms: SearchTerms): Promise<FullRanking | null | undefined> {
    if (!this.index) return undefined;
    const key = JSON.stringify(terms);
    const kept = this.rankings.get(key);
    if (kept?.snapshot === snapshot) {
      this.rankings.delete(key); // most recently used last
      this.rankings.set(key, kept);
      return kept.ranking;
    }
    const stems = await this.index.stemsOf(terms.tokens);
    if (stems.some((stem) => stem === undefined)) return undefined;
    let words = terms.words;
    if (words.some((word) => word.correctable && !snapshot.contains(patternRoots(word.pattern)))) words = await this.correctTypos(words);
    let ranking: FullRanking | null = null;
    if (words.length > 0) {
      const patterns = words.map((word) => word.pattern);
      const prefixes = stems.filter((stem): stem is string => typeof stem === 'string');
      const candidates = snapshot.candidates(
        patterns.map(patternRoots),
        prefixes.length > 0 ? prefixes : null,
      );
      const scored = scoreCandidates(candidates, patterns, (item) => item);
      scored.sort((a, b) => compareScores(a, b) || a.candidate.nameRank - b.candidate.nameRank || a.candidate.id - b.candidate.id);
      ranking = { ids: new Int32Array(scored.length), groups: new Int32Array(scored.length) };
      let group = 0;
      scored.forEach((entry, i) => {
        if (i > 0 && compareScores(scored[i - 1], entry) !== 0) group++;
        ranking!.ids[i] = entry.candidate.id;
        ranking!.groups[i] = group;
      });
    }
    this.keepRanking(key, { snapshot, ranking });
    return ranking;
  }

  private keepRanking(key: string, entry: { snapshot: SearchSnapshot; ranking: FullRanking | null }): void {
    const size = (ranking: FullRanking | null) => 1 + (ranking?.ids.length ?? 0);
    const previous = this.rankings.get(key);
    if (previous) {
      this.rankedPositions -= size(previous.ranking);
      this.rankings.delete(key);
    }
    this.rankings.set(key, entry);
    this.rankedPositions += size(entry.ranking);
    for (const [oldKey, old] of this.rankings) {
      if (this.rankedPositions <= MAX_RANKED_POSITIONS) break;
      this.rankings.delete(oldKey);
      this.rankedPositions -= size(old.ranking);
    }
  }

  /** The search on the tables alone: candidates with what the ranking needs, ranked here, then the page. */
  async searchTables<Row = ItemRow>(terms: SearchTerms, storeIds: readonly number[], page: Page, shape: PageShape<Row> = DETAILS as PageShape<never>): Promise<Row[]> {
    const words = await this.correctTypos(terms.words);
    if (words.length === 0) return [];
    const patterns = words.map((word) => word.pattern);
    const candidates: SearchCandidate[] = await this.dataSource.query(candidatesSql(words.length), [storeIds, terms.tokens, ...patterns]);
    const ids = rankCandidates(candidates, patterns, FINNISH)
      .slice(page.offset, page.offset + page.limit)
      .map((candidate) => candidate.id);
    if (ids.length === 0) return [];
    return this.dataSource.query(shape.page, [storeIds, ids]);
  }

  /** Replaces each word no name contains by its closest look-alike ('juutso' -> 'juusto'). */
  private async correctTypos(words: SearchWord[]): Promise<SearchWord[]> {
    if (!words.some((word) => word.correctable)) return words;
    const rows: { ord: string; correction: string | null }[] = await this.dataSource.query(correctionSql(await this.trigramSchema()), [
      words.map((word) => word.text),
      words.map((word) => word.pattern),
      words.map((word) => word.correctable),
    ]);
    return words.map((word, index) => {
      const correction = rows[index]?.correction;
      return correction ? toSearchWord(correction) : word;
    });
  }

  /** pg_trgm may live in another schema when another service created it first; its operators are qualified. */
  private trigramSchema(): Promise<string> {
    this.trgmSchema ??= this.dataSource
      .query(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`)
      .then((rows: { schema: string }[]) => {
        if (rows.length === 0) throw new Error('The pg_trgm extension is missing: the catalog migrations have not run');
        return rows[0].schema;
      })
      .catch((error: unknown) => {
        this.trgmSchema = undefined;
        throw error;
      });
    return this.trgmSchema;
  }
}
