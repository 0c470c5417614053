import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** One store's price of one item as a feed saw it (the shape of the `prices.observed` event). */
export interface PriceObservation {
  itemId: number;
  storeId: number;
  /** Integer cents. */
  price: number;
  comparisonPrice: number | null;
  priceUnit: string;
  comparisonPriceUnit: string;
  isCampaign: boolean;
  /** ISO time the feed observed the price, with its offset (e.g. '2025-03-01T10:00:00.000Z'). */
  observedAt: string;
}

export const PRICE_CHUNK_SIZE = 5000;
const MAX_INT4 = 2_147_483_647;

function isInt(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= MAX_INT4;
}

export function isValidObservation(row: PriceObservation): boolean {
  return (
    isInt(row.itemId, 1) &&
    isInt(row.storeId, 1) &&
    isInt(row.price, 0) &&
    (row.comparisonPrice === null || isInt(row.comparisonPrice, 0)) &&
    typeof row.priceUnit === 'string' &&
    typeof row.comparisonPriceUnit === 'string' &&
    typeof row.isCampaign === 'boolean' &&
    typeof row.observedAt === 'string' &&
    !Number.isNaN(Date.parse(row.observedAt))
  );
}

/*
 * Upsert where the newer observation wins. Within one batch the newest row per (item, store) is kept
 * (sorting by the key also keeps the index inserts sequential); against the table a row is replaced
 * only by a strictly newer observation, so replaying a batch (or an older one arriving late) changes nothing.
 */
const UPSERT_SQL = `
  WITH changed AS (
    INSERT INTO catalog.store_prices AS current
      (item_id, store_id, price, comparison_price, price_unit, comparison_price_unit, is_campaign, updated_at)
    SELECT DISTINCT ON (o."itemId", o."storeId")
           o."itemId", o."storeId", o.price, o."comparisonPrice", o."priceUnit", o."comparisonPriceUnit", o."isCampaign", o."observedAt"
    FROM json_to_recordset($1::json) AS o(
      "itemId" integer, "storeId" integer, price integer, "comparisonPrice" integer,
      "priceUnit" text, "comparisonPriceUnit" text, "isCampaign" boolean, "observedAt" timestamptz)
    ORDER BY o."itemId", o."storeId", o."observedAt" DESC, o.price
    ON CONFLICT (item_id, store_id) DO UPDATE SET
      price = excluded.price,
      comparison_price = excluded.comparison_price,
      price_unit = excluded.price_unit,
      comparison_price_unit = excluded.comparison_price_unit,
      is_campaign = excluded.is_campaign,
      updated_at = excluded.updated_at
    WHERE current.updated_at < excluded.updated_at
    RETURNING 1
  )
  SELECT count(*)::int AS changed FROM changed`;

/** Projects price observations into the current display prices (catalog.store_prices). */
@Injectable()
export class StorePriceProjection {
  private readonly logger = new Logger(StorePriceProjection.name);

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Applies observations in chunks of 5000 rows; pass `manager` to take part in a surrounding transaction.
   * Malformed rows are skipped with a warning. Returns how many stored prices were inserted or replaced.
   */
  async applyPriceObservations(rows: readonly PriceObservation[], manager: EntityManager = this.dataSource.manager): Promise<number> {
    const valid = rows.filter(isValidObservation);
    if (valid.length < rows.length) this.logger.warn(`Skipped ${rows.length - valid.length} malformed price observations`);
    let changed = 0;
    for (let start = 0; start < valid.length; start += PRICE_CHUNK_SIZE) {
      changed += await this.applyChunk(manager, valid.slice(start, start + PRICE_CHUNK_SIZE));
    }
    return changed;
  }

  private async applyChunk(manager: EntityManager, rows: readonly PriceObservation[]): Promise<number> {
    // One JSON parameter: far cheaper to build than eight typed arrays, and parsed quickly by PostgreSQL.
    const [result]: { changed: number }[] = await manager.query(UPSERT_SQL, [JSON.stringify(rows)]);
    return result.changed;
  }
}
