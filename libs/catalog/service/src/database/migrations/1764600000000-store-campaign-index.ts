import { MigrationInterface, QueryRunner } from 'typeorm';

/** A store's campaign-priced products (`GET /api/stores/{id}/campaignItems`) without scanning every store's prices. */
export class StoreCampaignIndex1764600000000 implements MigrationInterface {
  name = 'StoreCampaignIndex1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX store_prices_store_campaign_idx ON catalog.store_prices (store_id) WHERE is_campaign');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX catalog.store_prices_store_campaign_idx');
  }
}
