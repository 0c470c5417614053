import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A watch measures drops on the price its subscriber would pay (issue 36): `cards` are the membership cards the
 * subscriber said they hold (none: shelf prices), and `latest_terms` the till terms of the newest observation (its
 * price, campaign dates, member price, …), so the payable price can be worked out again on a later day (a campaign
 * that ended counts its regular price). `latest_price` stays the payable price on the day it was last worked out.
 */
export class WatchCardsAndTerms1796300000000 implements MigrationInterface {
  name = 'WatchCardsAndTerms1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts.watches ADD COLUMN cards text[] NOT NULL DEFAULT '{}', ADD COLUMN latest_terms jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE alerts.watches DROP COLUMN latest_terms, DROP COLUMN cards');
  }
}
