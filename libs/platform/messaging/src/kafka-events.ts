import { ClientProxy, ReadPacket, WritePacket } from '@nestjs/microservices';
import { context as otelContext, trace } from '@opentelemetry/api';
import { createProducer, type KafkaHeaders, type KafkaProducer, type OutgoingKafkaMessage } from './kafka-client';
import { compressionFor } from './kafka-compression';
import { endSpan, injectTraceContext, startMessageSpan } from './kafka-rpc';

/** Messages for several topics in one produce request (the shape kafkajs's sendBatch took). */
export interface EventBatch {
  topicMessages: { topic: string; messages: OutgoingKafkaMessage[] }[];
  /** -1 (all in-sync replicas; what the idempotent producer always uses) when given at all. */
  acks?: number;
}

/** What KafkaEventPublisher.connect() answers: a producer for callers that build their own requests (price-ingest). */
export interface EventProducer {
  sendBatch(batch: EventBatch): Promise<void>;
}

/** The send function of an event producer (kept from the kafkajs client's time, when it skipped its instrumentation). */
export function uninstrumentedSendBatch(producer: EventProducer): (batch: EventBatch) => Promise<void> {
  return (batch) => producer.sendBatch(batch);
}

/** A Nest event payload as a Kafka message: `{ key?, value, headers? }` as it is, anything else as the value; objects as JSON. */
export function eventMessage(data: unknown): OutgoingKafkaMessage {
  const isMessage = typeof data === 'object' && data !== null && !Buffer.isBuffer(data) && !Array.isArray(data) && ('key' in data || 'value' in data);
  const { key, value, headers } = (isMessage ? data : { value: data }) as { key?: unknown; value?: unknown; headers?: KafkaHeaders };
  const encode = (part: unknown): string | Buffer | null =>
    part === undefined || part === null ? null : typeof part === 'string' || Buffer.isBuffer(part) ? part : JSON.stringify(part);
  return { key: encode(key), value: encode(value), headers: { ...(headers ?? {}) } };
}

/**
 * A producer-only client for events (createEventPublisher): an idempotent producer (acks from all in-sync
 * replicas, no duplicates from its own retries, order kept per partition). `emit(topic, data)` sends one message
 * carrying the caller's trace context; `connect()` answers an EventProducer for callers that send many messages
 * in requests of their own.
 */
export class KafkaEventPublisher extends ClientProxy {
  private producer?: KafkaProducer;
  private connecting?: Promise<EventProducer>;
  private readonly eventProducer: EventProducer = { sendBatch: (batch) => this.sendBatch(batch) };

  constructor(
    private readonly clientId: string,
    private readonly brokers: readonly string[],
  ) {
    super();
  }

  /** Resolves once the broker has answered (readiness); a failure is tried again by the next call. */
  connect(): Promise<EventProducer> {
    this.connecting ??= (async () => {
      this.producer ??= createProducer(this.clientId, this.brokers, { idempotent: true });
      await this.producer.metadata({ topics: [] });
      return this.eventProducer;
    })().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async sendBatch({ topicMessages }: EventBatch): Promise<void> {
    await this.connect();
    const messages = topicMessages.flatMap(({ topic, messages }) => messages.map((message) => ({ topic, ...message })));
    if (messages.length === 0) return;
    const bytes = messages.reduce((sum, m) => sum + (m.value?.length ?? 0), 0);
    await this.producer!.send({ messages, compression: compressionFor(bytes) });
  }

  protected async dispatchEvent<T = undefined>(packet: ReadPacket): Promise<T> {
    const topic = String(packet.pattern);
    const message = eventMessage(packet.data);
    const span = startMessageSpan('send', topic, otelContext.active());
    injectTraceContext(message.headers!, trace.setSpan(otelContext.active(), span));
    try {
      await this.sendBatch({ topicMessages: [{ topic, messages: [message] }] });
      endSpan(span);
      return undefined as T;
    } catch (error) {
      endSpan(span, error);
      throw error;
    }
  }

  protected publish(_packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    callback({ err: new Error('The event publisher sends events only; requests go through createServiceClient'), isDisposed: true });
    return () => undefined;
  }

  async close(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    this.connecting = undefined;
    await producer?.close().catch(() => undefined);
  }

  unwrap<T>(): T {
    return this.producer as T;
  }
}
