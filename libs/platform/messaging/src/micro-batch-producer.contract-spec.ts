import { Admin, Kafka, logLevel, Producer } from 'kafkajs';
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
    const value = JSON.stringify({ json: JSON.stringify(Array.from({ length: 2500 }, (_, i) => ({ id: i, name: `Täysmaito ${i} 1 l, "luomu"` }))) });
    expect(value.length).toBeGreaterThan(140_000);
    expect(12 * value.length).toBeGreaterThan(2 * MAX_PRODUCE_BYTES);
    const before = await admin.fetchTopicOffsets(TOPIC);
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => batcher.send(TOPIC, { partition: 0, value, headers: { n: String(i) } })));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const after = await admin.fetchTopicOffsets(TOPIC);
    expect(Number(after[0].offset) - Number(before[0].offset)).toBe(12);
  });
});
