import { acceptedEvents, type EventBatchHandler } from '@hintakori/platform-messaging';
import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ItemUpsertProjection, parseItemUpsertedEvent } from '../items/item-upsert.projection';

/** `items.upserted` → items placed in our categories, one batch at a time. */
@Injectable()
export class ItemsUpsertedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(ItemsUpsertedConsumer.name);

  constructor(private readonly projection: ItemUpsertProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    const items = acceptedEvents(events, (event) => parseItemUpsertedEvent(event), IngestTopics.ItemsUpserted, this.logger);
    const changed = await this.projection.applyItemUpserts(items);
    this.logger.debug(`Applied ${items.length} item events (${changed} items inserted or replaced)`);
  }
}
