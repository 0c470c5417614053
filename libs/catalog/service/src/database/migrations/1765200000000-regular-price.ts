import { MigrationInterface, QueryRunner } from 'typeorm';

/** A campaign price keeps the regular price its source gave beside it (Open Prices' price_without_discount, K group's normal price). */
export class RegularPrice1765200000000 implements MigrationInterface {
  name = 'RegularPrice1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalog.store_prices ADD COLUMN regular_price integer');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalog.store_prices DROP COLUMN regular_price');
  }
}
