import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Real-data stores: the source each store came from (with `observed_at`, when it last saw it), whether its hours
 * could be read (an OSM `opening_hours` outside the syntax leaves a store with none, "not known"), and when it was
 * found gone from its source (closed for good: kept for carts and history, left out of lists, search and the map).
 */
export class StoreProvenance1765100000000 implements MigrationInterface {
  name = 'StoreProvenance1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE stores.stores ADD COLUMN source text');
    await queryRunner.query('ALTER TABLE stores.stores ADD COLUMN hours_known boolean NOT NULL DEFAULT true');
    await queryRunner.query('ALTER TABLE stores.stores ADD COLUMN closed_at timestamp with time zone');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE stores.stores DROP COLUMN closed_at');
    await queryRunner.query('ALTER TABLE stores.stores DROP COLUMN hours_known');
    await queryRunner.query('ALTER TABLE stores.stores DROP COLUMN source');
  }
}
