import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `published_records`: the fingerprint of the store, item and offer events each source last published (by store,
 * item or offer id), so a run publishes only those whose content changed, as it does for prices.
 */
export class PublishedRecords1765700000000 implements MigrationInterface {
  name = 'PublishedRecords1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ingest.published_records (
        source text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('store', 'item', 'offer')),
        key integer NOT NULL,
        fingerprint integer NOT NULL,
        PRIMARY KEY (source, kind, key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ingest.published_records');
  }
}
