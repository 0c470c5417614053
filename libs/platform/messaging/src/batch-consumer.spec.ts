import type { Logger } from '@nestjs/common';
import { decodeKafkaValue, EventBatchHandler, eventsOfMessage, isRejectedData, writeBatch } from './batch-consumer';

describe('batch consumer message decoding', () => {
  it('turns a message value into a list of events: an array as is, one event as a list of one', () => {
    expect(eventsOfMessage([{ a: 1 }, { a: 2 }])).toEqual([{ a: 1 }, { a: 2 }]);
    expect(eventsOfMessage({ a: 1 })).toEqual([{ a: 1 }]);
    expect(eventsOfMessage(null)).toEqual([]);
  });

  it('decodes JSON values and reports what is not JSON instead of throwing', () => {
    expect(decodeKafkaValue(Buffer.from('[{"itemId":1},{"itemId":2}]'))).toEqual({ ok: true, events: [{ itemId: 1 }, { itemId: 2 }] });
    expect(decodeKafkaValue(Buffer.from('{"itemId":1}'))).toEqual({ ok: true, events: [{ itemId: 1 }] });
    expect(decodeKafkaValue(null)).toEqual({ ok: false, reason: 'empty message value' });
    const garbage = decodeKafkaValue(Buffer.from('not json {'));
    expect(garbage.ok).toBe(false);
    expect(garbage.ok ? '' : garbage.reason).toMatch(/^value is not JSON/);
  });
});

describe('writeBatch', () => {
  const logger = { error: jest.fn() } as unknown as Logger;
  const rejected = Object.assign(new Error('invalid byte sequence'), { driverError: { code: '22021' } });

  /** A handler that "stores" what it gets, and fails the whole call when it contains a bad event, as one SQL statement would. */
  function recordingHandler(fail: (event: unknown) => Error | undefined): EventBatchHandler & { written: unknown[] } {
    const written: unknown[] = [];
    return {
      written,
      async handleBatch(events: unknown[]) {
        for (const event of events) {
          const error = fail(event);
          if (error) throw error;
        }
        written.push(...events);
      },
    };
  }

  it('isolates and skips the events the database rejects, writing all the others', async () => {
    const handler = recordingHandler((event) => (event === 3 || event === 6 ? rejected : undefined));
    await writeBatch(handler, [1, 2, 3, 4, 5, 6, 7], 'prices.observed', logger);
    expect(handler.written).toEqual([1, 2, 4, 5, 7]);
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('lets any other failure through, so the batch is delivered again', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const handler = recordingHandler(() => down);
    await expect(writeBatch(handler, [1, 2], 'prices.observed', logger)).rejects.toBe(down);
    expect(handler.written).toEqual([]);
  });

  it('knows data exceptions and integrity violations by their SQLSTATE class', () => {
    expect(isRejectedData(rejected)).toBe(true);
    expect(isRejectedData({ code: '23503' })).toBe(true);
    expect(isRejectedData({ code: '57P01' })).toBe(false);
    expect(isRejectedData(new Error('x'))).toBe(false);
  });
});
