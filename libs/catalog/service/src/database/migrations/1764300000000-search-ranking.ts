import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Functions of the search ranking (see item-search.repository.ts): how well a search word matches the words
 * of a name or a category name, and how many plain words a product name has.
 */
export class SearchRanking1764300000000 implements MigrationInterface {
  name = 'SearchRanking1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // `pattern` is the search word's roots as regular-expression alternatives ('leipa|leip|leiv'), `phrase` is
    // normalized text (lower case, no accents). The best level over the phrase's words:
    //   4  a word is the search word, maybe inflected ('leipa' ~ "leipa", "leivat"),
    //   head_level  the search word ends a compound word: it is the compound's head ("ruisleipa", "kevytmaito"),
    //   2  a word starts with it (a compound's first part "leipajuusto", or a part before a hyphen "lohi-perunasose"),
    //   1  it occurs inside a word,
    //   0  nowhere.
    // A part before a hyphen is a modifier ("omena-kaneli", "pasta- ja riisiateriat"): at most 2.
    await queryRunner.query(`
      CREATE FUNCTION catalog.search_word_level(phrase text, pattern text, head_level integer) RETURNS integer
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN (
        SELECT coalesce(max(CASE
                 WHEN p.part ~ ('^(?:' || pattern || ').{0,3}$') THEN CASE WHEN p.last THEN 4 ELSE 2 END
                 WHEN p.part ~ ('^.{3,}(?:' || pattern || ').{0,3}$') THEN CASE WHEN p.last THEN head_level ELSE 1 END
                 WHEN p.part ~ ('^(?:' || pattern || ')') THEN 2
                 WHEN p.part ~ ('(?:' || pattern || ')') THEN 1
                 ELSE 0
               END), 0)
        FROM regexp_split_to_table(phrase, '[^[:alnum:],.-]+') AS w(word)
        CROSS JOIN LATERAL (
          SELECT x.part, x.k = max(x.k) OVER () AS last
          FROM unnest(string_to_array(w.word, '-')) WITH ORDINALITY AS x(part, k)
        ) p
        WHERE p.part <> ''
      )`);
    // Words of a product name that describe it (not sizes, counts or units): "gluteeniton leipa 300 g" has 2,
    // "ruisleipa 6 kpl 330 g" 1. Fewer is plainer.
    await queryRunner.query(`
      CREATE FUNCTION catalog.search_plain_words(phrase text) RETURNS integer
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN (
        SELECT count(*)::integer
        FROM regexp_split_to_table(phrase, '\\s+') AS w(word)
        WHERE w.word ~ '^[[:alpha:]-]{2,}$' AND w.word NOT IN ('kpl', 'kg', 'dl', 'cl', 'ml', 'rl', 'kk', 'pkt', 'prk', 'tl')
      )`);
    // The length of the shortest word containing the search word: a compound with fewer parts is plainer
    // ("ruisleipa" before "ruispaahtoleipa" for 'leipa'). 1000 when no word contains it.
    await queryRunner.query(`
      CREATE FUNCTION catalog.search_match_length(phrase text, pattern text) RETURNS integer
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN (
        SELECT coalesce(min(length(w.word)), 1000)
        FROM regexp_split_to_table(phrase, '[^[:alnum:],.-]+') AS w(word)
        WHERE w.word ~ ('(?:' || pattern || ')')
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION catalog.search_match_length(text, text)');
    await queryRunner.query('DROP FUNCTION catalog.search_plain_words(text)');
    await queryRunner.query('DROP FUNCTION catalog.search_word_level(text, text, integer)');
  }
}
