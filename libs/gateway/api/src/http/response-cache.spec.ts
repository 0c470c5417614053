import { MemoryCacheStore } from '@hintakori/platform-cache';
import { ServiceCallError } from '@hintakori/platform-messaging';
import type { Request, Response } from 'express';
import { ResponseCache, responseContextMiddleware } from './response-cache';

/** Runs `fn` as the handler of a request and returns the headers its response got. */
function inRequest<T>(fn: () => Promise<T>): Promise<{ value: T; headers: Record<string, string> }> {
  const headers: Record<string, string> = {};
  const res = { headersSent: false, setHeader: (name: string, value: string) => void (headers[name] = value) } as unknown as Response;
  return new Promise((resolve, reject) => responseContextMiddleware({} as Request, res, () => void fn().then((value) => resolve({ value, headers }), reject)));
}

const down = () => Promise.reject(new ServiceCallError('catalog.categories', { statusCode: 503, message: 'not answering' }, 'unavailable'));

describe('ResponseCache stale-if-error', () => {
  it('answers the last loaded copy, marked stale, when the service cannot be reached after the entry expired', async () => {
    const cache = new ResponseCache(new MemoryCacheStore());
    // Time to live 0: the shared entry is expired at once, as after its 30 s.
    await inRequest(() => cache.wrap('categories', 0, () => Promise.resolve([{ slug: 'maito' }])));
    const { value, headers } = await inRequest(() => cache.wrap('categories', 0, down));
    expect(value).toEqual([{ slug: 'maito' }]);
    expect(headers['X-Cache']).toBe('STALE');
    expect(Number(headers.Age)).toBeGreaterThanOrEqual(0);
    expect(cache.stats().staleServed).toBe(1);
  });

  it('answers fresh loads without the stale mark and passes 4xx answers and unseen keys through', async () => {
    const cache = new ResponseCache(new MemoryCacheStore());
    const fresh = await inRequest(() => cache.wrap('item:1', 0, () => Promise.resolve({ id: 1 })));
    expect(fresh.headers['X-Cache']).toBeUndefined();
    const notFound = new ServiceCallError('catalog.item', { statusCode: 404, message: 'Unknown item' }, 'reply');
    await expect(inRequest(() => cache.wrap('item:1', 0, () => Promise.reject(notFound)))).rejects.toBe(notFound);
    await expect(inRequest(() => cache.wrap('item:2', 0, down))).rejects.toMatchObject({ statusCode: 503 });
  });
});
