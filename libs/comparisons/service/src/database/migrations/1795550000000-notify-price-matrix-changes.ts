import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every committed change to comparisons.price_matrix is announced on the `comparisons_price_matrix` channel, so
 * each replica's in-memory price cache (PriceMatrixCache) follows the table: statement-level triggers with
 * transition tables send the changed cells (`item:store:price`, at most 200 a notification, well under the
 * 8,000-byte payload limit), deleted cells (`-item:store`) and a `reload` on TRUNCATE. NOTIFY is delivered when
 * the writing transaction commits, in commit order, to every listener; an aborted transaction sends nothing.
 */
export class NotifyPriceMatrixChanges1795550000000 implements MigrationInterface {
  name = 'NotifyPriceMatrixChanges1795550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION comparisons.notify_price_cells_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('comparisons_price_matrix', string_agg(cell, ','))
           FROM (SELECT item_id || ':' || store_id || ':' || price AS cell, (row_number() OVER () - 1) / 200 AS chunk FROM changed) cells
          GROUP BY chunk;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION comparisons.notify_price_cells_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('comparisons_price_matrix', string_agg(cell, ','))
           FROM (SELECT '-' || item_id || ':' || store_id AS cell, (row_number() OVER () - 1) / 200 AS chunk FROM removed) cells
          GROUP BY chunk;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION comparisons.notify_price_matrix_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('comparisons_price_matrix', 'reload');
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER price_cells_inserted AFTER INSERT ON comparisons.price_matrix
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION comparisons.notify_price_cells_changed()`);
    await queryRunner.query(`CREATE TRIGGER price_cells_updated AFTER UPDATE ON comparisons.price_matrix
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION comparisons.notify_price_cells_changed()`);
    await queryRunner.query(`CREATE TRIGGER price_cells_deleted AFTER DELETE ON comparisons.price_matrix
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION comparisons.notify_price_cells_deleted()`);
    await queryRunner.query(`CREATE TRIGGER price_matrix_truncated AFTER TRUNCATE ON comparisons.price_matrix
      FOR EACH STATEMENT EXECUTE FUNCTION comparisons.notify_price_matrix_truncated()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['price_cells_inserted', 'price_cells_updated', 'price_cells_deleted', 'price_matrix_truncated']) {
      await queryRunner.query(`DROP TRIGGER ${trigger} ON comparisons.price_matrix`);
    }
    for (const fn of ['notify_price_cells_changed', 'notify_price_cells_deleted', 'notify_price_matrix_truncated']) {
      await queryRunner.query(`DROP FUNCTION comparisons.${fn}()`);
    }
  }
}
