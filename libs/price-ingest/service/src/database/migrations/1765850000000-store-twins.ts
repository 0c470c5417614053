import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One store whatever source named it: a chain's shop (S-kaupat, K-Ruoka, Lidl) and OpenStreetMap may list the same
 * store, and the registry keeps both external ids under one store id. So a store id is unique per source (not
 * overall), and each registered store keeps its position, by which a store of another source of the same chain
 * within STORE_TWIN_METRES is found.
 */
export class StoreTwins1765850000000 implements MigrationInterface {
  name = 'StoreTwins1765850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ingest.stores DROP CONSTRAINT stores_store_id_key');
    await queryRunner.query('ALTER TABLE ingest.stores ADD CONSTRAINT stores_source_store_id_key UNIQUE (source, store_id)');
    await queryRunner.query('ALTER TABLE ingest.stores ADD COLUMN lat double precision, ADD COLUMN long double precision');
    await queryRunner.query(
      `UPDATE ingest.stores SET lat = (last_event->>'lat')::double precision, long = (last_event->>'long')::double precision
       WHERE last_event ? 'lat' AND last_event ? 'long'`,
    );
    await queryRunner.query('CREATE INDEX stores_chain_lat_idx ON ingest.stores (chain, lat)');
    await queryRunner.query('CREATE INDEX stores_store_id_idx ON ingest.stores (store_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ingest.stores_store_id_idx');
    await queryRunner.query('DROP INDEX ingest.stores_chain_lat_idx');
    await queryRunner.query('ALTER TABLE ingest.stores DROP COLUMN lat, DROP COLUMN long');
    await queryRunner.query('ALTER TABLE ingest.stores DROP CONSTRAINT stores_source_store_id_key');
    await queryRunner.query('ALTER TABLE ingest.stores ADD CONSTRAINT stores_store_id_key UNIQUE (store_id)');
  }
}
