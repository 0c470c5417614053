import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `feed_run_shards`: the parts of one feed run that any worker may take (runs/shard-plan.ts). A file is cut into its
 * head (the lines before the first price: stores and products, run first) and byte ranges of its body; each part has
 * its own checkpoint (lines of the part), so a worker killed mid-shard is followed by one that resumes that part.
 * The run (`feed_runs`) keeps the one progress, the counters and `completed` (set when the last part completes);
 * `feed_runs.shards` is the number of parts (NULL: the run is read whole by one worker, as before). What a
 * completed part saw (`seen`: store → items, packed int4, for the run's unlisting) and which stores it priced are
 * kept until the run completes.
 */
export class FeedRunShards1796800000000 implements MigrationInterface {
  name = 'FeedRunShards1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ingest.feed_runs ADD COLUMN shards integer');
    await queryRunner.query(`
      CREATE TABLE ingest.feed_run_shards (
        run_id bigint NOT NULL REFERENCES ingest.feed_runs (id) ON DELETE CASCADE,
        shard_no integer NOT NULL,
        start_byte bigint NOT NULL,
        end_byte bigint NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed')),
        checkpoint_line integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        resumed boolean NOT NULL DEFAULT false,
        worker text,
        workers text[] NOT NULL DEFAULT '{}',
        records_total bigint NOT NULL DEFAULT 0,
        prices_published bigint NOT NULL DEFAULT 0,
        records_rejected bigint NOT NULL DEFAULT 0,
        seen bytea,
        priced_stores integer[],
        started_at timestamptz,
        finished_at timestamptz,
        PRIMARY KEY (run_id, shard_no)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ingest.feed_run_shards');
    await queryRunner.query('ALTER TABLE ingest.feed_runs DROP COLUMN shards');
  }
}
