import { IngestTopics, type IngestTopic } from '@hintakori/price-ingest-contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';

export const INGEST_EVENT_CLIENT = Symbol('INGEST_EVENT_CLIENT');

export interface OutgoingMessage {
  key: string;
  /** One event or an array of events sharing the key. */
  value: unknown;
}

/** Kafka's client can send many messages in one request; the in-process client gets the events joined into batches. */
interface BatchCapable {
  emitBatch(pattern: string, data: { messages: OutgoingMessage[] }): import('rxjs').Observable<unknown>;
}

const BATCH = 200;
/**
 * At most this many events per produce request: a request's record batch for one partition must stay under the
 * broker's message.max.bytes (1 MiB by default); a price event is about 250 bytes of JSON. National feeds put up
 * to 500 events in one message (an item priced in 1,000 stores), so batches are bounded by events, not messages.
 */
export const MAX_EVENTS_PER_REQUEST = 2_000;

/** The projected topics: their in-process subscribers take any batch of events (as from a Kafka fetch). */
const JOINED_IN_PROCESS = new Set<string>([IngestTopics.PricesObserved, IngestTopics.ItemsUpserted, IngestTopics.StoresUpserted, IngestTopics.OffersUpserted]);

const eventsIn = (message: OutgoingMessage) => (Array.isArray(message.value) ? message.value.length : 1);

/**
 * Publishes ingest events over the profile's event transport (createEventPublisher): Kafka in the
 * distributed profile, the in-process bus in standalone. Resolves when the broker (or, in process,
 * every consumer) has taken the messages.
 */
export class IngestPublisher {
  constructor(private readonly client: ClientProxy) {}

  async publish(topic: IngestTopic, messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const batching = this.client as unknown as Partial<BatchCapable>;
    if (typeof batching.emitBatch === 'function') {
      let batch: OutgoingMessage[] = [];
      let events = 0;
      const send = async () => {
        if (batch.length > 0) await lastValueFrom(batching.emitBatch!.call(this.client, topic, { messages: batch }), { defaultValue: undefined });
        batch = [];
        events = 0;
      };
      for (const message of messages) {
        const n = eventsIn(message);
        if (batch.length > 0 && (batch.length >= BATCH || events + n > MAX_EVENTS_PER_REQUEST)) await send();
        batch.push(message);
        events += n;
      }
      await send();
      return;
    }
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

  async close(): Promise<void> {
    await this.client.close();
  }
}
