import type { AppConfig } from '@hintakori/platform-config';
import {
  createEventSender,
  uninstrumentedSendBatch,
  type EventProducer as Producer,
  type KafkaEventPublisher,
  type OutgoingKafkaMessage as Message,
} from '@hintakori/platform-messaging';
import { encodePriceObservedBatch, IngestTopics, type IngestTopic, type PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';

export interface OutgoingMessage {
  key: string;
  /** One event or an array of events sharing the key. */
  value: unknown;
}

/**
 * At most this many bytes of message values per produce request: a request's record batch for one partition must
 * stay under the broker's message.max.bytes (1 MiB by default), and a request's batches together are never larger
 * than the request. About 4,500 price events of ~200 bytes.
 */
export const MAX_REQUEST_BYTES = 900_000;
/**
 * At most this many events per request in process: every emitted batch reaches each subscriber as one batch (one
 * transaction per projection).
 */
export const MAX_EVENTS_PER_REQUEST = 2_000;
/**
 * Produce requests handed to the Kafka client before the first is answered. The idempotent producer still sends one request
 * per broker at a time, in order; the queue keeps the next one ready, so the broker never waits on this process.
 */
const REQUESTS_QUEUED = 4;

/** The projected topics: their in-process subscribers take any batch of events (as from a Kafka fetch). */
const JOINED_IN_PROCESS = new Set<string>([IngestTopics.PricesObserved, IngestTopics.ItemsUpserted, IngestTopics.StoresUpserted, IngestTopics.OffersUpserted]);

/**
 * The Kafka form of a message value, by topic: the events of a `prices.observed` message go as one batch (columns,
 * shared fields once: a quarter or less of the bytes of an array of events, for the broker and every consumer to handle).
 */
const WIRE_FORMS: Partial<Record<IngestTopic, (value: unknown) => unknown>> = {
  [IngestTopics.PricesObserved]: (value) => (Array.isArray(value) && value.length > 0 ? encodePriceObservedBatch(value as PriceObservedEvent[]) : value),
};

/**
 * Publishes ingest events over the profile's event transport: Kafka in the distributed profile, the in-process bus in
 * standalone. Resolves when the broker (or, in process, every consumer) has taken the messages. createIngestPublisher
 * gives the profile's form, chosen where the transport is known (the platform's createEventSender).
 */
export abstract class IngestPublisher {
  abstract publish(topic: IngestTopic, messages: readonly OutgoingMessage[]): Promise<void>;

  /**
   * Connects the Kafka producer (the idempotent producer's id takes a round trip or a few to the broker) ahead of the
   * first run; true once connected (a worker's readiness). In process there is nothing to connect.
   */
  abstract ready(): Promise<boolean>;

  abstract close(): Promise<void>;
}

/**
 * On Kafka each message value is serialised once (JSON, the contract's wire format; `prices.observed` in its batch
 * form) straight into a Buffer and the messages go to the producer in requests of up to MAX_REQUEST_BYTES, several
 * queued at once. No span per message (it would cost more than the serialisation, and a feed run is traced by its
 * job, not by its 270,000 events).
 */
class KafkaIngestPublisher extends IngestPublisher {
  private producer: Promise<Producer> | null = null;

  constructor(private readonly client: KafkaEventPublisher) {
    super();
  }

  async publish(topic: IngestTopic, messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const send = uninstrumentedSendBatch(await this.connectedProducer());
    const queued = new Set<Promise<unknown>>();
    let failure: unknown = null;
    const flush = async (batch: Message[]) => {
      const request = send({ topicMessages: [{ topic, messages: batch }], acks: -1 });
      queued.add(request);
      request.then(
        () => queued.delete(request),
        (error: unknown) => {
          queued.delete(request);
          failure ??= error;
        },
      );
      if (queued.size >= REQUESTS_QUEUED) await Promise.race(queued).catch(() => undefined);
      if (failure) throw failure;
    };
    const wireForm = WIRE_FORMS[topic] ?? ((value: unknown) => value);
    let batch: Message[] = [];
    let bytes = 0;
    for (const message of messages) {
      const value = Buffer.from(JSON.stringify(wireForm(message.value)));
      if (batch.length > 0 && bytes + value.length > MAX_REQUEST_BYTES) {
        await flush(batch);
        batch = [];
        bytes = 0;
      }
      batch.push({ key: message.key, value });
      bytes += value.length;
    }
    if (batch.length > 0) await flush(batch);
    await Promise.allSettled([...queued]);
    if (failure) throw failure;
  }

  async ready(): Promise<boolean> {
    await this.connectedProducer();
    return true;
  }

  private connectedProducer(): Promise<Producer> {
    if (!this.producer) {
      const connecting = this.client.connect();
      this.producer = connecting;
      // A failed connection is tried again by the next call, not remembered.
      connecting.catch(() => {
        if (this.producer === connecting) this.producer = null;
      });
    }
    return this.producer;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** In process: emits on the in-process client, whose subscribers take each emitted message as one batch. */
class InProcessIngestPublisher extends IngestPublisher {
  constructor(private readonly client: ClientProxy) {
    super();
  }

  async publish(topic: IngestTopic, messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    // Dead letters and run completions stay one record per message (their consumers read one record).
    if (!JOINED_IN_PROCESS.has(topic)) {
      for (const message of messages) await lastValueFrom(this.client.emit(topic, message), { defaultValue: undefined });
      return;
    }
    // In process every emitted message reaches each subscriber as one batch (one transaction per projection): join the
    // messages' events into batches of at most MAX_EVENTS_PER_REQUEST, in order, instead of one emit per item.
    let events: unknown[] = [];
    const emit = async () => {
      if (events.length > 0) await lastValueFrom(this.client.emit(topic, events), { defaultValue: undefined });
      events = [];
    };
    for (const message of messages) {
      const value = Array.isArray(message.value) ? (message.value as unknown[]) : [message.value];
      if (events.length > 0 && events.length + value.length > MAX_EVENTS_PER_REQUEST) await emit();
      events.push(...value);
    }
    await emit();
  }

  async ready(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** The profile's IngestPublisher: on Kafka or in process, as the platform's createEventSender decides. */
export function createIngestPublisher(config: AppConfig): IngestPublisher {
  return createEventSender<IngestPublisher>('price-ingest', config, {
    kafka: (publisher) => new KafkaIngestPublisher(publisher),
    inProcess: (client) => new InProcessIngestPublisher(client),
  });
}
