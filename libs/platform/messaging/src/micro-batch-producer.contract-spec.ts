import type { Admin } from '@platformatic/kafka';
import { randomBytes } from 'node:crypto';
import { consumeBatches, createConsumer, createProducer, type KafkaProducer } from './kafka-client';
import { createKafkaAdmin, topicWatermarks } from './kafka-admin';
import { COMPRESS_FROM_BYTES } from './kafka-compression';
import { MAX_PRODUCE_BYTES, MicroBatchProducer } from './kafka-rpc';

const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:59092').split(',');
const TOPIC = `test.micro-batch.${process.pid}`;
const silent = { error: () => undefined } as never;

/** MicroBatchProducer against the real broker: a turn's large replies are all delivered (none refused as too large). */
describe('MicroBatchProducer on a real broker', () => {
  let admin: Admin;
  let producer: KafkaProducer;

  const endOffset = async () => (await topicWatermarks(admin, [TOPIC])).get(TOPIC)![0].high;
  /** The bytes the broker holds for the topic's one partition. */
  const storedBytes = async () => {
    const [broker] = await admin.describeLogDirs({ topics: [{ name: TOPIC, partitions: [0] }] });
    return broker.results.flatMap((dir) => dir.topics).flatMap((t) => t.partitions).reduce((sum, p) => sum + Number(p.partitionSize), 0);
  };

  beforeAll(async () => {
    admin = createKafkaAdmin('micro-batch-test', BROKERS, 5);
    await admin.createTopics({ topics: [TOPIC], partitions: 1, replicas: 1 });
    producer = createProducer('micro-batch-test', BROKERS);
  }, 60_000);

  afterAll(async () => {
    await producer?.close();
    await admin?.deleteTopics({ topics: [TOPIC] }).catch(() => undefined);
    await admin?.close();
  });

  it('delivers twelve 150 kB messages sent in one turn (1.8 MB: over the broker limit as one record batch)', async () => {
    const batcher = new MicroBatchProducer(producer, 1);
    // Random text: zstd cannot shrink it, so the produce requests must be split to stay under the limit.
    const value = JSON.stringify({ json: randomBytes(110_000).toString('base64') });
    expect(value.length).toBeGreaterThan(140_000);
    expect(12 * value.length).toBeGreaterThan(2 * MAX_PRODUCE_BYTES);
    const before = await endOffset();
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => batcher.send(TOPIC, { partition: 0, value, headers: { n: String(i) } })));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect((await endOffset()) - before).toBe(12);
  }, 60_000);

  it('sends large answers zstd-compressed in one request, and a consumer reads them back byte for byte', async () => {
    const sends = jest.spyOn(producer, 'send');
    const batcher = new MicroBatchProducer(producer, 1);
    const answers = Array.from({ length: 4 }, (_, n) => JSON.stringify(Array.from({ length: 1500 }, (_, i) => ({ id: i, name: `Täysmaito ${n}-${i} 1 l, "luomu"`, price: 100 + i }))));
    const small = '{"ok":true}';
    const from = await endOffset();
    const storedBefore = await storedBytes();
    await Promise.all(answers.map((value) => batcher.send(TOPIC, { partition: 0, value })));
    const bytes = answers.reduce((sum, a) => sum + Buffer.byteLength(a), 0);
    expect(bytes).toBeGreaterThan(COMPRESS_FROM_BYTES * 10);
    // One request for the turn, zstd-compressed; the broker stores a small part of the answers' bytes.
    expect(sends).toHaveBeenCalledTimes(1);
    expect((sends.mock.calls[0][0] as { compression?: string }).compression).toBe('zstd');
    expect((await storedBytes()) - storedBefore).toBeLessThan(bytes / 5);
    await batcher.send(TOPIC, { partition: 0, value: small });
    expect((sends.mock.calls[1][0] as { compression?: string }).compression).toBe('none');
    sends.mockRestore();

    const consumer = createConsumer('micro-batch-test', `micro-batch-test-${process.pid}`, BROKERS);
    const read: string[] = [];
    try {
      const stream = await consumer.consume({ topics: [TOPIC], mode: 'earliest', autocommit: false });
      await new Promise<void>((resolve) => {
        void consumeBatches(
          stream,
          1,
          async ({ messages }) => {
            for (const message of messages) if (Number(message.offset) >= from) read.push(message.value?.toString('utf8') ?? '');
            if (read.length >= answers.length + 1) resolve();
          },
          silent,
        );
      });
      await stream.close();
    } finally {
      await consumer.close(true);
    }
    expect(read).toEqual([...answers, small]);
  }, 60_000);
});
