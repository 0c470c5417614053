import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { parsePriceObservedEvent, PriceObservation } from './price-observation';
import { PriceMatrixProjection } from './price-matrix.projection';

/**
 * Consumes `prices.observed`: one PriceObservedEvent or an array of them per message.
 * Malformed events are logged and skipped (never retried forever); the valid rest is applied.
 */
@Controller()
export class PricesObservedConsumer {
  private readonly logger = new Logger(PricesObservedConsumer.name);

  constructor(private readonly projection: PriceMatrixProjection) {}

  @EventPattern(IngestTopics.PricesObserved)
  async onPricesObserved(@Payload() payload: unknown): Promise<void> {
    const events = Array.isArray(payload) ? payload : [payload];
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
