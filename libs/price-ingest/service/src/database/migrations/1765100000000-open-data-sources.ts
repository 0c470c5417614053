import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Open-data sources (OpenStreetMap, Open Food Facts, Open Prices):
 * - `http_cache`: the last answer per URL with its validators, so a source is asked conditionally (ETag /
 *   Last-Modified) and not at all when the copy is fresh enough;
 * - `items.off_checked_at`: when Open Food Facts was last asked about an EAN (found or not), so products are
 *   refreshed every 30 days and never asked twice in a night;
 * - `stores.last_event` / `last_seen_run` / `closed_at`: the last store event of a source and the run that last saw
 *   the store, so a complete run of a source that lists all its stores (OSM) marks the ones it no longer has closed;
 * - `feed_runs.rejected_by_reason`: the run's report, rejected and skipped records counted by reason.
 */
export class OpenDataSources1765100000000 implements MigrationInterface {
  name = 'OpenDataSources1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ingest.http_cache (
        key text PRIMARY KEY,
        status integer NOT NULL,
        body text NOT NULL,
        etag text,
        last_modified text,
        fetched_at timestamptz NOT NULL
      )`);
    await queryRunner.query('ALTER TABLE ingest.items ADD COLUMN off_checked_at timestamptz');
    await queryRunner.query('CREATE INDEX items_off_checked_idx ON ingest.items (off_checked_at NULLS FIRST)');
    await queryRunner.query('ALTER TABLE ingest.stores ADD COLUMN last_event jsonb, ADD COLUMN last_seen_run bigint, ADD COLUMN closed_at timestamptz');
    await queryRunner.query(`ALTER TABLE ingest.feed_runs ADD COLUMN rejected_by_reason jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ingest.feed_runs DROP COLUMN rejected_by_reason');
    await queryRunner.query('ALTER TABLE ingest.stores DROP COLUMN last_event, DROP COLUMN last_seen_run, DROP COLUMN closed_at');
    await queryRunner.query('DROP INDEX ingest.items_off_checked_idx');
    await queryRunner.query('ALTER TABLE ingest.items DROP COLUMN off_checked_at');
    await queryRunner.query('DROP TABLE ingest.http_cache');
  }
}
