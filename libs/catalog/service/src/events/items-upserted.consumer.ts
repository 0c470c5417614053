import type { EventBatchHandler } from '@hintakori/platform-messaging';
import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ItemUpsert, ItemUpsertProjection, parseItemUpsertedEvent } from '../items/item-upsert.projection';

/** `items.upserted` → items placed in our categories, one batch at a time. */
@Injectable()
export class ItemsUpsertedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(ItemsUpsertedConsumer.name);

  constructor(private readonly projection: ItemUpsertProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    const items: ItemUpsert[] = [];
    events.forEach((event, index) => {
      const parsed = parseItemUpsertedEvent(event);
      if (parsed.ok) items.push(parsed.item);
      else this.logger.warn(`Skipped ${IngestTopics.ItemsUpserted} event #${index}: ${parsed.reason}`);
    });
    const changed = await this.projection.applyItemUpserts(items);
    this.logger.debug(`Applied ${items.length} item events (${changed} items inserted or replaced)`);
  }
}
