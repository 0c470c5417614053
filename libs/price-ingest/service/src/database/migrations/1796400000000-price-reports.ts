import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `price_reports`: shoppers' price reports (the source `shoppers`, price-reports/), kept for three reasons: an identical
 * report of the same client within 10 minutes counts once; one far from the store's known price waits (`pending`)
 * until another client confirms it; and the newest published one is the store's known price when no chain source
 * has one. `client` is a keyed hash the gateway made of the client's address, never the address. Rows older than
 * two days are deleted as new reports arrive (nothing reads them after a day).
 */
export class PriceReports1796400000000 implements MigrationInterface {
  name = 'PriceReports1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ingest.price_reports (
        id bigserial PRIMARY KEY,
        client text NOT NULL,
        store_id integer NOT NULL,
        item_id integer NOT NULL,
        price integer NOT NULL,
        regular_price integer,
        comparison_price integer,
        comparison_unit text,
        seen_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL CHECK (status IN ('published', 'confirmed', 'pending', 'superseded'))
      )`);
    await queryRunner.query('CREATE INDEX price_reports_store_item_idx ON ingest.price_reports (store_id, item_id, received_at)');
    await queryRunner.query('CREATE INDEX price_reports_received_idx ON ingest.price_reports (received_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ingest.price_reports');
  }
}
