import type { EventBatchHandler } from '@hintakori/platform-messaging';
import { describeRejected, IngestTopics, parsePriceObservedEvents } from '@hintakori/price-ingest-contracts';
import { Injectable, Logger } from '@nestjs/common';
import { PriceMatrixProjection } from './price-matrix.projection';

/**
 * Consumes `prices.observed` in batches (one published message in-process, one fetched partition batch on
 * Kafka): each message one PriceObservedEvent, an array of them or a batch (PriceObservedBatch). Malformed
 * observations are logged and skipped (never retried forever); the valid rest is applied.
 */
@Injectable()
export class PricesObservedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(PricesObservedConsumer.name);

  constructor(private readonly projection: PriceMatrixProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    const { observations, rejected } = parsePriceObservedEvents(events);
    for (const problem of rejected) this.logger.warn(`Skipped ${IngestTopics.PricesObserved} ${describeRejected(problem)}`);
    const applied = await this.projection.applyPriceObservations(observations);
    this.logger.debug(`Applied ${applied} of ${observations.length} price observations`);
  }
}
