import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Anonymous demand: per UTC day, how many comparisons selected each store (`kind` 'store') and had each item in their
 * lines (`kind` 'item'). Counts only: no cart, session or address. Written by DemandCounter every 30 s as upserts
 * that add to the day's count; days older than 8 are deleted. The key leads with the day, so the window's reads and
 * the pruning are range scans.
 */
export class DemandDaily1796000000000 implements MigrationInterface {
  name = 'DemandDaily1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE comparisons.demand_daily (
        day date NOT NULL,
        kind text NOT NULL CHECK (kind IN ('store', 'item')),
        id integer NOT NULL,
        count integer NOT NULL CHECK (count >= 0),
        PRIMARY KEY (day, kind, id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE comparisons.demand_daily');
  }
}
