import { MAX_ID } from '@hintakori/shared-contracts';
import type { EventBatchHandler } from '@hintakori/platform-messaging';
import { IngestTopics, type RunCompletedEvent } from '@hintakori/price-ingest-contracts';
import { Injectable, Logger } from '@nestjs/common';
import { StoreFreshnessProjection } from '../prices/store-freshness.projection';

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;

/** Why a run-completed event cannot be applied, or null. */
export function seenProblem(event: Partial<RunCompletedEvent> | null): string | null {
  if (!event || typeof event.runId !== 'string' || typeof event.source !== 'string') return 'no runId or source';
  const seen = event.seen;
  if (seen === undefined) return null;
  if (!seen || typeof seen.at !== 'string' || Number.isNaN(Date.parse(seen.at)) || !Array.isArray(seen.stores)) return 'seen is not { at, stores }';
  for (const store of seen.stores) {
    if (!store || !isId(store.storeId) || !Array.isArray(store.unlisted) || !store.unlisted.every(isId)) return `seen.stores has a malformed entry ${JSON.stringify(store)?.slice(0, 200)}`;
  }
  return null;
}

/** `ingest.run-completed` → the stores a run saw (price age of the prices it saw unchanged). */
@Injectable()
export class CatalogRunCompletedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(CatalogRunCompletedConsumer.name);

  constructor(private readonly projection: StoreFreshnessProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    for (const value of events) {
      const event = value as Partial<RunCompletedEvent> | null;
      const problem = seenProblem(event);
      if (problem) {
        this.logger.warn(`Skipped ${IngestTopics.RunCompleted} event: ${problem}`);
        continue;
      }
      const run = event as RunCompletedEvent;
      if (run.seen) await this.projection.applyRun({ runId: run.runId, source: run.source, seen: run.seen });
    }
  }
}
