import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitIngestSchema1763800000000 implements MigrationInterface {
  name = 'InitIngestSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ingest.feed_runs (
        id bigserial PRIMARY KEY,
        source text NOT NULL,
        status text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        records_total integer NOT NULL DEFAULT 0,
        records_rejected integer NOT NULL DEFAULT 0
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ingest.feed_runs');
  }
}
