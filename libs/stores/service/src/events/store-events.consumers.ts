import { acceptedEvents, type EventBatchHandler } from '@hintakori/platform-messaging';
import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { Injectable, Logger } from '@nestjs/common';
import { OfferUpsert, parseOfferUpsertedEvent, parseStoreUpsertedEvent, StoreUpsert } from './store-events.parsing';
import { StoreEventsProjection } from './store-events.projection';

/** `stores.upserted` → stores, chains, opening hours and exceptions, one batch at a time. */
@Injectable()
export class StoresUpsertedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(StoresUpsertedConsumer.name);

  constructor(private readonly projection: StoreEventsProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    const stores: StoreUpsert[] = acceptedEvents(events, (e) => parseStoreUpsertedEvent(e), IngestTopics.StoresUpserted, this.logger);
    const changed = await this.projection.applyStoreUpserts(stores);
    this.logger.debug(`Applied ${stores.length} store events (${changed} stores inserted or replaced)`);
  }
}

/** `offers.upserted` → offers, one batch at a time. */
@Injectable()
export class OffersUpsertedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(OffersUpsertedConsumer.name);

  constructor(private readonly projection: StoreEventsProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    const offers: OfferUpsert[] = acceptedEvents(events, (e) => parseOfferUpsertedEvent(e), IngestTopics.OffersUpserted, this.logger);
    const changed = await this.projection.applyOfferUpserts(offers);
    this.logger.debug(`Applied ${offers.length} offer events (${changed} offers inserted or replaced)`);
  }
}
