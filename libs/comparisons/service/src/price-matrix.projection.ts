import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { PriceMatrixRepository } from './price-matrix.repository';

export const PROJECTION_BATCH_SIZE = 5000;

/**
 * Keeps the newest observation per (item, store) — one statement may touch a row only once — and orders rows
 * by item then store so concurrent batches lock rows in the same order (no deadlocks between consumers).
 * Equal timestamps keep the first seen, matching the store's rule that only a strictly newer observation wins.
 */
export function newestPerCell(rows: readonly PriceObservation[]): PriceObservation[] {
  // A stable sort keeps input order among duplicates; feeds usually arrive sorted already, which makes it linear.
  const sorted = [...rows].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId);
  const newest: PriceObservation[] = [];
  for (const row of sorted) {
    const last = newest[newest.length - 1];
    if (last && last.itemId === row.itemId && last.storeId === row.storeId) {
      if (Date.parse(row.observedAt) > Date.parse(last.observedAt)) newest[newest.length - 1] = row;
    } else {
      newest.push(row);
    }
  }
  return newest;
}

/** Projects price observations into the price matrix idempotently: a newer observation wins, replays change nothing. */
@Injectable()
export class PriceMatrixProjection {
  constructor(private readonly prices: PriceMatrixRepository) {}

  /**
   * Applies observations in batches of PROJECTION_BATCH_SIZE (one multi-row upsert each).
   * Pass a transaction's manager to apply them inside it. Returns how many cells were inserted or changed.
   */
  async applyPriceObservations(rows: readonly PriceObservation[], manager?: EntityManager): Promise<number> {
    let applied = 0;
    for (let start = 0; start < rows.length; start += PROJECTION_BATCH_SIZE) {
      const batch = newestPerCell(rows.slice(start, start + PROJECTION_BATCH_SIZE));
      applied += await this.prices.upsertNewer(batch, manager);
    }
    return applied;
  }
}
