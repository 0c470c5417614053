import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Page } from '../validation/request-validation';
import { availabilitySql, ItemRow, withItemDetails } from './item-rows';
import { toSearchWord, type SearchTerms, type SearchWord } from './search-terms';

/** Parameters of the search statement before the per-word patterns ($6, $7, …). */
const FIXED_PARAMS = 5;

/**
 * The ranked search (see the catalog service README, "Search"). Candidates: every search word's roots occur in the
 * name (trigram index on `search_name`), or the Finnish full-text query matches name or brand (GIN on
 * `search_vector`). Relevance, higher first:
 *
 *   2 × text level  mean over the search words of the best word match in the product name (the name without its
 *                   leading brand): 4 the word itself or the head of a compound ("ruisleipä" for 'leipä'),
 *                   2 a compound's first part or a part before a hyphen ("leipäjuusto", "lohi-perunasose"),
 *                   1 inside a word. A match only in the brand counts 2 (whole word) or 1.
 * + category level mean over the words of the best match in the item's category or its parent category name:
 *                   4 the word ("Omenat ja päärynät" for 'omenat'), 3 a compound's head ("Ruisleivät"), 2 first part.
 * + 0.25           the product name starts with the first search word.
 *
 * Ties (sales-neutral, nothing paid or sold counts): fewer descriptive words in the product name (plainer:
 * "ruisleipä" before "gluteeniton leipä"), then the shorter word holding the search word (a compound of fewer
 * parts: "ruisleipä" before "ruispaahtoleipä"), then availability in the chosen stores, then Finnish alphabetical
 * name, then id.
 */
function searchSql(words: number): string {
  const rootsMatch = Array.from({ length: words }, (_, i) => `i.search_name ~ $${FIXED_PARAMS + 1 + i}`).join(' AND ');
  return withItemDetails(`
    WITH q AS (
      SELECT pattern FROM unnest($2::text[]) AS t(pattern)
    ),
    candidates AS (
      SELECT i.id, i.name, i.category_id, b.brand,
             CASE WHEN b.brand <> '' AND starts_with(i.search_name, b.brand || ' ') THEN substr(i.search_name, length(b.brand) + 2) ELSE i.search_name END AS product
      FROM catalog.items i
      CROSS JOIN LATERAL (SELECT catalog.search_normalize(i.brand_name) AS brand) b
      WHERE (${rootsMatch}) OR i.search_vector @@ catalog.search_tsquery($3::text[])
    ),
    category_levels AS (
      SELECT c.id,
             (SELECT avg(greatest(catalog.search_word_level(catalog.search_normalize(c.name), q.pattern, 3),
                                  catalog.search_word_level(catalog.search_normalize(coalesce(parent.name, '')), q.pattern, 3)))
              FROM q) AS level
      FROM catalog.categories c
      LEFT JOIN catalog.categories parent ON parent.id = c.parent_category_id
      WHERE c.id IN (SELECT category_id FROM candidates)
    ),
    ranked AS (
      SELECT m.id, m.name,
             2 * (SELECT avg(greatest(catalog.search_word_level(m.product, q.pattern, 4),
                                      CASE catalog.search_word_level(m.brand, q.pattern, 4) WHEN 0 THEN 0 WHEN 4 THEN 2 ELSE 1 END))
                  FROM q)
             + coalesce(cl.level, 0)
             + CASE WHEN m.product ~ ('^(?:' || $6 || ')') THEN 0.25 ELSE 0 END AS relevance,
             catalog.search_plain_words(m.product) AS plain_words,
             (SELECT sum(catalog.search_match_length(m.product, q.pattern)) FROM q) AS match_length
      FROM candidates m
      LEFT JOIN category_levels cl ON cl.id = m.category_id
    )
    SELECT r.id,
           row_number() OVER (ORDER BY round(r.relevance, 2) DESC, r.plain_words, r.match_length, ${availabilitySql('r.id')} DESC, r.name COLLATE catalog.finnish, r.id) AS ord
    FROM ranked r
    ORDER BY ord
    LIMIT $4 OFFSET $5`);
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

@Injectable()
export class ItemSearchRepository {
  private trgmSchema?: Promise<string>;

  constructor(private readonly dataSource: DataSource) {}

  async search(terms: SearchTerms, storeIds: readonly number[], page: Page): Promise<ItemRow[]> {
    const words = await this.correctTypos(terms.words);
    if (words.length === 0) return [];
    return this.dataSource.query(searchSql(words.length), [
      storeIds,
      words.map((word) => word.pattern),
      terms.tokens,
      page.limit,
      page.offset,
      ...words.map((word) => word.pattern),
    ]);
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
