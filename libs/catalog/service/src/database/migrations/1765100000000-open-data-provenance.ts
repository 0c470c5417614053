import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where data came from: each current price keeps the source that observed it (shown beside the price), and each
 * item keeps, per field, the source that gave it and when (`{"name": {"source": "k-group", "at": "…", "open": false}}`).
 * Open data (Open Food Facts, Open Prices) fills only fields a chain feed left empty, and a chain feed's empty field
 * does not blank what open data filled.
 */
export class OpenDataProvenance1765100000000 implements MigrationInterface {
  name = 'OpenDataProvenance1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalog.store_prices ADD COLUMN source text');
    await queryRunner.query(`ALTER TABLE catalog.items ADD COLUMN field_sources jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalog.items DROP COLUMN field_sources');
    await queryRunner.query('ALTER TABLE catalog.store_prices DROP COLUMN source');
  }
}
