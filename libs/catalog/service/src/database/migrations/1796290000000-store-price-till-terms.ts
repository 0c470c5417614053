import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The till terms a source may give beside a current price (issue 36): a member price (its card and cents), a
 * multibuy (pieces and the bundle's cents), when a campaign starts, and a weighed good's average weight of one
 * piece (grams). Each is null where the source gave none; the price history keeps only the observed price.
 */
export class StorePriceTillTerms1796290000000 implements MigrationInterface {
  name = 'StorePriceTillTerms1796290000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE catalog.store_prices
         ADD COLUMN member_card text, ADD COLUMN member_price integer,
         ADD COLUMN multibuy_quantity integer, ADD COLUMN multibuy_price integer,
         ADD COLUMN campaign_starts_at timestamptz, ADD COLUMN average_weight_grams integer,
         ADD CONSTRAINT store_prices_member_price_whole CHECK ((member_card IS NULL) = (member_price IS NULL)),
         ADD CONSTRAINT store_prices_multibuy_whole CHECK ((multibuy_quantity IS NULL) = (multibuy_price IS NULL))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE catalog.store_prices
         DROP CONSTRAINT store_prices_multibuy_whole, DROP CONSTRAINT store_prices_member_price_whole,
         DROP COLUMN average_weight_grams, DROP COLUMN campaign_starts_at, DROP COLUMN multibuy_price,
         DROP COLUMN multibuy_quantity, DROP COLUMN member_price, DROP COLUMN member_card`,
    );
  }
}
