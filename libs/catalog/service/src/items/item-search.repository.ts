import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Page } from '../validation/request-validation';
import { availabilitySql, ItemRow, withItemDetails } from './item-rows';
import type { SearchTerms } from './search-terms';

/**
 * Relevance tiers (higher first), rounded to two decimals so that equally good matches are then
 * ordered by availability in the chosen stores:
 *   3 + rank  full-text match and the name starts with the search text ('maito' -> 'Maito 1 l')
 *   2 + rank  full-text match: every word is a (Finnish-stemmed) prefix of a word in the name or brand
 *   1.5       the search text occurs inside the name (compound words: 'maito' -> 'kauramaito')
 *   < 1       typo tolerance: trigram word similarity of the text to the name ('juutso' -> 'juusto');
 *             at least 0.4 when nothing above matched, otherwise at least 0.6 (keeps noise out)
 */
function searchSql(trgm: string): string {
  return withItemDetails(`
    WITH exact AS (
      SELECT i.id,
             2 + ts_rank('{0.1, 0.2, 0.4, 1.0}', i.search_vector, catalog.search_tsquery($2::text[]))
               + CASE WHEN i.search_name LIKE catalog.search_normalize($3::text) || '%' THEN 1 ELSE 0 END AS relevance
      FROM catalog.items i
      WHERE i.search_vector @@ catalog.search_tsquery($2::text[])
      UNION ALL
      SELECT i.id, 1.5
      FROM catalog.items i
      WHERE $4::boolean AND i.search_name LIKE '%' || catalog.search_normalize($3::text) || '%'
    ),
    fuzzy AS (
      SELECT i.id, ${trgm}.word_similarity(catalog.search_normalize($3::text), i.search_name) AS relevance
      FROM catalog.items i
      WHERE $5::boolean AND i.search_name OPERATOR(${trgm}.%>) catalog.search_normalize($3::text)
    ),
    matches AS (
      SELECT m.id, round(max(m.relevance)::numeric, 2) AS relevance
      FROM (
        SELECT id, relevance FROM exact
        UNION ALL
        SELECT id, relevance FROM fuzzy
        WHERE relevance >= CASE WHEN EXISTS (SELECT 1 FROM exact) THEN 0.6 ELSE 0.4 END
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
