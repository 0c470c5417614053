import { arrayLiteral } from '@hintakori/platform-persistence';
import type { RunSeenStores } from '@hintakori/price-ingest-contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A completed feed run's stores: when the run saw them, and the prices it no longer had. */
export interface StoreFeedRun {
  runId: string;
  source: string;
  seen: RunSeenStores;
}

/** Only a later run moves a store's time; a replayed or late event changes nothing. */
const SEEN_SQL = `
  INSERT INTO catalog.store_feed_runs AS r (store_id, source, seen_at, run_id)
  SELECT s.store_id, $2, $3, $4 FROM unnest($1::int[]) AS s(store_id)
  ORDER BY s.store_id
  ON CONFLICT (store_id, source) DO UPDATE SET seen_at = excluded.seen_at, run_id = excluded.run_id
  WHERE r.seen_at < excluded.seen_at`;

/** A price observed after the run is not touched; one already unlisted keeps its first unlisting. */
const UNLIST_SQL = `
  UPDATE catalog.store_prices AS p SET unlisted_at = $4
  FROM unnest($1::int[], $2::int[]) AS u(store_id, item_id)
  WHERE p.store_id = u.store_id AND p.item_id = u.item_id AND p.source = $3 AND p.updated_at < $4 AND p.unlisted_at IS NULL`;

/**
 * `ingest.run-completed` → the stores' last run per source (catalog.store_feed_runs) and the prices the run no longer
 * had (store_prices.unlisted_at): what the price age of a price the run saw unchanged is read from (item-rows.ts).
 * Idempotent: replaying a run changes nothing.
 */
@Injectable()
export class StoreFreshnessProjection {
  constructor(private readonly dataSource: DataSource) {}

  async applyRun(run: StoreFeedRun): Promise<void> {
    const { at, stores } = run.seen;
    const unlisted = stores.flatMap((s) => s.unlisted.map((itemId) => [s.storeId, itemId] as const));
    await this.dataSource.transaction(async (manager) => {
      if (unlisted.length > 0) {
        await manager.query(UNLIST_SQL, [arrayLiteral(unlisted.map(([storeId]) => storeId)), arrayLiteral(unlisted.map(([, itemId]) => itemId)), run.source, at]);
      }
      if (stores.length > 0) await manager.query(SEEN_SQL, [arrayLiteral(stores.map((s) => s.storeId)), run.source, at, run.runId]);
    });
  }
}
