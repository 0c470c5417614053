import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog service keeps each item's JSON head (everything of an ItemDto but its categories and prices) in
 * memory (items/item-json.ts), so a search page is written from those texts and the page's prices instead of
 * reading and serializing every item's description, ingredients and nutrition again. These triggers tell every
 * catalog process, through NOTIFY on `catalog_item_json` (delivered at commit), which item's head changed or went
 * away (payload: the item id), or that every head may have (payload `*`: the table truncated). An item inserted
 * needs no notification: no process holds a head of it yet.
 */
export class ItemJsonNotify1764900000000 implements MigrationInterface {
  name = 'ItemJsonNotify1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION catalog.notify_item_json() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_LEVEL = 'STATEMENT' THEN
          PERFORM pg_notify('catalog_item_json', '*');
        ELSE
          PERFORM pg_notify('catalog_item_json', OLD.id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER items_item_json_update AFTER UPDATE ON catalog.items
        FOR EACH ROW
        WHEN ((OLD.id, OLD.ean, OLD.name, OLD.url_slug, OLD.picture_url, OLD.brand_name, OLD.origin_country, OLD.description,
               OLD.ingredients, OLD.nutritional_content, OLD.category_id)
              IS DISTINCT FROM
              (NEW.id, NEW.ean, NEW.name, NEW.url_slug, NEW.picture_url, NEW.brand_name, NEW.origin_country, NEW.description,
               NEW.ingredients, NEW.nutritional_content, NEW.category_id))
        EXECUTE FUNCTION catalog.notify_item_json()`);
    await queryRunner.query(`
      CREATE TRIGGER items_item_json_delete AFTER DELETE ON catalog.items
        FOR EACH ROW EXECUTE FUNCTION catalog.notify_item_json()`);
    await queryRunner.query(`
      CREATE TRIGGER items_item_json_truncate AFTER TRUNCATE ON catalog.items
        FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_item_json()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER items_item_json_truncate ON catalog.items');
    await queryRunner.query('DROP TRIGGER items_item_json_delete ON catalog.items');
    await queryRunner.query('DROP TRIGGER items_item_json_update ON catalog.items');
    await queryRunner.query('DROP FUNCTION catalog.notify_item_json()');
  }
}
