import { readFileSync } from 'node:fs';
import path from 'node:path';
import { allKafkaTopics, SERVICE_PATTERNS } from './index';

describe('Kafka topics', () => {
  it('the topics file that tools/infra creates matches the contracts (regenerate: node tools/build/kafka-topics.mjs)', () => {
    const file = JSON.parse(readFileSync(path.resolve(__dirname, '../../../tools/infra/kafka-topics.json'), 'utf8'));
    expect(file).toEqual(allKafkaTopics());
  });

  it('gives every request pattern a reply topic and prices.observed more partitions', () => {
    const topics = allKafkaTopics();
    const names = new Set(topics.map((t) => t.topic));
    for (const pattern of Object.values(SERVICE_PATTERNS).flat()) {
      expect(names.has(pattern)).toBe(true);
      expect(names.has(`${pattern}.reply`)).toBe(true);
    }
    expect(topics.find((t) => t.topic === 'prices.observed')?.numPartitions).toBe(6);
  });
});
