import type { AppConfig } from '@hintakori/platform-config';
import { InProcessClient, KafkaEventPublisher, type EventBatch } from '@hintakori/platform-messaging';
import { IngestTopics, PRICE_BATCH_FORMAT, type PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { of } from 'rxjs';
import { createIngestPublisher, MAX_EVENTS_PER_REQUEST, MAX_REQUEST_BYTES } from './ingest-publisher';

const config = (profile: 'standalone' | 'distributed') => ({ profile, kafkaBrokers: ['127.0.0.1:1'] }) as unknown as AppConfig;
const price = (i: number): PriceObservedEvent => ({
  itemId: i,
  storeId: 1,
  price: 100 + i,
  comparisonPrice: null,
  priceUnit: 'PCE',
  comparisonPriceUnit: 'PCE',
  isCampaign: false,
  observedAt: '2026-01-01T00:00:00Z',
  source: 's-group',
});

afterEach(() => jest.restoreAllMocks());

describe('IngestPublisher, standalone profile (in process)', () => {
  let emitted: { topic: unknown; data: unknown }[];
  beforeEach(() => {
    emitted = [];
    jest.spyOn(InProcessClient.prototype, 'emit').mockImplementation((topic: unknown, data: unknown) => {
      emitted.push({ topic, data });
      return of(undefined);
    });
  });

  it('joins the projected topics’ events into batches of at most MAX_EVENTS_PER_REQUEST, in order, and is ready at once', async () => {
    const publisher = createIngestPublisher(config('standalone'));
    expect(await publisher.ready()).toBe(true);
    const messages = Array.from({ length: MAX_EVENTS_PER_REQUEST + 10 }, (_, i) => ({ key: String(i), value: price(i) }));
    await publisher.publish(IngestTopics.PricesObserved, messages);
    expect(emitted.map((e) => (e.data as unknown[]).length)).toEqual([MAX_EVENTS_PER_REQUEST, 10]);
    expect(emitted.flatMap((e) => e.data as PriceObservedEvent[]).map((e) => e.itemId)).toEqual(messages.map((_, i) => i));
  });

  it('emits dead letters and run completions one message at a time, as they are', async () => {
    const publisher = createIngestPublisher(config('standalone'));
    const letters = [
      { key: 'a', value: { reason: 'r' } },
      { key: 'b', value: { reason: 's' } },
    ];
    await publisher.publish(IngestTopics.DeadLetter, letters);
    await publisher.publish(IngestTopics.RunCompleted, []);
    expect(emitted).toEqual(letters.map((data) => ({ topic: IngestTopics.DeadLetter, data })));
  });
});

describe('IngestPublisher, distributed profile (Kafka)', () => {
  let batches: EventBatch[];
  let connect: jest.SpyInstance;
  beforeEach(() => {
    batches = [];
    connect = jest.spyOn(KafkaEventPublisher.prototype, 'connect').mockResolvedValue({ sendBatch: async (batch) => void batches.push(batch) });
  });

  it('connects its producer once, for readiness and every publication', async () => {
    const publisher = createIngestPublisher(config('distributed'));
    expect(await publisher.ready()).toBe(true);
    await publisher.publish(IngestTopics.DeadLetter, [{ key: 'a', value: { reason: 'r' } }]);
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('sends prices.observed in its batch form, acknowledged by all replicas', async () => {
    const publisher = createIngestPublisher(config('distributed'));
    const messages = Array.from({ length: 4 }, (_, m) => ({ key: String(m), value: Array.from({ length: 150 }, (_, i) => price(m * 150 + i)) }));
    await publisher.publish(IngestTopics.PricesObserved, messages);
    expect(batches.map((b) => [b.acks, b.topicMessages.map((t) => t.topic)])).toEqual([[-1, [IngestTopics.PricesObserved]]]);
    const sent = batches[0].topicMessages[0].messages;
    expect(sent.map((m) => m.key)).toEqual(['0', '1', '2', '3']);
    expect(JSON.parse(String(sent[0].value))).toMatchObject({ format: PRICE_BATCH_FORMAT, count: 150, storeId: 1 });
  });

  it('packs messages into requests of at most MAX_REQUEST_BYTES, in order', async () => {
    const publisher = createIngestPublisher(config('distributed'));
    const messages = Array.from({ length: 3000 }, (_, i) => ({ key: String(i), value: { itemId: i, name: 'x'.repeat(400) } }));
    await publisher.publish(IngestTopics.ItemsUpserted, messages);
    expect(batches.length).toBe(2);
    for (const { topicMessages } of batches)
      expect(topicMessages[0].messages.reduce((sum, m) => sum + (m.value?.length ?? 0), 0)).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
    expect(batches.flatMap((b) => b.topicMessages[0].messages.map((m) => m.key))).toEqual(messages.map((m) => m.key));
  });
});
