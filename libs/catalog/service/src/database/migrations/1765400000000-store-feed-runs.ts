import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Price age without a write per unchanged price: a feed run publishes only the prices that changed, and reports the
 * stores it saw (`ingest.run-completed`). `store_feed_runs` keeps, per store and source, when a run of the source last
 * saw the store; `store_prices.unlisted_at` marks a price its source's later run no longer had. A price's age is then
 * the newer of its own time (`updated_at`) and its store's last run of its source, unless unlisted (item-rows.ts).
 */
export class StoreFeedRuns1765400000000 implements MigrationInterface {
  name = 'StoreFeedRuns1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE catalog.store_feed_runs (
        store_id integer NOT NULL,
        source text NOT NULL,
        seen_at timestamptz NOT NULL,
        run_id text NOT NULL,
        PRIMARY KEY (store_id, source)
      )`);
    await queryRunner.query('ALTER TABLE catalog.store_prices ADD COLUMN unlisted_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalog.store_prices DROP COLUMN unlisted_at');
    await queryRunner.query('DROP TABLE catalog.store_feed_runs');
  }
}
