import { AlertsPatterns } from '@hintakori/alerts-contracts';
import { CartsPatterns } from '@hintakori/carts-contracts';
import { CatalogPatterns } from '@hintakori/catalog-contracts';
import { ComparisonsPatterns } from '@hintakori/comparisons-contracts';
import { IngestTopics, PriceIngestPatterns } from '@hintakori/price-ingest-contracts';
import { StoresPatterns } from '@hintakori/stores-contracts';

export type ServiceName = 'catalog' | 'stores' | 'carts' | 'comparisons' | 'price-ingest' | 'alerts';
export const SERVICE_NAMES: readonly ServiceName[] = ['catalog', 'stores', 'carts', 'comparisons', 'price-ingest', 'alerts'];

/** Every service answers its own health pattern with its dependencies' state. */
export function healthPattern(service: ServiceName): string {
  return `${service}.health`;
}

/** Request/reply patterns each service answers (each is a Kafka topic with a `.reply` twin). */
export const SERVICE_PATTERNS: Record<ServiceName, string[]> = {
  catalog: [...Object.values(CatalogPatterns), healthPattern('catalog')],
  stores: [...Object.values(StoresPatterns), healthPattern('stores')],
  carts: [...Object.values(CartsPatterns), healthPattern('carts')],
  comparisons: [...Object.values(ComparisonsPatterns), healthPattern('comparisons')],
  'price-ingest': [...Object.values(PriceIngestPatterns), healthPattern('price-ingest')],
  alerts: [...Object.values(AlertsPatterns), healthPattern('alerts')],
};

export const SERVICE_HEALTH_PORTS: Record<ServiceName, number> = {
  catalog: 3101,
  stores: 3102,
  carts: 3103,
  comparisons: 3104,
  'price-ingest': 3105,
  // 3106… are the price-ingest worker processes' probes in `npm run stack`.
  alerts: 3110,
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

export interface HealthReport {
  service: ServiceName;
  status: 'up' | 'down';
  checks: Record<string, 'up' | 'down'>;
}
