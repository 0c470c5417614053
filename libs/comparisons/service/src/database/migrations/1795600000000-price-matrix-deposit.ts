import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A cell's container deposit (pantti, cents) when its source gave one: store totals count it apart and in the total.
 * The change notification (migration 1795550000000) carries it as a fourth field, `item:store:price:deposit`, only
 * when the cell has one (a cell without stays `item:store:price`).
 */
export class PriceMatrixDeposit1795600000000 implements MigrationInterface {
  name = 'PriceMatrixDeposit1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE comparisons.price_matrix ADD COLUMN deposit integer');
    await queryRunner.query(cellsChangedFunction(`item_id || ':' || store_id || ':' || price || coalesce(':' || deposit, '')`));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(cellsChangedFunction(`item_id || ':' || store_id || ':' || price`));
    await queryRunner.query('ALTER TABLE comparisons.price_matrix DROP COLUMN deposit');
  }
}

function cellsChangedFunction(cell: string): string {
  return `
    CREATE OR REPLACE FUNCTION comparisons.notify_price_cells_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('comparisons_price_matrix', string_agg(cell, ','))
         FROM (SELECT ${cell} AS cell, (row_number() OVER () - 1) / 200 AS chunk FROM changed) cells
        GROUP BY chunk;
      RETURN NULL;
    END $$`;
}
