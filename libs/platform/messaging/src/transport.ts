import type { AppConfig } from '@hintakori/platform-config';
import { ClientKafka, ClientProxy, CustomStrategy, KafkaOptions, Transport } from '@nestjs/microservices';
import { logLevel } from 'kafkajs';
import { InProcessClient } from './in-process.client';
import { InProcessServer } from './in-process.server';
import { SERVICE_PATTERNS, ServiceName } from './services';

/**
 * The one place that knows which transport a profile uses. Service code only sees
 * @MessagePattern / @EventPattern handlers and ClientProxy instances.
 */
export function serviceTransport(service: ServiceName, config: AppConfig): CustomStrategy | KafkaOptions {
  if (config.profile === 'standalone') return { strategy: new InProcessServer() };
  return {
    transport: Transport.KAFKA,
    options: {
      postfixId: '',
      client: { clientId: `${service}-${process.pid}`, brokers: config.kafkaBrokers, logLevel: logLevel.WARN },
      consumer: { groupId: service, allowAutoTopicCreation: false, sessionTimeout: 30000, heartbeatInterval: 3000 },
      producer: { allowAutoTopicCreation: false },
      run: { partitionsConsumedConcurrently: 3 },
      subscribe: { fromBeginning: false },
    },
  };
}

/** A client that calls `target` (request/reply) or emits its events. */
export function createServiceClient(target: ServiceName, caller: string, config: AppConfig): ClientProxy {
  if (config.profile === 'standalone') return new InProcessClient();
  const client = new ClientKafka({
    postfixId: '',
    client: { clientId: `${caller}-to-${target}-${process.pid}`, brokers: config.kafkaBrokers, logLevel: logLevel.WARN },
    consumer: {
      groupId: `${caller}-replies-${target}`,
      allowAutoTopicCreation: false,
      sessionTimeout: 30000,
      heartbeatInterval: 3000,
    },
    producer: { allowAutoTopicCreation: false },
    subscribe: { fromBeginning: false },
  });
  for (const pattern of SERVICE_PATTERNS[target]) client.subscribeToResponseOf(pattern);
  return client as unknown as ClientProxy;
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
