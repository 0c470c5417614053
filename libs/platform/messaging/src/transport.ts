import type { AppConfig } from '@hintakori/platform-config';
import { ClientProxy, CustomStrategy } from '@nestjs/microservices';
import { InProcessClient } from './in-process.client';
import { InProcessServer } from './in-process.server';
import { KAFKA_GROUP_TIMING } from './kafka-client';
import { KafkaEventPublisher } from './kafka-events';
import { KafkaRpcClient } from './kafka-rpc.client';
import { KafkaRpcServer } from './kafka-rpc.server';
import { ServiceName } from './services';

export { KAFKA_GROUP_TIMING, KAFKA_RETRY } from './kafka-client';
export { uninstrumentedSendBatch, type EventBatch, type EventProducer } from './kafka-events';
export type { OutgoingKafkaMessage } from './kafka-client';

/**
 * Services whose every request pattern only reads (the comparisons' totals, basket, split and demand counts): their
 * request consumers commit offsets once a second instead of after every fetched batch. A request answered twice
 * after a member leaves costs nothing there (the demand counts are approximate); carts, alerts, catalog, stores and
 * price-ingest take writes and keep committing each batch.
 */
const READ_ONLY_SERVICES: ReadonlySet<ServiceName> = new Set(['comparisons']);
const READ_ONLY_COMMIT_MS = 1000;

/**
 * The one place that knows which transport a profile uses. Service code only sees
 * @MessagePattern / @EventPattern handlers and ClientProxy instances.
 */
export function serviceTransport(service: ServiceName, config: AppConfig): CustomStrategy {
  if (config.profile === 'standalone') return { strategy: new InProcessServer() };
  const commitIntervalMs = READ_ONLY_SERVICES.has(service) ? READ_ONLY_COMMIT_MS : undefined;
  return { strategy: new KafkaRpcServer({ service, brokers: config.kafkaBrokers, group: KAFKA_GROUP_TIMING, commitIntervalMs }) };
}

/** A client that calls `target` (request/reply on its `patterns`, from the composition) or emits its events. */
export function createServiceClient(target: ServiceName, caller: string, config: AppConfig, patterns: readonly string[]): ClientProxy {
  if (config.profile === 'standalone') return new InProcessClient();
  return new KafkaRpcClient({
    caller,
    target,
    brokers: config.kafkaBrokers,
    patterns: [...patterns],
    requestTtlMs: config.rpcTimeoutMs,
    group: KAFKA_GROUP_TIMING,
  });
}

/** A producer-only client for publishing events (no replies expected). */
export function createEventPublisher(caller: string, config: AppConfig): ClientProxy {
  return createEventSender<ClientProxy>(caller, config, { kafka: (publisher) => publisher, inProcess: (client) => client });
}

/**
 * A sender of events for each transport, for a publisher that sends its own way on each (price-ingest's, which packs
 * its events into Kafka produce requests or into batches for the in-process subscribers): it is handed the client of
 * its transport and never asks which one it got.
 */
export interface EventSenders<T> {
  /** The distributed profile: the Kafka event publisher, whose connect() answers an EventProducer for requests of one's own. */
  kafka(publisher: KafkaEventPublisher): T;
  /** The standalone profile: an in-process client, each emit reaching every subscriber as one batch. */
  inProcess(client: ClientProxy): T;
}

/** The profile's event sender: `senders.kafka` or `senders.inProcess` with the client createEventPublisher would give. */
export function createEventSender<T>(caller: string, config: AppConfig, senders: EventSenders<T>): T {
  if (config.profile === 'standalone') return senders.inProcess(new InProcessClient());
  return senders.kafka(new KafkaEventPublisher(`${caller}-events-${process.pid}`, config.kafkaBrokers));
}
