import { PRICE_REPORT_LIMITS, SHOPPERS_SOURCE, type PriceReportOutcome } from '@hintakori/price-ingest-contracts';
import type { EntityManager } from 'typeorm';
import { decodeStorePrices, encodeStorePrices, publishedPriceOf } from '../published/published-prices.repository';

/** A report as price_reports keeps it (the prices of the report, the item it names, the client's keyed hash). */
export interface StoredReport {
  client: string;
  storeId: number;
  itemId: number;
  price: number;
  regularPrice: number | null;
  comparisonPrice: number | null;
  comparisonUnit: string | null;
  /** ISO time the shopper saw the price. */
  seenAt: string;
}

/** A store's price of the item as a chain's source (any source but shoppers) last published it, and when it priced the store. */
export interface SourcePrice {
  source: string;
  price: number;
  /** ms; null: a row from before runs recorded it (a price of unknown age). */
  pricedAt: number | null;
}

export type ReportStatus = Extract<PriceReportOutcome, 'published' | 'confirmed' | 'pending' | 'superseded'>;

/** Rows older than this are deleted as new reports arrive: nothing reads a report after PRICE_REPORT_LIMITS.pendingMs. */
const KEEP_MS = 2 * PRICE_REPORT_LIMITS.pendingMs;

/**
 * ingest.price_reports and the published prices a report is weighed against, inside the caller's transaction (the
 * service holds the store's lock for all of it, so two reports of one store are weighed one after the other).
 */
export class PriceReportsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Serialises the reports of one store (advisory lock until the transaction ends). */
  async lockStore(storeId: number): Promise<void> {
    await this.manager.query(`SELECT pg_advisory_xact_lock(hashtext('hintakori:ingest:price-reports'), $1)`, [storeId]);
  }

  async forgetOld(now: number): Promise<void> {
    await this.manager.query('DELETE FROM ingest.price_reports WHERE received_at < $1', [new Date(now - KEEP_MS)]);
  }

  /** Whether the client sent this report (store, item and prices alike, its time apart) within the duplicate window. */
  async isDuplicate(report: StoredReport, now: number): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `SELECT 1 FROM ingest.price_reports
        WHERE client = $1 AND store_id = $2 AND item_id = $3 AND price = $4 AND regular_price IS NOT DISTINCT FROM $5::integer
          AND comparison_price IS NOT DISTINCT FROM $6::integer AND comparison_unit IS NOT DISTINCT FROM $7::text AND received_at > $8
        LIMIT 1`,
      [report.client, report.storeId, report.itemId, report.price, report.regularPrice, report.comparisonPrice, report.comparisonUnit, new Date(now - PRICE_REPORT_LIMITS.duplicateWindowMs)],
    );
    return rows.length > 0;
  }

  /** The item's price in the store as each chain's source last published it (ingest.published_prices), newest pricing first. */
  async sourcePrices(storeId: number, itemId: number): Promise<SourcePrice[]> {
    const rows: { source: string; prices: Buffer; pricedAt: Date | null }[] = await this.manager.query(
      'SELECT source, prices, priced_at AS "pricedAt" FROM ingest.published_prices WHERE store_id = $1 AND source <> $2',
      [storeId, SHOPPERS_SOURCE],
    );
    const found: SourcePrice[] = [];
    for (const row of rows) {
      const published = publishedPriceOf(row.prices, itemId);
      if (published) found.push({ source: row.source, price: published.price, pricedAt: row.pricedAt ? new Date(row.pricedAt).getTime() : null });
    }
    return found.sort((a, b) => (b.pricedAt ?? -Infinity) - (a.pricedAt ?? -Infinity));
  }

  /** The newest report of the item in the store that was published (or confirmed and published), if one is kept. */
  async lastPublished(storeId: number, itemId: number): Promise<{ price: number; seenAt: number } | null> {
    const [row]: { price: number; seenAt: Date }[] = await this.manager.query(
      `SELECT price, seen_at AS "seenAt" FROM ingest.price_reports
        WHERE store_id = $1 AND item_id = $2 AND status IN ('published', 'confirmed') ORDER BY seen_at DESC LIMIT 1`,
      [storeId, itemId],
    );
    return row ? { price: row.price, seenAt: new Date(row.seenAt).getTime() } : null;
  }

  /** A waiting report of another client that `price` is within PRICE_REPORT_LIMITS.confirmShare of, newest first. */
  async pendingToConfirm(report: StoredReport, now: number): Promise<number | null> {
    const [row]: { id: string }[] = await this.manager.query(
      `SELECT id FROM ingest.price_reports
        WHERE store_id = $1 AND item_id = $2 AND status = 'pending' AND client <> $3 AND received_at > $4
          AND abs(price - $5::integer) <= price * $6::float8
        ORDER BY seen_at DESC, id DESC LIMIT 1`,
      [report.storeId, report.itemId, report.client, new Date(now - PRICE_REPORT_LIMITS.pendingMs), report.price, PRICE_REPORT_LIMITS.confirmShare],
    );
    return row ? Number(row.id) : null;
  }

  async insert(report: StoredReport, status: ReportStatus, now: number): Promise<void> {
    await this.manager.query(
      `INSERT INTO ingest.price_reports (client, store_id, item_id, price, regular_price, comparison_price, comparison_unit, seen_at, received_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [report.client, report.storeId, report.itemId, report.price, report.regularPrice, report.comparisonPrice, report.comparisonUnit, report.seenAt, new Date(now), status],
    );
  }

  async markConfirmed(id: number): Promise<void> {
    await this.manager.query(`UPDATE ingest.price_reports SET status = 'confirmed' WHERE id = $1`, [id]);
  }

  /**
   * Takes the item out of what the chains' sources remember publishing in the store, so each source's next run
   * publishes its price again even when it has not changed: a run publishes only changes, and without this a
   * shopper's price would stay the store's price until the chain's price moved. Losing a remembered price only
   * costs a republish. (A run of that source in progress writes back the memory it read at its start: then the
   * price travels again at its next change.)
   */
  async forgetSourcePrices(storeId: number, itemId: number): Promise<void> {
    const rows: { source: string; prices: Buffer }[] = await this.manager.query(
      'SELECT source, prices FROM ingest.published_prices WHERE store_id = $1 AND source <> $2 FOR UPDATE',
      [storeId, SHOPPERS_SOURCE],
    );
    for (const row of rows) {
      if (!publishedPriceOf(row.prices, itemId)) continue;
      const prices = decodeStorePrices(row.prices);
      prices.delete(itemId);
      await this.manager.query('UPDATE ingest.published_prices SET prices = $3 WHERE source = $1 AND store_id = $2', [row.source, storeId, encodeStorePrices(prices)]);
    }
  }

  /** Whether price-ingest's store registry has the store (any source registered it). */
  async storeKnown(storeId: number): Promise<boolean> {
    const rows: unknown[] = await this.manager.query('SELECT 1 FROM ingest.stores WHERE store_id = $1 LIMIT 1', [storeId]);
    return rows.length > 0;
  }
}
