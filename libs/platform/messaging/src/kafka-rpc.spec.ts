import { compatibilityPartitioner } from '@platformatic/kafka';
import { keyOrRoundRobinPartitioner } from './kafka-client';
import { isJsonTextReply, jsonTextReply, splitBySize } from './kafka-rpc';

describe('splitBySize (a turn of replies into produce requests under the broker limit)', () => {
  const size = (n: number) => n;

  it('keeps the order and puts as many items in a run as fit', () => {
    expect(splitBySize([300, 300, 300, 100, 500, 50], size, 700)).toEqual([[300, 300], [300, 100], [500, 50]]);
  });

  it('sends an item larger than the limit alone, and nothing for nothing', () => {
    expect(splitBySize([100, 2000, 100], size, 700)).toEqual([[100], [2000], [100]]);
    expect(splitBySize([], size, 700)).toEqual([]);
  });
});

describe('a reply that is JSON text', () => {
  it('is told apart from an ordinary { json } value, which stays a JSON value', () => {
    expect(isJsonTextReply(jsonTextReply('[1,2]'))).toBe(true);
    expect(isJsonTextReply({ json: '[1,2]' })).toBe(false);
    expect(isJsonTextReply(null)).toBe(false);
    expect(JSON.stringify(jsonTextReply('[1,2]'))).toBe('{"json":"[1,2]"}');
  });
});

describe('the producer partitioner', () => {
  it('puts a key on the partition the Java client chooses, and spreads messages without a key over every partition', () => {
    const partitioner = keyOrRoundRobinPartitioner();
    const keyed = partitioner({}, Buffer.from('item-42'));
    expect(partitioner({}, Buffer.from('item-42'))).toBe(keyed);
    expect(keyed).toBe(compatibilityPartitioner({} as never, Buffer.from('item-42')));
    expect(keyed).toBeGreaterThanOrEqual(0);
    const keyless = Array.from({ length: 30 }, () => partitioner({}, undefined) % 3);
    expect(new Set(keyless)).toEqual(new Set([0, 1, 2]));
  });
});
