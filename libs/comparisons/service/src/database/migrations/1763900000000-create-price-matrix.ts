import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The comparisons service's own price matrix: the newest observed price of each item in each store,
 * projected from `prices.observed` events. The primary key (item_id, store_id) serves the one hot query
 * (item_id = ANY(...) AND store_id = ANY(...)). Price updates touch no indexed column, so a fill factor
 * below 100 lets them stay HOT (no index churn while feeds run).
 */
export class CreatePriceMatrix1763900000000 implements MigrationInterface {
  name = 'CreatePriceMatrix1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE comparisons.price_matrix (
        item_id integer NOT NULL,
        store_id integer NOT NULL,
        price integer NOT NULL CHECK (price >= 0),
        comparison_price integer CHECK (comparison_price >= 0),
        price_unit text NOT NULL,
        comparison_price_unit text NOT NULL,
        is_campaign boolean NOT NULL DEFAULT false,
        observed_at timestamptz NOT NULL,
        CONSTRAINT price_matrix_pkey PRIMARY KEY (item_id, store_id)
      ) WITH (fillfactor = 90)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE comparisons.price_matrix');
  }
}
