import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a source last priced a store: a completed run sets `priced_at` (its start) on the published-prices row of every
 * store it had prices for, changed or not (PublishedPricesRepository.markPriced). A chain source's refresh plan prices
 * the oldest stores first (refresh/refresh-priorities.ts); `npm run ingest:coverage` reports the ages. Rows written
 * before this column existed stay null: never priced, as far as the plan knows, so they come first.
 */
export class PublishedPricesPricedAt1796000000000 implements MigrationInterface {
  name = 'PublishedPricesPricedAt1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ingest.published_prices ADD COLUMN priced_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ingest.published_prices DROP COLUMN priced_at');
  }
}
