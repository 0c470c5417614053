import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `published_prices`: what each source last published per store (PublishedPricesRepository), so a run publishes only
 * the prices that changed. One row per (source, store), the prices packed as int4 triples (item id, cents,
 * fingerprint) in a bytea; `feed_runs.prices_unchanged` counts the prices a run saw unchanged (not published).
 */
export class PublishedPrices1765400000000 implements MigrationInterface {
  name = 'PublishedPrices1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ingest.published_prices (
        source text NOT NULL,
        store_id integer NOT NULL,
        prices bytea NOT NULL,
        PRIMARY KEY (source, store_id)
      )`);
    await queryRunner.query('ALTER TABLE ingest.feed_runs ADD COLUMN prices_unchanged bigint NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ingest.feed_runs DROP COLUMN prices_unchanged');
    await queryRunner.query('DROP TABLE ingest.published_prices');
  }
}
