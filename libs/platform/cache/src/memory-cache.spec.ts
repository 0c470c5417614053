import { MemoryCacheStore } from './index';

describe('MemoryCacheStore', () => {
  afterEach(() => jest.useRealTimers());

  it('returns what was set until the time to live runs out', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = new MemoryCacheStore();
    await cache.set('k', { a: 1 }, 10);
    expect(await cache.get('k')).toEqual({ a: 1 });
    jest.setSystemTime(1_000_000 + 10_001);
    expect(await cache.get('k')).toBeUndefined();
  });

  it('counts within a window and restarts after it', async () => {
    jest.useFakeTimers({ now: 0 });
    const cache = new MemoryCacheStore();
    expect(await cache.increment('ip', 60)).toBe(1);
    expect(await cache.increment('ip', 60)).toBe(2);
    jest.setSystemTime(61_000);
    expect(await cache.increment('ip', 60)).toBe(1);
  });

  it('evicts the oldest entry when full', async () => {
    const cache = new MemoryCacheStore(2);
    await cache.set('a', 1, 60);
    await cache.set('b', 2, 60);
    await cache.set('c', 3, 60);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('c')).toBe(3);
  });
});
