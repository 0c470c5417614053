import { acceptedEvents, checkEvent, type EventBatchHandler } from '@hintakori/platform-messaging';
import { IngestTopics, RunCompletedEvent } from '@hintakori/price-ingest-contracts';
import { Injectable, Logger } from '@nestjs/common';
import { StoreFreshnessProjection } from '../prices/store-freshness.projection';

/** `ingest.run-completed` → the stores a run saw (price age of the prices it saw unchanged). */
@Injectable()
export class CatalogRunCompletedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(CatalogRunCompletedConsumer.name);

  constructor(private readonly projection: StoreFreshnessProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    for (const run of acceptedEvents(events, (event) => checkEvent(RunCompletedEvent, event), IngestTopics.RunCompleted, this.logger)) {
      if (run.seen) await this.projection.applyRun({ runId: run.runId, source: run.source, seen: run.seen });
    }
  }
}
