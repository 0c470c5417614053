import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `feed_run_shard_lines`: what each completed part of a split file run remembers of its lines for the next run (the
 * entries of published/published-lines.ts, in the order the part read them, rows of at most 100,000), with how many
 * remembered lines it met and how many it remembers anew. The worker that ends the run merges every part's into the
 * source's `published_lines` (so a split run, like a whole one, leaves the next run lines it need not parse) and
 * deletes them. Deleted with the run.
 */
export class FeedRunShardLines1796900000000 implements MigrationInterface {
  name = 'FeedRunShardLines1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ingest.feed_run_shard_lines (
        run_id bigint NOT NULL REFERENCES ingest.feed_runs (id) ON DELETE CASCADE,
        shard_no integer NOT NULL,
        part integer NOT NULL,
        version text NOT NULL,
        met integer NOT NULL,
        new_entries integer NOT NULL,
        entries bytea NOT NULL,
        PRIMARY KEY (run_id, shard_no, part)
      )`);
    await queryRunner.query('ALTER TABLE ingest.feed_run_shard_lines ALTER COLUMN entries SET STORAGE EXTERNAL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ingest.feed_run_shard_lines');
  }
}
