import { Admin, Consumer, Kafka, logLevel, Producer } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { COMPRESS_FROM_BYTES } from './kafka-compression';
import { MAX_PRODUCE_BYTES, MicroBatchProducer } from './kafka-rpc';

const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:59092').split(',');
const TOPIC = `test.micro-batch.${process.pid}`;

/** MicroBatchProducer against the real broker: a turn's large replies are all delivered (none refused as too large). */
describe('MicroBatchProducer on a real broker', () => {
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;

  beforeAll(async () => {
    kafka = new Kafka({ clientId: 'micro-batch-test', brokers: BROKERS, logLevel: logLevel.NOTHING });
    admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic: TOPIC, numPartitions: 1, replicationFactor: 1 }] });
    producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
  }, 60_000);

  afterAll(async () => {
    await producer?.disconnect();
    await admin?.deleteTopics({ topics: [TOPIC] }).catch(() => undefined);
    await admin?.disconnect();
  });

  it('delivers twelve 150 kB messages sent in one turn (1.8 MB: over the broker limit as one record batch)', async () => {
    const batcher = new MicroBatchProducer(producer, 1);
    // Random text: zstd cannot shrink it, so the produce requests must be split to stay under the limit.
    const value = JSON.stringify({ json: randomBytes(110_000).toString('base64') });
    expect(value.length).toBeGreaterThan(140_000);
    expect(12 * value.length).toBeGreaterThan(2 * MAX_PRODUCE_BYTES);
    const before = await admin.fetchTopicOffsets(TOPIC);
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => batcher.send(TOPIC, { partition: 0, value, headers: { n: String(i) } })));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const after = await admin.fetchTopicOffsets(TOPIC);
    expect(Number(after[0].offset) - Number(before[0].offset)).toBe(12);
  });

  it('sends large answers zstd-compressed, and a consumer reads them back byte for byte', async () => {
    const produced: number[] = [];
    const off = producer.on(producer.events.REQUEST, ({ payload }) => {
      if (payload.apiName === 'Produce') produced.push(payload.size);
    });
    const batcher = new MicroBatchProducer(producer, 1);
    const answers = Array.from({ length: 4 }, (_, n) => JSON.stringify(Array.from({ length: 1500 }, (_, i) => ({ id: i, name: `Täysmaito ${n}-${i} 1 l, "luomu"`, price: 100 + i }))));
    const small = '{"ok":true}';
    const before = await admin.fetchTopicOffsets(TOPIC);
    await Promise.all(answers.map((value) => batcher.send(TOPIC, { partition: 0, value })));
    const bytes = answers.reduce((sum, a) => sum + Buffer.byteLength(a), 0);
    expect(bytes).toBeGreaterThan(COMPRESS_FROM_BYTES * 10);
    // One request for the turn, a small part of the answers' bytes: the broker took them compressed.
    expect(produced).toHaveLength(1);
    expect(produced[0]).toBeLessThan(bytes / 5);
    await batcher.send(TOPIC, { partition: 0, value: small });
    expect(produced[1]).toBeGreaterThan(small.length);
    off();

    const consumer: Consumer = kafka.consumer({ groupId: `micro-batch-test-${process.pid}` });
    const read: string[] = [];
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [TOPIC], fromBeginning: true });
      const from = Number(before[0].offset);
      const done = new Promise<void>((resolve) => {
        void consumer.run({
          eachMessage: async ({ message }) => {
            if (Number(message.offset) < from) return;
            read.push(message.value?.toString('utf8') ?? '');
            if (read.length === answers.length + 1) resolve();
          },
        });
      });
      await done;
    } finally {
      await consumer.disconnect();
    }
    expect(read).toEqual([...answers, small]);
  }, 60_000);
});
