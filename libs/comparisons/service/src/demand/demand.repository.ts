import type { DemandCounts } from '@hintakori/comparisons-contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DemandRow } from './demand-tally';

/** Rows per upsert statement (four arrays of this many elements). */
const UPSERT_ROWS = 10_000;

/** comparisons.demand_daily: the anonymous counts per day, kind and id. */
@Injectable()
export class DemandRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds each row's count to its day's (one statement per 10,000 rows, in one transaction). */
  async add(rows: readonly DemandRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      for (let i = 0; i < rows.length; i += UPSERT_ROWS) {
        const part = rows.slice(i, i + UPSERT_ROWS);
        await manager.query(
          `INSERT INTO comparisons.demand_daily (day, kind, id, count)
           SELECT * FROM unnest($1::date[], $2::text[], $3::int[], $4::int[])
           ON CONFLICT (day, kind, id) DO UPDATE SET count = LEAST(2147483647, demand_daily.count::bigint + excluded.count)::int`,
          [part.map((r) => r.day), part.map((r) => r.kind), part.map((r) => r.id), part.map((r) => r.count)],
        );
      }
    });
  }

  /** Deletes the days before `day` (YYYY-MM-DD); answers how many rows went. */
  async pruneBefore(day: string): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query('DELETE FROM comparisons.demand_daily WHERE day < $1::date', [day]);
    return result[1] ?? 0;
  }

  /** The counts from `sinceDay` on, summed per id, most first (then the lower id), at most `limit` of each kind. */
  async top(sinceDay: string, limit: number): Promise<DemandCounts> {
    const sql = `SELECT id, sum(count)::float8 AS count FROM comparisons.demand_daily
                  WHERE day >= $1::date AND kind = $2 GROUP BY id ORDER BY sum(count) DESC, id LIMIT $3`;
    const [stores, items]: { id: number; count: number }[][] = await Promise.all([
      this.dataSource.query(sql, [sinceDay, 'store', limit]),
      this.dataSource.query(sql, [sinceDay, 'item', limit]),
    ]);
    return {
      stores: stores.map((r) => ({ storeId: r.id, count: Number(r.count) })),
      items: items.map((r) => ({ itemId: r.id, count: Number(r.count) })),
    };
  }
}
