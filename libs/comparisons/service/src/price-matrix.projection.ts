import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PriceObservation } from './price-observation';
import { PriceMatrixRepository } from './price-matrix.repository';

export const PROJECTION_BATCH_SIZE = 5000;

function cellKey(row: PriceObservation): string {
  return `${row.itemId}:${row.storeId}`;
}

/**
 * Keeps the newest observation per (item, store) — one statement may touch a row only once — and sorts by key
 * so concurrent batches lock rows in the same order (no deadlocks between consumers).
 * Equal timestamps keep the first seen, matching the store's rule that only a strictly newer observation wins.
 */
export function newestPerCell(rows: readonly PriceObservation[]): PriceObservation[] {
  const newest = new Map<string, PriceObservation>();
  for (const row of rows) {
    const key = cellKey(row);
    const current = newest.get(key);
    if (!current || Date.parse(row.observedAt) > Date.parse(current.observedAt)) newest.set(key, row);
  }
  return [...newest.values()].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId);
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
