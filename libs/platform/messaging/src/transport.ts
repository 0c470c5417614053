import type { AppConfig } from '@hintakori/platform-config';
import { ClientKafka, ClientProxy, CustomStrategy, KafkaOptions, Transport } from '@nestjs/microservices';
import { logLevel } from 'kafkajs';
import { InProcessClient } from './in-process.client';
import { InProcessServer } from './in-process.server';
import { SERVICE_PATTERNS, ServiceName } from './services';

/**
 * Retry and reconnect settings of every kafkajs client (issue 10, "recover fast"). kafkajs' defaults back off
 * up to 30 s between attempts, so a client kept waiting for half a minute after the broker was back; here
 * attempts come at most 1 s apart (about 12 s of attempts before an operation fails; a crashed consumer then
 * restarts itself after at most 1 s and goes on retrying).
 */
export const KAFKA_RETRY = { initialRetryTime: 100, maxRetryTime: 1000, multiplier: 2, retries: 15 } as const;
/**
 * Consumer group timing: a member killed without leaving is dropped from its group after 10 s (kafkajs' default
 * is 30 s), so its replacement gets the partitions that soon instead of waiting for the dead member's session.
 */
export const KAFKA_GROUP_TIMING = { sessionTimeout: 10000, heartbeatInterval: 1000 } as const;

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
      client: { clientId: `${service}-${process.pid}`, brokers: config.kafkaBrokers, logLevel: logLevel.WARN, retry: KAFKA_RETRY },
      consumer: { groupId: service, allowAutoTopicCreation: false, ...KAFKA_GROUP_TIMING },
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
    client: { clientId: `${caller}-to-${target}-${process.pid}`, brokers: config.kafkaBrokers, logLevel: logLevel.WARN, retry: KAFKA_RETRY },
    consumer: {
      groupId: `${caller}-replies-${target}`,
      allowAutoTopicCreation: false,
      ...KAFKA_GROUP_TIMING,
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
    client: { clientId: `${caller}-events-${process.pid}`, brokers: config.kafkaBrokers, logLevel: logLevel.WARN, retry: KAFKA_RETRY },
    producer: { allowAutoTopicCreation: false, idempotent: true, maxInFlightRequests: 1 },
    producerOnlyMode: true,
  });
  return publisher as unknown as ClientProxy;
}
