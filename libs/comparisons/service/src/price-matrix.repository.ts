import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { PriceCell, PriceDetail } from './comparison.calculator';
import { TERM_COLUMNS, type TermColumns, termsOfRow } from './cell-terms';
import { arrayLiteral } from '@hintakori/platform-persistence';
import { observationColumns, type PriceObservation } from '@hintakori/price-ingest-contracts';

/** Raw SQL over comparisons.price_matrix; rows come back as plain objects (no entity hydration). */
@Injectable()
export class PriceMatrixRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Prices of the given items in the given stores: one round trip on the primary key. */
  /** Terms only on the cells that have any (cell-terms.ts), as the price cache serves them. */
  async findCells(itemIds: readonly number[], storeIds: readonly number[]): Promise<PriceCell[]> {
    const rows: (TermColumns & { itemId: number; storeId: number; deposit: number | null })[] = await this.dataSource.query(
      `SELECT item_id AS "itemId", store_id AS "storeId", price, deposit, ${TERM_COLUMNS}
         FROM comparisons.price_matrix
        WHERE item_id = ANY($1::int[]) AND store_id = ANY($2::int[])`,
      [itemIds, storeIds],
    );
    return rows.map((row) => {
      const terms = termsOfRow(row);
      const cell: PriceCell = { itemId: row.itemId, storeId: row.storeId, price: row.price, deposit: row.deposit };
      if (terms) cell.terms = terms;
      return cell;
    });
  }

  /** As findCells, with units, comparison price and observation time. */
  async findDetails(itemIds: readonly number[], storeIds: readonly number[]): Promise<PriceDetail[]> {
    const rows: (TermColumns & Omit<PriceDetail, 'terms'>)[] = await this.dataSource.query(
      `SELECT item_id AS "itemId", store_id AS "storeId", price, comparison_price AS "comparisonPrice",
              comparison_price_unit AS "comparisonPriceUnit", observed_at AS "observedAt", deposit, ${TERM_COLUMNS}
         FROM comparisons.price_matrix
        WHERE item_id = ANY($1::int[]) AND store_id = ANY($2::int[])`,
      [itemIds, storeIds],
    );
    return rows.map((row) => {
      const terms = termsOfRow(row);
      const detail: PriceDetail = {
        itemId: row.itemId,
        storeId: row.storeId,
        price: row.price,
        deposit: row.deposit,
        comparisonPrice: row.comparisonPrice,
        priceUnit: row.priceUnit,
        comparisonPriceUnit: row.comparisonPriceUnit,
        observedAt: row.observedAt,
      };
      if (terms) detail.terms = terms;
      return detail;
    });
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
                (item_id, store_id, price, comparison_price, price_unit, comparison_price_unit, is_campaign, observed_at, deposit,
                 regular_price, campaign_starts_at, campaign_ends_at, member_card, member_price, multibuy_quantity, multibuy_price, average_weight_grams)
         SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::boolean[], $8::timestamptz[], $9::int[],
                              $10::int[], $11::timestamptz[], $12::timestamptz[], $13::text[], $14::int[], $15::int[], $16::int[], $17::int[])
         ON CONFLICT (item_id, store_id) DO UPDATE
            SET price = EXCLUDED.price,
                comparison_price = EXCLUDED.comparison_price,
                price_unit = EXCLUDED.price_unit,
                comparison_price_unit = EXCLUDED.comparison_price_unit,
                is_campaign = EXCLUDED.is_campaign,
                observed_at = EXCLUDED.observed_at,
                deposit = EXCLUDED.deposit,
                regular_price = EXCLUDED.regular_price,
                campaign_starts_at = EXCLUDED.campaign_starts_at,
                campaign_ends_at = EXCLUDED.campaign_ends_at,
                member_card = EXCLUDED.member_card,
                member_price = EXCLUDED.member_price,
                multibuy_quantity = EXCLUDED.multibuy_quantity,
                multibuy_price = EXCLUDED.multibuy_price,
                average_weight_grams = EXCLUDED.average_weight_grams
          WHERE m.observed_at < EXCLUDED.observed_at
         RETURNING 1)
       SELECT count(*)::int AS applied FROM applied`,
      [
        ...observationColumns(rows),
        rows.map((row) => row.deposit ?? null),
        rows.map((row) => row.regularPrice ?? null),
        rows.map((row) => row.campaignStartsAt ?? null),
        rows.map((row) => row.campaignEndsAt ?? null),
        rows.map((row) => row.memberPrice?.card ?? null),
        rows.map((row) => row.memberPrice?.price ?? null),
        rows.map((row) => row.multibuy?.quantity ?? null),
        rows.map((row) => row.multibuy?.price ?? null),
        rows.map((row) => row.averageWeightGrams ?? null),
      ].map(arrayLiteral),
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
