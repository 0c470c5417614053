import { MigrationInterface, QueryRunner } from 'typeorm';

/** Id registries, feed-run checkpoints and per-source freshness. */
export class FeedRegistries1764000000000 implements MigrationInterface {
  name = 'FeedRegistries1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE ingest.item_id_seq`);
    await queryRunner.query(`CREATE SEQUENCE ingest.store_id_seq`);
    await queryRunner.query(`CREATE SEQUENCE ingest.offer_id_seq`);
    // One id per EAN across sources: the same product sold by S group and K group is one item.
    await queryRunner.query(`
      CREATE TABLE ingest.items (
        ean text PRIMARY KEY,
        item_id integer NOT NULL UNIQUE,
        first_source text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // (source, EAN) → item: which source lists which product, with the product's units there.
    await queryRunner.query(`
      CREATE TABLE ingest.source_items (
        source text NOT NULL,
        ean text NOT NULL,
        item_id integer NOT NULL,
        price_unit text NOT NULL,
        comparison_price_unit text NOT NULL,
        PRIMARY KEY (source, ean)
      )`);
    await queryRunner.query(`
      CREATE TABLE ingest.stores (
        source text NOT NULL,
        external_id text NOT NULL,
        store_id integer NOT NULL UNIQUE,
        chain text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (source, external_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE ingest.offers (
        source text NOT NULL,
        store_id integer NOT NULL,
        item_id integer NOT NULL,
        starts text NOT NULL,
        offer_id integer NOT NULL UNIQUE,
        PRIMARY KEY (source, store_id, item_id, starts)
      )`);
    await queryRunner.query(`
      ALTER TABLE ingest.feed_runs
        ADD COLUMN location text NOT NULL DEFAULT '',
        ADD COLUMN job_key text UNIQUE,
        ADD COLUMN attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN checkpoint_line bigint NOT NULL DEFAULT 0,
        ADD COLUMN prices_published bigint NOT NULL DEFAULT 0,
        ADD COLUMN items_published integer NOT NULL DEFAULT 0,
        ADD COLUMN stores_published integer NOT NULL DEFAULT 0,
        ADD COLUMN offers_published integer NOT NULL DEFAULT 0,
        ADD COLUMN newest_observation_at timestamptz,
        ADD COLUMN last_error text,
        ADD COLUMN label text,
        ALTER COLUMN records_total TYPE bigint,
        ALTER COLUMN records_rejected TYPE bigint`);
    await queryRunner.query(`CREATE INDEX feed_runs_source_status ON ingest.feed_runs (source, status)`);
    await queryRunner.query(`
      CREATE TABLE ingest.source_freshness (
        source text PRIMARY KEY,
        newest_observation_at timestamptz,
        last_completed_run bigint,
        last_completed_at timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ingest.source_freshness');
    await queryRunner.query('DROP INDEX ingest.feed_runs_source_status');
    await queryRunner.query(`
      ALTER TABLE ingest.feed_runs
        DROP COLUMN location, DROP COLUMN job_key, DROP COLUMN attempts, DROP COLUMN checkpoint_line,
        DROP COLUMN prices_published, DROP COLUMN items_published, DROP COLUMN stores_published, DROP COLUMN offers_published,
        DROP COLUMN newest_observation_at, DROP COLUMN last_error, DROP COLUMN label,
        ALTER COLUMN records_total TYPE integer, ALTER COLUMN records_rejected TYPE integer`);
    for (const table of ['offers', 'stores', 'source_items', 'items']) await queryRunner.query(`DROP TABLE ingest.${table}`);
    for (const seq of ['offer_id_seq', 'store_id_seq', 'item_id_seq']) await queryRunner.query(`DROP SEQUENCE ingest.${seq}`);
  }
}
