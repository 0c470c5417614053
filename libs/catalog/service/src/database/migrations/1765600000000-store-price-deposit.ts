import { MigrationInterface, QueryRunner } from 'typeorm';

/** A current price's container deposit (pantti) in cents when its source gave one; never part of the price. */
export class StorePriceDeposit1765600000000 implements MigrationInterface {
  name = 'StorePriceDeposit1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalog.store_prices ADD COLUMN deposit integer');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalog.store_prices DROP COLUMN deposit');
  }
}
