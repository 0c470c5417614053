import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog service's in-memory search index (items/search-index.ts) holds what the search matches and ranks on:
 * each item's name, brand, category and full-text lexemes. These triggers tell every catalog process, through
 * NOTIFY on `catalog_search_index` (delivered at commit), that some of it changed: an item added or removed, an
 * item's name, brand or category changed, a category renamed or moved, or a table truncated. The index then stops
 * answering until it has reloaded, and the search reads the tables meanwhile. Identical notifications of one
 * transaction reach the listener once, so a batch of item upserts costs one reload.
 */
export class SearchIndexNotify1764800000000 implements MigrationInterface {
  name = 'SearchIndexNotify1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION catalog.notify_search_index() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalog_search_index', 'changed');
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER items_search_index_insert_delete AFTER INSERT OR DELETE ON catalog.items
        FOR EACH ROW EXECUTE FUNCTION catalog.notify_search_index()`);
    await queryRunner.query(`
      CREATE TRIGGER items_search_index_update AFTER UPDATE OF name, brand_name, category_id ON catalog.items
        FOR EACH ROW
        WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.brand_name IS DISTINCT FROM NEW.brand_name OR OLD.category_id IS DISTINCT FROM NEW.category_id)
        EXECUTE FUNCTION catalog.notify_search_index()`);
    await queryRunner.query(`
      CREATE TRIGGER items_search_index_truncate AFTER TRUNCATE ON catalog.items
        FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_search_index()`);
    await queryRunner.query(`
      CREATE TRIGGER categories_search_index AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog.categories
        FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_search_index()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER categories_search_index ON catalog.categories');
    await queryRunner.query('DROP TRIGGER items_search_index_truncate ON catalog.items');
    await queryRunner.query('DROP TRIGGER items_search_index_update ON catalog.items');
    await queryRunner.query('DROP TRIGGER items_search_index_insert_delete ON catalog.items');
    await queryRunner.query('DROP FUNCTION catalog.notify_search_index()');
  }
}
