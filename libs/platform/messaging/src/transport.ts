import type { AppConfig } from '@hintakori/platform-config';
import { ClientKafka, ClientProxy, CustomStrategy } from '@nestjs/microservices';
import { logLevel } from 'kafkajs';
import { InProcessClient } from './in-process.client';
import { InProcessServer } from './in-process.server';
import { KafkaRpcClient } from './kafka-rpc.client';
import { KafkaRpcServer } from './kafka-rpc.server';
import { SERVICE_PATTERNS, ServiceName } from './services';

/**
 * The one place that knows which transport a profile uses. Service code only sees
 * @MessagePattern / @EventPattern handlers and ClientProxy instances.
 */
export function serviceTransport(service: ServiceName, config: AppConfig): CustomStrategy {
  if (config.profile === 'standalone') return { strategy: new InProcessServer() };
  return { strategy: new KafkaRpcServer({ service, brokers: config.kafkaBrokers }) };
}

/** A client that calls `target` by request/reply. */
export function createServiceClient(target: ServiceName, caller: string, config: AppConfig): ClientProxy {
  if (config.profile === 'standalone') return new InProcessClient();
  return new KafkaRpcClient({ caller, target, brokers: config.kafkaBrokers, patterns: SERVICE_PATTERNS[target], requestTtlMs: config.rpcTimeoutMs });
}

/** A producer-only client for publishing events (no replies expected). */
export function createEventPublisher(caller: string, config: AppConfig): ClientProxy {
  if (config.profile === 'standalone') return new InProcessClient();
  const publisher = new ClientKafka({
    postfixId: '',
    client: { clientId: `${caller}-events-${process.pid}`, brokers: config.kafkaBrokers, logLevel: logLevel.WARN },
    producer: { allowAutoTopicCreation: false, idempotent: true, maxInFlightRequests: 1 },
    producerOnlyMode: true,
  });
  return publisher as unknown as ClientProxy;
}
