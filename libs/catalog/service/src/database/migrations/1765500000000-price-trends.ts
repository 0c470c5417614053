import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The price pages: the reference basket of the price levels (one product per everyday category, chosen once and
 * kept), and an index for the week's price changes (current prices of a store by the time they took effect).
 */
export class PriceTrends1765500000000 implements MigrationInterface {
  name = 'PriceTrends1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE catalog.reference_basket (
        category_slug text PRIMARY KEY,
        category_name text NOT NULL,
        item_id integer NOT NULL,
        store_count integer NOT NULL,
        comparison_price integer,
        comparison_price_unit text NOT NULL,
        chosen_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX price_history_open_store_from_idx ON catalog.price_history (store_id, valid_from) WHERE valid_to IS NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX catalog.price_history_open_store_from_idx');
    await queryRunner.query('DROP TABLE catalog.reference_basket');
  }
}
