import { AlertsPatterns } from '@hintakori/alerts-contracts';
import { CartsPatterns } from '@hintakori/carts-contracts';
import { CatalogPatterns } from '@hintakori/catalog-contracts';
import { ComparisonsPatterns } from '@hintakori/comparisons-contracts';
import { healthPattern, type ServiceName } from '@hintakori/platform-messaging';
import { IngestTopics, PriceIngestPatterns } from '@hintakori/price-ingest-contracts';
import { StoresPatterns } from '@hintakori/stores-contracts';

/**
 * The composition of the system: which request/reply patterns each service answers and which Kafka topics exist,
 * read from the services' contracts. The platform knows no service; the callers that connect services (the gateway,
 * the test transports, the topic setup of tools/infra) take the patterns from here and hand them to the transport.
 */

/** Request/reply patterns each service answers (each is a Kafka topic with a `.reply` twin). */
export const SERVICE_PATTERNS: Record<ServiceName, readonly string[]> = {
  catalog: [...Object.values(CatalogPatterns), healthPattern('catalog')],
  stores: [...Object.values(StoresPatterns), healthPattern('stores')],
  carts: [...Object.values(CartsPatterns), healthPattern('carts')],
  comparisons: [...Object.values(ComparisonsPatterns), healthPattern('comparisons')],
  'price-ingest': [...Object.values(PriceIngestPatterns), healthPattern('price-ingest')],
  alerts: [...Object.values(AlertsPatterns), healthPattern('alerts')],
};

export interface TopicSpec {
  topic: string;
  numPartitions: number;
}

/** Every Kafka topic the system uses; created up front by tools/infra (auto-creation is off). */
export function allKafkaTopics(partitions = { rpc: 3, prices: 6, events: 3 }): TopicSpec[] {
  const topics: TopicSpec[] = [];
  for (const patterns of Object.values(SERVICE_PATTERNS)) {
    for (const pattern of patterns) {
      topics.push({ topic: pattern, numPartitions: partitions.rpc }, { topic: `${pattern}.reply`, numPartitions: partitions.rpc });
    }
  }
  for (const topic of Object.values(IngestTopics)) {
    topics.push({ topic, numPartitions: topic === IngestTopics.PricesObserved ? partitions.prices : partitions.events });
  }
  return topics;
}
