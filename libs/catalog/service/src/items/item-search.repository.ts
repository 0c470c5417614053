import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Page } from '../validation/request-validation';
import { availabilitySql, ItemRow, withItemDetails } from './item-rows';
import type { SearchTerms } from './search-terms';

/**
 * Relevance (higher first), in coarse steps so that equally good matches are then ordered by how many of
 * the chosen stores sell them, then by name:
 *   2 .. 3.75  full-text match: every word is a (Finnish-stemmed) prefix of a word in the name or brand;
 *              +1    the words also match whole ('maito' -> "rasvaton maito" before "maitorahka")
 *              +0.5  the text stands as its own word(s) in the name ("Dole banaani 1 kg" before
 *                    "Valio banaani-mangosmoothie")
 *              +0.25 the name starts with the text (search-as-you-type: 'mai' -> "Maissi")
 *   1.5        the text occurs inside the name (compound words: 'maito' -> "kevytmaito")
 *   < 1        typo tolerance: trigram similarity of the text to the name ('juutso' -> "juusto"), counted
 *              when pg_trgm's word similarity is at least 0.4 if nothing above matched, otherwise 0.6;
 *              ordered by the mean of word and strict word similarity (whole words first)
 */
function searchSql(trgm: string): string {
  return withItemDetails(`
    WITH exact AS (
      SELECT i.id,
             2 + CASE WHEN i.search_vector @@ catalog.search_tsquery($2::text[], false) THEN 1 ELSE 0 END
               + CASE WHEN ' ' || i.search_name || ' ' LIKE '% ' || catalog.search_normalize($3::text) || ' %' THEN 0.5 ELSE 0 END
               + CASE WHEN i.search_name LIKE catalog.search_normalize($3::text) || '%' THEN 0.25 ELSE 0 END AS relevance
      FROM catalog.items i
      WHERE i.search_vector @@ catalog.search_tsquery($2::text[])
      UNION ALL
      SELECT i.id, 1.5
      FROM catalog.items i
      WHERE $4::boolean AND i.search_name LIKE '%' || catalog.search_normalize($3::text) || '%'
    ),
    fuzzy AS (
      SELECT i.id,
             ${trgm}.word_similarity(catalog.search_normalize($3::text), i.search_name) AS similarity,
             ${trgm}.strict_word_similarity(catalog.search_normalize($3::text), i.search_name) AS strict_similarity
      FROM catalog.items i
      WHERE $5::boolean AND i.search_name OPERATOR(${trgm}.%>) catalog.search_normalize($3::text)
    ),
    matches AS (
      SELECT m.id, round(max(m.relevance)::numeric, 2) AS relevance
      FROM (
        SELECT id, relevance FROM exact
        UNION ALL
        SELECT id, (similarity + strict_similarity) / 2 FROM fuzzy
        WHERE similarity >= CASE WHEN EXISTS (SELECT 1 FROM exact) THEN 0.6 ELSE 0.4 END
      ) m
      GROUP BY m.id
    )
    SELECT m.id, row_number() OVER (ORDER BY m.relevance DESC, ${availabilitySql('m.id')} DESC, i.name COLLATE catalog.finnish, i.id) AS ord
    FROM matches m
    JOIN catalog.items i ON i.id = m.id
    ORDER BY ord
    LIMIT $6 OFFSET $7`);
}

@Injectable()
export class ItemSearchRepository {
  private sql?: Promise<string>;

  constructor(private readonly dataSource: DataSource) {}

  search(terms: SearchTerms, storeIds: readonly number[], page: Page): Promise<ItemRow[]> {
    return this.searchStatement().then((sql) =>
      this.dataSource.query(sql, [storeIds, terms.tokens, terms.text, terms.matchInfix, terms.matchFuzzy, page.limit, page.offset]),
    );
  }

  /** pg_trgm may live in another schema when another service created it first; its operators are qualified. */
  private searchStatement(): Promise<string> {
    this.sql ??= this.dataSource
      .query(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`)
      .then((rows: { schema: string }[]) => {
        if (rows.length === 0) throw new Error('The pg_trgm extension is missing: the catalog migrations have not run');
        return searchSql(rows[0].schema);
      })
      .catch((error: unknown) => {
        this.sql = undefined;
        throw error;
      });
    return this.sql;
  }
}
