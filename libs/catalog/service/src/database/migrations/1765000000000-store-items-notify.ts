import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog service keeps in memory which stores have a price of which item (items/store-items-index.ts), so the
 * search orders equally ranked items by how many of the chosen stores sell them, and reads only the prices that
 * exist, without asking PostgreSQL for every candidate. These statement-level triggers tell every catalog process,
 * through NOTIFY on `catalog_store_items` (delivered at commit), that a statement added or removed (item, store)
 * pairs; a statement that only changed prices (the feed's usual batch: its insert of new pairs adds none) notifies
 * nothing. Until it has reloaded, the search counts in SQL as before.
 */
export class StoreItemsNotify1765000000000 implements MigrationInterface {
  name = 'StoreItemsNotify1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION catalog.notify_store_items() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('catalog_store_items', 'changed');
        ELSIF EXISTS (SELECT 1 FROM changed_pairs) THEN
          PERFORM pg_notify('catalog_store_items', 'changed');
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER store_prices_store_items_insert AFTER INSERT ON catalog.store_prices
        REFERENCING NEW TABLE AS changed_pairs
        FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_store_items()`);
    await queryRunner.query(`
      CREATE TRIGGER store_prices_store_items_delete AFTER DELETE ON catalog.store_prices
        REFERENCING OLD TABLE AS changed_pairs
        FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_store_items()`);
    await queryRunner.query(`
      CREATE TRIGGER store_prices_store_items_truncate AFTER TRUNCATE ON catalog.store_prices
        FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_store_items()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER store_prices_store_items_truncate ON catalog.store_prices');
    await queryRunner.query('DROP TRIGGER store_prices_store_items_delete ON catalog.store_prices');
    await queryRunner.query('DROP TRIGGER store_prices_store_items_insert ON catalog.store_prices');
    await queryRunner.query('DROP FUNCTION catalog.notify_store_items()');
  }
}
