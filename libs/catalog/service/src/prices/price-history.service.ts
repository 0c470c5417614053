import type { ItemHistoryDto, PricePeriodDto, StorePriceHistoryDto } from '@hintakori/catalog-contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The window of `lowest30Days`. */
export const LOWEST_PRICE_WINDOW_DAYS = 30;

interface HistoryRow {
  storeId: number;
  periods: { from: string; to: string | null; price: number; isCampaign: boolean }[];
  lowest30Days: number | null;
}

/**
 * One statement: every requested store in the order asked, its periods oldest first, and the lowest price
 * in effect at any moment of the last 30 days (a period counts when it overlaps the window).
 */
const HISTORY_SQL = `
  SELECT s.store_id AS "storeId",
         coalesce((
           SELECT json_agg(json_build_object('from', h.valid_from, 'to', h.valid_to, 'price', h.price, 'isCampaign', h.is_campaign) ORDER BY h.valid_from)
           FROM catalog.price_history h WHERE h.item_id = $1 AND h.store_id = s.store_id), '[]'::json) AS periods,
         (SELECT min(h.price) FROM catalog.price_history h
          WHERE h.item_id = $1 AND h.store_id = s.store_id
            AND h.valid_from <= $3::timestamptz
            AND (h.valid_to IS NULL OR h.valid_to > $3::timestamptz - make_interval(days => ${LOWEST_PRICE_WINDOW_DAYS}))) AS "lowest30Days"
  FROM unnest($2::int[]) WITH ORDINALITY AS s(store_id, ord)
  ORDER BY s.ord`;

@Injectable()
export class PriceHistoryService {
  constructor(private readonly dataSource: DataSource) {}

  /** Every price period of the item in each of `storeIds` (in that order); 404 for an unknown item. */
  async history(itemId: number, storeIds: number[], now: Date = new Date()): Promise<ItemHistoryDto> {
    const [{ present }]: { present: boolean }[] = await this.dataSource.query('SELECT EXISTS (SELECT 1 FROM catalog.items WHERE id = $1) AS present', [itemId]);
    if (!present) throw new NotFoundException(`Item ${itemId} not found`);
    if (storeIds.length === 0) return { itemId, stores: [] };
    const rows: HistoryRow[] = await this.dataSource.query(HISTORY_SQL, [itemId, storeIds, now.toISOString()]);
    return { itemId, stores: rows.map(toStoreHistory) };
  }
}

function toStoreHistory(row: HistoryRow): StorePriceHistoryDto {
  return {
    storeId: row.storeId,
    periods: row.periods.map((period): PricePeriodDto => ({
      from: new Date(period.from).toISOString(),
      to: period.to === null ? null : new Date(period.to).toISOString(),
      price: period.price,
      isCampaign: period.isCampaign,
    })),
    lowest30Days: row.lowest30Days,
  };
}
