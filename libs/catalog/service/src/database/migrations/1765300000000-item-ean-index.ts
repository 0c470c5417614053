import { MigrationInterface, QueryRunner } from 'typeorm';

/** `GET /api/items/byEan/{ean}` finds a product by its barcode: an index on the EAN (several items may share one). */
export class ItemEanIndex1765300000000 implements MigrationInterface {
  name = 'ItemEanIndex1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX IF NOT EXISTS items_ean_idx ON catalog.items (ean) WHERE ean IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX IF EXISTS catalog.items_ean_idx');
  }
}
