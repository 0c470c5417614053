import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Projections of the ingest events: price history periods, each item's source (feed) category and the
 * time of the item event last applied, and the feed categories catalog has seen (for the admin area).
 */
export class PriceHistoryAndItemSources1764000000000 implements MigrationInterface {
  name = 'PriceHistoryAndItemSources1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per period during which a store's price of an item stayed the same; valid_to is null while current.
    await queryRunner.query(`
      CREATE TABLE catalog.price_history (
        item_id integer NOT NULL,
        store_id integer NOT NULL,
        valid_from timestamptz NOT NULL,
        valid_to timestamptz,
        price integer NOT NULL,
        is_campaign boolean NOT NULL DEFAULT false,
        CONSTRAINT price_history_pkey PRIMARY KEY (item_id, store_id, valid_from),
        CONSTRAINT price_history_period_check CHECK (valid_to IS NULL OR valid_to > valid_from)
      )`);
    // At most one open period per item and store.
    await queryRunner.query('CREATE UNIQUE INDEX price_history_open_idx ON catalog.price_history (item_id, store_id) WHERE valid_to IS NULL');
    // Prices stored before history existed: each becomes an open period from its last confirmation (the earliest time known).
    await queryRunner.query(`
      INSERT INTO catalog.price_history (item_id, store_id, valid_from, valid_to, price, is_campaign)
      SELECT item_id, store_id, updated_at, NULL, price, is_campaign FROM catalog.store_prices`);

    await queryRunner.query(`
      CREATE TABLE catalog.source_categories (
        external_type text NOT NULL,
        external_id text NOT NULL,
        name text NOT NULL,
        path text[] NOT NULL DEFAULT '{}',
        observed_at timestamptz NOT NULL,
        CONSTRAINT source_categories_pkey PRIMARY KEY (external_type, external_id)
      )`);

    await queryRunner.query('ALTER TABLE catalog.items ADD COLUMN source_category_type text');
    await queryRunner.query('ALTER TABLE catalog.items ADD COLUMN source_category_id text');
    await queryRunner.query('ALTER TABLE catalog.items ADD COLUMN observed_at timestamptz');
    await queryRunner.query(
      'CREATE INDEX items_source_category_idx ON catalog.items (source_category_type, source_category_id) WHERE source_category_type IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX catalog.items_source_category_idx');
    await queryRunner.query('ALTER TABLE catalog.items DROP COLUMN observed_at');
    await queryRunner.query('ALTER TABLE catalog.items DROP COLUMN source_category_id');
    await queryRunner.query('ALTER TABLE catalog.items DROP COLUMN source_category_type');
    await queryRunner.query('DROP TABLE catalog.source_categories');
    await queryRunner.query('DROP TABLE catalog.price_history');
  }
}
