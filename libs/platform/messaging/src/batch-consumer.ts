import type { AppConfig } from '@hintakori/platform-config';
import { Controller, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Provider, Type } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { context as otelContext, trace } from '@opentelemetry/api';
import { consumeBatches, createConsumer, type KafkaConsumer, type KafkaStream, type PartitionBatch } from './kafka-client';
import { endSpan, extractTraceContext, startMessageSpan } from './kafka-rpc';

/**
 * Writes one batch of events of one topic. Invalid events are logged and skipped by the handler (never
 * thrown: a thrown error means "the batch was not written", and the batch is delivered again).
 */
export interface EventBatchHandler {
  handleBatch(events: unknown[]): Promise<void>;
}

export interface EventSubscription {
  topic: string;
  handler: Type<EventBatchHandler>;
}

/** Something the Kafka consumer waits for before it joins its group (e.g. demo seeding at boot). */
export interface StartGate {
  ready(): Promise<void>;
}

export interface BatchConsumerOptions {
  /** Kafka consumer group of the projections; default `<service>-projections`. */
  groupId?: string;
  /** Where a group without committed offsets starts; default false (the newest messages). */
  fromBeginning?: boolean;
  /** Partitions written at the same time; default 3. */
  partitionsConsumedConcurrently?: number;
  /** A provider of the same module to wait for before consuming (distributed only; in-process delivery starts after boot anyway). */
  startAfter?: Type<StartGate>;
}

/** `idle`: the process only runs its migrations (HINTAKORI_MIGRATE_ONLY): the consumer never starts. */
type ResolvedOptions = Required<Omit<BatchConsumerOptions, 'startAfter'>> & { idle: boolean };

/** A message value on the wire is a JSON array of events or one event; both become a list. */
export function eventsOfMessage(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export type DecodedMessage = { ok: true; events: unknown[] } | { ok: false; reason: string };

/** Parses one Kafka message value; a value that is not JSON is reported, never thrown. */
export function decodeKafkaValue(value: Buffer | null): DecodedMessage {
  if (value === null || value.length === 0) return { ok: false, reason: 'empty message value' };
  try {
    return { ok: true, events: eventsOfMessage(JSON.parse(value.toString('utf8'))) };
  } catch (error) {
    return { ok: false, reason: `value is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/**
 * A PostgreSQL data exception (SQLSTATE class 22, e.g. a NUL byte in text) or integrity violation (23): the
 * events themselves are at fault, so retrying the same batch would fail forever.
 */
export function isRejectedData(error: unknown): boolean {
  const candidates = [error, (error as { driverError?: unknown } | null)?.driverError];
  return candidates.some(
    (e) => typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string' && /^2[23][0-9A-Z]{3}$/.test((e as { code: string }).code),
  );
}

/**
 * Writes `events` with the handler; when the database rejects the data, halves the batch until the events
 * it rejects are isolated, logs and skips those, and writes the rest. Any other error (database down …)
 * propagates, so the batch is delivered again.
 */
export async function writeBatch(handler: EventBatchHandler, events: unknown[], topic: string, logger: Logger): Promise<void> {
  try {
    await handler.handleBatch(events);
  } catch (error) {
    if (!isRejectedData(error)) throw error;
    if (events.length === 1) {
      logger.error(
        `Skipped a ${topic} event the projection rejects (${error instanceof Error ? error.message : String(error)}): ${JSON.stringify(events[0]).slice(0, 500)}`,
      );
      return;
    }
    const half = Math.ceil(events.length / 2);
    await writeBatch(handler, events.slice(0, half), topic, logger);
    await writeBatch(handler, events.slice(half), topic, logger);
  }
}

/** Standalone: the in-process bus delivers each published message straight to the handler, as one batch. */
function inProcessSubscriber(subscription: EventSubscription): Type<unknown> {
  @Controller()
  class InProcessEventSubscriber {
    private readonly logger = new Logger(`${subscription.topic} subscriber`);

    constructor(@Inject(subscription.handler) private readonly handler: EventBatchHandler) {}

    @EventPattern(subscription.topic)
    async onMessage(@Payload() payload: unknown): Promise<void> {
      await writeBatch(this.handler, eventsOfMessage(payload), subscription.topic, this.logger);
    }
  }
  Object.defineProperty(InProcessEventSubscriber, 'name', { value: `${subscription.handler.name}InProcessSubscriber` });
  return InProcessEventSubscriber;
}

/**
 * Distributed: one Kafka consumer per service for its event topics. Each fetched batch (one topic
 * partition) is decoded, handed to the topic's handler in one call, and only then is its last offset
 * committed — at-least-once; the projections make redelivery harmless. A batch the handler could not write
 * (database down …) is not committed: the group reads it again from the last commit when it rejoins or restarts.
 */
@Injectable()
export class KafkaBatchConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(KafkaBatchConsumer.name);
  private consumer?: KafkaConsumer;
  private stream?: KafkaStream;
  private started?: Promise<void>;
  private stopping = false;
  private joined: Promise<void> = new Promise(() => undefined);

  constructor(
    private readonly clientId: string,
    private readonly brokers: string[],
    private readonly handlers: Map<string, EventBatchHandler>,
    private readonly options: ResolvedOptions,
    private readonly gate?: StartGate,
  ) {}

  /** Starts in the background: the gate (e.g. seeding) may finish only after every bootstrap hook has run. */
  onApplicationBootstrap(): void {
    // A migrations run closes the context as soon as it is up: a consumer started now would be closed mid-join.
    if (this.options.idle) return;
    this.started = this.start();
    this.started.catch((error: unknown) => this.logger.error(`Could not start consuming: ${error instanceof Error ? error.message : String(error)}`));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    // Closing first ends a start still waiting for the broker (its consumer retries for as long as it is open).
    await this.stop();
    await this.started?.catch(() => undefined);
    await this.stop();
  }

  /** Resolves once the consumer has joined its group (partitions assigned). */
  async whenJoined(): Promise<void> {
    await this.started;
    await this.joined;
  }

  private async start(): Promise<void> {
    await this.gate?.ready();
    if (this.stopping) return;
    const consumer = createConsumer(this.clientId, this.options.groupId, this.brokers, { sessionTimeout: 30000, heartbeatInterval: 3000 });
    this.consumer = consumer;
    this.joined = new Promise((resolve) => {
      consumer.once('consumer:group:join', () => resolve());
    });
    const stream = await consumer.consume({
      topics: [...this.handlers.keys()],
      mode: 'committed',
      fallbackMode: this.options.fromBeginning ? 'earliest' : 'latest',
      autocommit: false,
    });
    this.stream = stream;
    void consumeBatches(stream, this.options.partitionsConsumedConcurrently, (batch) => this.onBatch(batch), this.logger);
    this.logger.log(`consuming ${[...this.handlers.keys()].join(', ')} as group ${this.options.groupId}`);
  }

  async stop(): Promise<void> {
    const { consumer, stream } = this;
    this.consumer = undefined;
    this.stream = undefined;
    await stream?.close().catch(() => undefined);
    await consumer?.close();
  }

  private async onBatch(batch: PartitionBatch): Promise<void> {
    const handler = this.handlers.get(batch.topic);
    if (!handler || this.stopping) return;
    const events: unknown[] = [];
    for (const message of batch.messages) {
      const decoded = decodeKafkaValue(message.value ?? null);
      if (decoded.ok) events.push(...decoded.events);
      else this.logger.warn(`Skipped ${batch.topic}[${batch.partition}]@${message.offset}: ${decoded.reason}`);
    }
    // A batch the handler could not write (database down …) is written again, after 1 s, 2 s, … up to 5 s, until it
    // is written or the service stops: its offset is committed only then, and the partition waits meanwhile.
    for (let attempt = 0; events.length > 0; attempt++) {
      // One span per batch, a child of the first message's producer (a batch mixes many publishers' contexts).
      const span = startMessageSpan('process', batch.topic, extractTraceContext(batch.messages[0].headers));
      try {
        await otelContext.with(trace.setSpan(otelContext.active(), span), () => writeBatch(handler, events, batch.topic, this.logger));
        endSpan(span);
        break;
      } catch (error) {
        endSpan(span, error);
        if (this.stopping) throw error;
        this.logger.warn(`Could not write ${batch.topic}[${batch.partition}] (${error instanceof Error ? error.message : String(error)}); trying again`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * (attempt + 1), 5000)));
      }
    }
    // Committing the last message commits the offset after it, i.e. the whole batch.
    await batch.messages[batch.messages.length - 1].commit();
  }
}

/**
 * The controllers and providers that deliver a service's event topics to its batch handlers:
 * in-process (standalone) every published message is one batch; on Kafka (distributed) every fetched
 * partition batch is, committed after the handler has written it.
 */
export function batchConsumers(
  service: string,
  config: AppConfig,
  subscriptions: readonly EventSubscription[],
  options: BatchConsumerOptions = {},
): { controllers: Type<unknown>[]; providers: Provider[] } {
  const handlerTypes = [...new Set(subscriptions.map((s) => s.handler))];
  if (config.profile === 'standalone') {
    return { controllers: subscriptions.map(inProcessSubscriber), providers: handlerTypes };
  }
  const resolved: ResolvedOptions = {
    groupId: options.groupId ?? `${service}-projections`,
    fromBeginning: options.fromBeginning ?? false,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 3,
    idle: config.migrateOnly,
  };
  return {
    controllers: [],
    providers: [
      ...handlerTypes,
      {
        provide: KafkaBatchConsumer,
        inject: options.startAfter ? [...handlerTypes, options.startAfter] : handlerTypes,
        useFactory: (...instances: unknown[]) => {
          const byType = new Map(handlerTypes.map((type, i) => [type, instances[i] as EventBatchHandler]));
          const handlers = new Map(subscriptions.map((s) => [s.topic, byType.get(s.handler) as EventBatchHandler]));
          const gate = options.startAfter ? (instances[handlerTypes.length] as StartGate) : undefined;
          return new KafkaBatchConsumer(`${service}-projections-${process.pid}`, config.kafkaBrokers, handlers, resolved, gate);
        },
      },
    ],
  };
}
