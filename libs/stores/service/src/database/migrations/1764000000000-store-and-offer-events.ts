import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Projections of `stores.upserted` and `offers.upserted`: the time of the event last applied (a newer one
 * wins), when an offer ends (ended offers are not listed). Offers and stores come on different topics and
 * may arrive in any order, so an offer no longer needs its store to exist first.
 */
export class StoreAndOfferEvents1764000000000 implements MigrationInterface {
  name = 'StoreAndOfferEvents1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE stores.stores ADD COLUMN observed_at timestamp with time zone');
    await queryRunner.query('ALTER TABLE stores.offers ADD COLUMN valid_until timestamp with time zone');
    await queryRunner.query('ALTER TABLE stores.offers ADD COLUMN observed_at timestamp with time zone');
    await queryRunner.query('ALTER TABLE stores.offers DROP CONSTRAINT offers_store_id_fkey');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM stores.offers o WHERE NOT EXISTS (SELECT 1 FROM stores.stores s WHERE s.id = o.store_id)');
    await queryRunner.query(
      'ALTER TABLE stores.offers ADD CONSTRAINT offers_store_id_fkey FOREIGN KEY (store_id) REFERENCES stores.stores (id) ON DELETE CASCADE',
    );
    await queryRunner.query('ALTER TABLE stores.offers DROP COLUMN observed_at');
    await queryRunner.query('ALTER TABLE stores.offers DROP COLUMN valid_until');
    await queryRunner.query('ALTER TABLE stores.stores DROP COLUMN observed_at');
  }
}
