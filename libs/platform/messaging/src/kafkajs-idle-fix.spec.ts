import { kafkaRequestQueue, type RequestQueueInternals } from './kafkajs-idle-fix';
// kafka-rpc (which every Kafka client of the project goes through) is what applies the fix.
import './kafka-rpc';

type Queue = RequestQueueInternals & { destroy(): void };
const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, namespace: () => logger };
const newQueue = () =>
  new (kafkaRequestQueue as unknown as new (options: object) => Queue)({
    instrumentationEmitter: null,
    maxInFlightRequests: null,
    requestTimeout: 30000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'none',
    logger,
  });

describe('kafkajs idle request queue fix', () => {
  it('is the method kafkajs connections use (the library itself is patched, not a copy)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const RequestQueue = require('kafkajs/src/network/requestQueue');
    expect(RequestQueue).toBe(kafkaRequestQueue);
    expect(newQueue().scheduleCheckPendingRequests.toString()).toContain('pending.length === 0');
  });

  it('arms no timer while nothing is queued, so an idle connection does not spin', () => {
    const queue = newQueue();
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('still checks queued requests: when the throttle ends, or after 10 ms', () => {
    jest.useFakeTimers();
    try {
      const queue = newQueue();
      const checked: number[] = [];
      queue.checkPendingRequests = () => void checked.push(Date.now());
      queue.pending.push({});
      queue.throttledUntil = Date.now() + 500;
      const start = Date.now();
      queue.scheduleCheckPendingRequests();
      expect(queue.throttleCheckTimeoutId).not.toBeNull();
      jest.advanceTimersByTime(499);
      expect(checked).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(checked).toEqual([start + 500]);
      queue.throttledUntil = -1;
      queue.scheduleCheckPendingRequests();
      jest.advanceTimersByTime(10);
      expect(checked).toHaveLength(2);
      queue.destroy();
    } finally {
      jest.useRealTimers();
    }
  });
});
