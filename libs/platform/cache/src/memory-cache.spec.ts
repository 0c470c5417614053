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

  it('keeps its values within its size, dropping the oldest first', async () => {
    const cache = new MemoryCacheStore(5000, 1000);
    for (let i = 0; i < 10; i++) await cache.setText(`answer-${i}`, 'x'.repeat(300), 60);
    expect(cache.stats()).toEqual({ entries: 3, size: 900 });
    expect(await cache.getText('answer-6')).toBeUndefined();
    expect(await cache.getText('answer-9')).toBe('x'.repeat(300));
    await cache.setText('answer-9', 'y', 60); // a replaced value gives its size back
    expect(cache.stats()).toEqual({ entries: 3, size: 601 });
    await cache.setText('too-large', 'z'.repeat(1001), 60);
    expect(await cache.getText('too-large')).toBeUndefined();
  });

  it('sweeps expired entries as new ones come, without waiting to be asked for them', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = new MemoryCacheStore();
    for (let i = 0; i < 100; i++) await cache.setText(`search-${i}`, 'x'.repeat(1000), 10);
    expect(cache.stats().entries).toBe(100);
    jest.setSystemTime(1_000_000 + 11_000);
    await cache.setText('fresh', 'y', 10);
    expect(cache.stats()).toEqual({ entries: 1, size: 1 });
    expect(await cache.increment('ip', 60)).toBe(1);
    expect(await cache.increment('ip', 60)).toBe(2);
  });
});
