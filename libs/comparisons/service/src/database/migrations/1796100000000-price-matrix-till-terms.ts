import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A cell's till terms (tillLine in libs/shared/util): the regular price of a campaign price, the campaign's dates, a
 * member price (card and cents), a multibuy (pieces and the bundle's cents) and a weighed good's average weight, each
 * null when the source gave none (most cells have none).
 *
 * The change notification (migrations 1795550000000 and 1795600000000) carries them as a fifth field, only for a cell
 * the till rules treat apart (a campaign date, a member price, a multibuy or a price per kilogram: TERMED_CELL):
 * `item:store:price:deposit:terms`, the deposit empty when the cell has none, the terms `;`-separated tokens without
 * `:` or `,` (times as epoch milliseconds):
 *   c  is_campaign          r<cents>  regular_price      s<ms> campaign_starts_at   e<ms> campaign_ends_at
 *   m<card>=<cents> member  b<n>x<cents> multibuy        w<grams> average weight     k price per kilogram
 * A plain cell keeps the old `item:store:price[:deposit]`, so a replica still running the old cache reads every
 * payload's price and deposit as before. As a termed cell's text is longer, the chunks are cut by length (at most
 * about 7,800 characters, under the 8,000-byte payload limit) instead of by 200 cells.
 */
export class PriceMatrixTillTerms1796100000000 implements MigrationInterface {
  name = 'PriceMatrixTillTerms1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE comparisons.price_matrix
      ADD COLUMN regular_price integer,
      ADD COLUMN campaign_starts_at timestamptz,
      ADD COLUMN campaign_ends_at timestamptz,
      ADD COLUMN member_card text,
      ADD COLUMN member_price integer,
      ADD COLUMN multibuy_quantity integer,
      ADD COLUMN multibuy_price integer,
      ADD COLUMN average_weight_grams integer`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION comparisons.notify_price_cells_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('comparisons_price_matrix', string_agg(cell, ',' ORDER BY n))
           FROM (SELECT cell, n, (sum(length(cell) + 1) OVER (ORDER BY n) - 1) / 7800 AS chunk
                   FROM (SELECT ${CELL_TEXT} AS cell, row_number() OVER () AS n FROM changed) texts) cells
          GROUP BY chunk;
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION comparisons.notify_price_cells_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('comparisons_price_matrix', string_agg(cell, ','))
           FROM (SELECT item_id || ':' || store_id || ':' || price || coalesce(':' || deposit, '') AS cell, (row_number() OVER () - 1) / 200 AS chunk FROM changed) cells
          GROUP BY chunk;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`ALTER TABLE comparisons.price_matrix
      DROP COLUMN regular_price, DROP COLUMN campaign_starts_at, DROP COLUMN campaign_ends_at, DROP COLUMN member_card,
      DROP COLUMN member_price, DROP COLUMN multibuy_quantity, DROP COLUMN multibuy_price, DROP COLUMN average_weight_grams`);
  }
}

/** A cell the till rules treat apart (hasTillTerms, or a price per kilogram that may borrow another store's weight). */
export const TERMED_CELL = `(campaign_starts_at IS NOT NULL OR campaign_ends_at IS NOT NULL OR member_card IS NOT NULL
  OR multibuy_quantity IS NOT NULL OR price_unit = 'kg')`;

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;

/** The terms field of a termed cell (see the class comment); concat_ws skips the nulls. */
export const TERMS_TEXT = `concat_ws(';',
  CASE WHEN is_campaign THEN 'c' END,
  'r' || regular_price,
  's' || ${epochMs('campaign_starts_at')},
  'e' || ${epochMs('campaign_ends_at')},
  CASE WHEN member_card IS NOT NULL THEN 'm' || member_card || '=' || member_price END,
  CASE WHEN multibuy_quantity IS NOT NULL THEN 'b' || multibuy_quantity || 'x' || multibuy_price END,
  'w' || average_weight_grams,
  CASE WHEN price_unit = 'kg' THEN 'k' END)`;

const CELL_TEXT = `item_id || ':' || store_id || ':' || price ||
  CASE WHEN ${TERMED_CELL} THEN ':' || coalesce(deposit::text, '') || ':' || ${TERMS_TEXT} ELSE coalesce(':' || deposit, '') END`;
