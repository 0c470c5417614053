import { PriceLevels, PriceLevelsRequest } from '@hintakori/catalog-contracts';
import { distinctIds } from '@hintakori/shared-contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PriceDay, PricePeriod, priceLevelSeries } from './price-levels';
import { ReferenceBasket } from './reference-basket';

/**
 * The days of the period up to today, each with the moment whose prices count: the end of the day in Helsinki
 * (the last millisecond), or now for today. Days that have not begun are left out.
 */
const DAYS_SQL = `
  SELECT to_char(d, 'YYYY-MM-DD') AS date,
         least(((d + interval '1 day') AT TIME ZONE 'Europe/Helsinki') - interval '1 millisecond', $3::timestamptz) AS at
  FROM generate_series($1::date::timestamp, $2::date::timestamp, interval '1 day') AS d
  WHERE (d AT TIME ZONE 'Europe/Helsinki') <= $3::timestamptz
  ORDER BY d`;

/** The basket products' price periods in the chosen stores that are in effect at some moment of [$3, $4]. */
const PERIODS_SQL = `
  SELECT item_id AS "itemId", store_id AS "storeId", valid_from AS "from", valid_to AS "to", price
  FROM catalog.price_history
  WHERE item_id = ANY($1::int[]) AND store_id = ANY($2::int[])
    AND valid_from <= $4::timestamptz AND (valid_to IS NULL OR valid_to > $3::timestamptz)`;

@Injectable()
export class PriceLevelsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly basket: ReferenceBasket,
  ) {}

  /** The reference basket's daily cost in each store (request already checked: dates exist, from ≤ to, bounded). */
  async levels(request: PriceLevelsRequest, now: Date = new Date()): Promise<PriceLevels> {
    const items = await this.basket.items();
    const storeIds = distinctIds(request.storeIds);
    const dayRows: { date: string; at: Date }[] = await this.dataSource.query(DAYS_SQL, [request.from, request.to, now.toISOString()]);
    const days: PriceDay[] = dayRows.map((row) => ({ date: row.date, at: new Date(row.at).getTime() }));
    const itemIds = items.map((item) => item.item.id);
    let periods: PricePeriod[] = [];
    if (days.length > 0 && itemIds.length > 0) {
      const rows: { itemId: number; storeId: number; from: Date; to: Date | null; price: number }[] = await this.dataSource.query(PERIODS_SQL, [
        itemIds,
        storeIds,
        new Date(days[0].at).toISOString(),
        new Date(days[days.length - 1].at).toISOString(),
      ]);
      periods = rows.map((row) => ({ ...row, from: new Date(row.from).getTime(), to: row.to === null ? null : new Date(row.to).getTime() }));
    }
    return { from: request.from, to: request.to, basket: { items }, series: priceLevelSeries(itemIds, storeIds, days, periods) };
  }
}
