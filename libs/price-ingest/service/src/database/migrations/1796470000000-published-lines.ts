import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `published_lines`: per source, the raw lines of its last whole run that each gave one price, by hash, with that
 * price resolved (published/published-lines.ts), so a re-run skips parsing the lines it has read before. Rows of at
 * most 100,000 packed entries (`part` 0, 1, …); `version` names the parser that read them.
 */
export class PublishedLines1796470000000 implements MigrationInterface {
  name = 'PublishedLines1796470000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ingest.published_lines (
        source text NOT NULL,
        part integer NOT NULL,
        version text NOT NULL,
        entries bytea NOT NULL,
        PRIMARY KEY (source, part)
      )`);
    // Hashes do not compress: stored as they are, without PostgreSQL trying.
    await queryRunner.query('ALTER TABLE ingest.published_lines ALTER COLUMN entries SET STORAGE EXTERNAL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ingest.published_lines');
  }
}
