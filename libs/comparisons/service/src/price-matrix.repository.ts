import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { PriceCell, PriceDetail } from './comparison.calculator';
import { arrayLiteral } from '@hintakori/platform-persistence';
import { observationColumns, type PriceObservation } from '@hintakori/price-ingest-contracts';

/** Raw SQL over comparisons.price_matrix; rows come back as plain objects (no entity hydration). */
@Injectable()
export class PriceMatrixRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Prices of the given items in the given stores: one round trip on the primary key. */
  findCells(itemIds: readonly number[], storeIds: readonly number[]): Promise<PriceCell[]> {
    return this.dataSource.query(
      `SELECT item_id AS "itemId", store_id AS "storeId", price, deposit
         FROM comparisons.price_matrix
        WHERE item_id = ANY($1::int[]) AND store_id = ANY($2::int[])`,
      [itemIds, storeIds],
    );
  }

  /** As findCells, with units, comparison price and observation time. */
  findDetails(itemIds: readonly number[], storeIds: readonly number[]): Promise<PriceDetail[]> {
    return this.dataSource.query(
      `SELECT item_id AS "itemId", store_id AS "storeId", price, comparison_price AS "comparisonPrice",
              price_unit AS "priceUnit", comparison_price_unit AS "comparisonPriceUnit", observed_at AS "observedAt", deposit
         FROM comparisons.price_matrix
        WHERE item_id = ANY($1::int[]) AND store_id = ANY($2::int[])`,
      [itemIds, storeIds],
    );
  }

  /**
   * Inserts the rows, or overwrites a stored cell only when the row's observation is strictly newer
   * (a replay or an older observation changes nothing). Each (item, store) may appear at most once.
   * Returns how many cells were inserted or changed.
   */
  async upsertNewer(rows: readonly PriceObservation[], manager: EntityManager = this.dataSource.manager): Promise<number> {
    if (rows.length === 0) return 0;
    const [{ applied }] = await manager.query(
      `WITH applied AS (
         INSERT INTO comparisons.price_matrix AS m
                (item_id, store_id, price, comparison_price, price_unit, comparison_price_unit, is_campaign, observed_at, deposit)
         SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::boolean[], $8::timestamptz[], $9::int[])
         ON CONFLICT (item_id, store_id) DO UPDATE
            SET price = EXCLUDED.price,
                comparison_price = EXCLUDED.comparison_price,
                price_unit = EXCLUDED.price_unit,
                comparison_price_unit = EXCLUDED.comparison_price_unit,
                is_campaign = EXCLUDED.is_campaign,
                observed_at = EXCLUDED.observed_at,
                deposit = EXCLUDED.deposit
          WHERE m.observed_at < EXCLUDED.observed_at
         RETURNING 1)
       SELECT count(*)::int AS applied FROM applied`,
      [...observationColumns(rows), rows.map((row) => row.deposit ?? null)].map(arrayLiteral),
    );
    return applied as number;
  }

  async isEmpty(manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [{ empty }] = await manager.query('SELECT NOT EXISTS (SELECT 1 FROM comparisons.price_matrix) AS empty');
    return empty as boolean;
  }

  async count(): Promise<number> {
    const [{ count }] = await this.dataSource.query('SELECT count(*)::int AS count FROM comparisons.price_matrix');
    return count as number;
  }
}
