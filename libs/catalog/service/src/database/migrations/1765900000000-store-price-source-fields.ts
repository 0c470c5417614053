import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a chain's own shop says beside a current price, when it says it: when a campaign price ends, and the shop's
 * own published lowest price of the 30 days before (cents; shown beside the 30-day low catalog computes, never in
 * its place).
 */
export class StorePriceSourceFields1765900000000 implements MigrationInterface {
  name = 'StorePriceSourceFields1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalog.store_prices ADD COLUMN campaign_ends_at timestamptz, ADD COLUMN source_lowest_30d integer');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalog.store_prices DROP COLUMN campaign_ends_at, DROP COLUMN source_lowest_30d');
  }
}
