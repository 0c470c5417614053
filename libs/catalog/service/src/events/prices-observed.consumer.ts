import type { EventBatchHandler } from '@hintakori/platform-messaging';
import { describeRejected, IngestTopics, parsePriceObservedEvents } from '@hintakori/price-ingest-contracts';
import { Injectable, Logger } from '@nestjs/common';
import { StorePriceProjection } from '../prices/store-price.projection';

/** `prices.observed` → current store prices and price history, one batch at a time. */
@Injectable()
export class CatalogPricesObservedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(CatalogPricesObservedConsumer.name);

  constructor(private readonly projection: StorePriceProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    const { observations, rejected } = parsePriceObservedEvents(events);
    for (const problem of rejected) this.logger.warn(`Skipped ${IngestTopics.PricesObserved} ${describeRejected(problem)}`);
    const changed = await this.projection.applyPriceObservations(observations);
    this.logger.debug(`Applied ${observations.length} price observations (${changed} prices changed or confirmed)`);
  }
}
