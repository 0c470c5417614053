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
 * The one place that knows which transport a profile uses. Service code only sees
 * @MessagePattern / @EventPattern handlers and ClientProxy instances.
 */
export function serviceTransport(service: ServiceName, config: AppConfig): CustomStrategy {
  if (config.profile === 'standalone') return { strategy: new InProcessServer() };
  return { strategy: new KafkaRpcServer({ service, brokers: config.kafkaBrokers, group: KAFKA_GROUP_TIMING }) };
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
  if (config.profile === 'standalone') return new InProcessClient();
  return new KafkaEventPublisher(`${caller}-events-${process.pid}`, config.kafkaBrokers);
}
