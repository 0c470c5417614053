import type { AppConfig } from '@hintakori/platform-config';
import { Logger } from '@nestjs/common';
import { ClientKafka, ClientProxy, CustomStrategy, KafkaOptions, ServerKafka } from '@nestjs/microservices';
import { logLevel } from 'kafkajs';
import { InProcessClient } from './in-process.client';
import { reconnectWhenGivenUp } from './kafka-rpc';
import { InProcessServer } from './in-process.server';
import { KafkaRpcClient } from './kafka-rpc.client';
import { KafkaRpcServer } from './kafka-rpc.server';
import { ServiceName } from './services';

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
  if (config.rpcTransport === 'batched') {
    return { strategy: new KafkaRpcServer({ service, brokers: config.kafkaBrokers, client: { retry: KAFKA_RETRY }, group: KAFKA_GROUP_TIMING }) };
  }
  return {
    strategy: new ReconnectingServerKafka({
      postfixId: '',
      client: { clientId: `${service}-${process.pid}`, brokers: config.kafkaBrokers, logLevel: logLevel.WARN, retry: KAFKA_RETRY },
      consumer: { groupId: service, allowAutoTopicCreation: false, ...KAFKA_GROUP_TIMING },
      producer: { allowAutoTopicCreation: false },
      run: { partitionsConsumedConcurrently: 3 },
      subscribe: { fromBeginning: false },
    }),
  };
}

/** A client that calls `target` (request/reply on its `patterns`, from the composition) or emits its events. */
export function createServiceClient(target: ServiceName, caller: string, config: AppConfig, patterns: readonly string[]): ClientProxy {
  if (config.profile === 'standalone') return new InProcessClient();
  if (config.rpcTransport === 'batched') {
    return new KafkaRpcClient({
      caller,
      target,
      brokers: config.kafkaBrokers,
      patterns: [...patterns],
      requestTtlMs: config.rpcTimeoutMs,
      client: { retry: KAFKA_RETRY },
      group: KAFKA_GROUP_TIMING,
    });
  }
  const client = new ReconnectingClientKafka({
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
  for (const pattern of patterns) client.subscribeToResponseOf(pattern);
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

export { reconnectWhenGivenUp, uninstrumentedSendBatch } from './kafka-rpc';

/** ClientKafka whose reply consumer comes back after kafkajs gave up on it (reconnectWhenGivenUp). */
class ReconnectingClientKafka extends ClientKafka {
  private closing = false;
  private readonly log = new Logger('ClientKafka');

  protected override registerConsumerEventListeners(): void {
    super.registerConsumerEventListeners();
    if (!this._consumer) return;
    reconnectWhenGivenUp(
      this._consumer,
      async () => {
        await super.close();
        await this.connect();
      },
      () => this.closing,
      this.log,
    );
  }

  override async close(): Promise<void> {
    this.closing = true;
    await super.close();
  }
}

/** ServerKafka whose request consumer comes back after kafkajs gave up on it (reconnectWhenGivenUp). */
class ReconnectingServerKafka extends ServerKafka {
  private closing = false;
  private readonly log = new Logger('ServerKafka');

  protected override registerConsumerEventListeners(): void {
    super.registerConsumerEventListeners();
    if (!this.consumer) return;
    reconnectWhenGivenUp(
      this.consumer,
      async () => {
        await super.close();
        const error = await new Promise<unknown>((resolve) => void this.listen((err?: unknown) => resolve(err)));
        if (error) throw error;
      },
      () => this.closing,
      this.log,
    );
  }

  override async close(): Promise<void> {
    this.closing = true;
    await super.close();
  }
}
