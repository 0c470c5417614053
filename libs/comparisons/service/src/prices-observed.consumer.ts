import type { EventBatchHandler } from '@hintakori/platform-messaging';
import { IngestTopics, parsePriceObservedEvent, PriceObservation } from '@hintakori/price-ingest-contracts';
import { Injectable, Logger } from '@nestjs/common';
import { PriceMatrixProjection } from './price-matrix.projection';

/**
 * Consumes `prices.observed` in batches (one published message in-process, one fetched partition batch on
 * Kafka): PriceObservedEvents, each message one event or an array of them. Malformed events are logged and
 * skipped (never retried forever); the valid rest is applied.
 */
@Injectable()
export class PricesObservedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(PricesObservedConsumer.name);

  constructor(private readonly projection: PriceMatrixProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    const observations: PriceObservation[] = [];
    events.forEach((event, index) => {
      const parsed = parsePriceObservedEvent(event);
      if (parsed.ok) observations.push(parsed.observation);
      else this.logger.warn(`Skipped ${IngestTopics.PricesObserved} event #${index}: ${parsed.reason}`);
    });
    const applied = await this.projection.applyPriceObservations(observations);
    this.logger.debug(`Applied ${applied} of ${observations.length} price observations`);
  }
}
