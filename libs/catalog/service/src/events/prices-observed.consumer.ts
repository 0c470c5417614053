import type { EventBatchHandler } from '@hintakori/platform-messaging';
import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { Injectable, Logger } from '@nestjs/common';
import { isValidObservation, PriceObservation, StorePriceProjection } from '../prices/store-price.projection';

const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;

export type ParsedPrice = { ok: true; observation: PriceObservation } | { ok: false; reason: string };

/** Checks one `prices.observed` payload from the wire; a bad event is reported, never thrown. */
export function parsePriceObservedEvent(input: unknown, now: Date = new Date()): ParsedPrice {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, reason: 'not an object' };
  const event = input as Record<string, unknown>;
  const observation = {
    itemId: event.itemId,
    storeId: event.storeId,
    price: event.price,
    comparisonPrice: event.comparisonPrice ?? null,
    priceUnit: event.priceUnit,
    comparisonPriceUnit: event.comparisonPriceUnit,
    isCampaign: event.isCampaign ?? false,
    observedAt: event.observedAt,
  } as PriceObservation;
  if (!isValidObservation(observation)) return { ok: false, reason: 'itemId, storeId, price (cents), units, isCampaign or observedAt is missing or malformed' };
  const at = Date.parse(observation.observedAt);
  if (at - now.getTime() > MAX_FUTURE_MS) return { ok: false, reason: 'observedAt is more than a day in the future' };
  return { ok: true, observation: { ...observation, observedAt: new Date(at).toISOString() } };
}

/** `prices.observed` → current store prices and price history, one batch at a time. */
@Injectable()
export class CatalogPricesObservedConsumer implements EventBatchHandler {
  private readonly logger = new Logger(CatalogPricesObservedConsumer.name);

  constructor(private readonly projection: StorePriceProjection) {}

  async handleBatch(events: unknown[]): Promise<void> {
    const observations: PriceObservation[] = [];
    events.forEach((event, index) => {
      const parsed = parsePriceObservedEvent(event);
      if (parsed.ok) observations.push(parsed.observation);
      else this.logger.warn(`Skipped ${IngestTopics.PricesObserved} event #${index}: ${parsed.reason}`);
    });
    const changed = await this.projection.applyPriceObservations(observations);
    this.logger.debug(`Applied ${observations.length} price observations (${changed} prices changed or confirmed)`);
  }
}
