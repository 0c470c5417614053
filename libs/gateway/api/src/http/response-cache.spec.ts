import { MemoryCacheStore } from '@hintakori/platform-cache';
import { ServiceCallError } from '@hintakori/platform-messaging';
import type { Request, Response } from 'express';
import { lastValueFrom, of } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { JsonBody, JsonBodyInterceptor, ResponseCache, responseContextMiddleware } from './response-cache';

/** The cache with its answers read back as values. */
class TestCache extends ResponseCache {
  wrap(key: string, ttlSeconds: number, load: () => Promise<unknown>): Promise<unknown> {
    return this.wrapJson(key, ttlSeconds, load).then((body) => body.toJSON());
  }
}

/** Runs `fn` as the handler of a request and returns the headers its response got. */
function inRequest<T>(fn: () => Promise<T>): Promise<{ value: T; headers: Record<string, string> }> {
  const headers: Record<string, string> = {};
  const res = { headersSent: false, setHeader: (name: string, value: string) => void (headers[name] = value) } as unknown as Response;
  return new Promise((resolve, reject) => responseContextMiddleware({} as Request, res, () => void fn().then((value) => resolve({ value, headers }), reject)));
}

const down = () => Promise.reject(new ServiceCallError('catalog.categories', { statusCode: 503, message: 'not answering' }, 'unavailable'));

describe('ResponseCache stale-if-error', () => {
  it('answers the last loaded copy, marked stale, when the service cannot be reached after the entry expired', async () => {
    const cache = new TestCache(new MemoryCacheStore());
    // Time to live 0: the shared entry is expired at once, as after its 30 s.
    await inRequest(() => cache.wrap('categories', 0, () => Promise.resolve([{ slug: 'maito' }])));
    const { value, headers } = await inRequest(() => cache.wrap('categories', 0, down));
    expect(value).toEqual([{ slug: 'maito' }]);
    expect(headers['X-Cache']).toBe('STALE');
    expect(Number(headers.Age)).toBeGreaterThanOrEqual(0);
    expect(cache.stats().staleServed).toBe(1);
  });

  it('answers fresh loads without the stale mark and passes 4xx answers and unseen keys through', async () => {
    const cache = new TestCache(new MemoryCacheStore());
    const fresh = await inRequest(() => cache.wrap('item:1', 0, () => Promise.resolve({ id: 1 })));
    expect(fresh.headers['X-Cache']).toBeUndefined();
    const notFound = new ServiceCallError('catalog.item', { statusCode: 404, message: 'Unknown item' }, 'reply');
    await expect(inRequest(() => cache.wrap('item:1', 0, () => Promise.reject(notFound)))).rejects.toBe(notFound);
    await expect(inRequest(() => cache.wrap('item:2', 0, down))).rejects.toMatchObject({ statusCode: 503 });
  });
});

/** The shared store as the gateway sees it while Redis is down: every lookup a miss, `available()` false. */
class UnreachableStore extends MemoryCacheStore {
  override available(): boolean {
    return false;
  }
  override async get<T>(): Promise<T | undefined> {
    return undefined;
  }
}

describe('ResponseCache while the shared store is unreachable', () => {
  it("answers this process's own copy within the time to live instead of loading again", async () => {
    const cache = new TestCache(new UnreachableStore());
    let loads = 0;
    const load = () => Promise.resolve({ loads: ++loads });
    expect((await inRequest(() => cache.wrap('categories', 60, load))).value).toEqual({ loads: 1 });
    expect((await inRequest(() => cache.wrap('categories', 60, load))).value).toEqual({ loads: 1 });
    expect((await inRequest(() => cache.wrap('categories', 60, load))).headers['X-Cache']).toBeUndefined();
    expect(loads).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 1, localServed: 2 });
  });

  it('loads again once the copy is older than the time to live', async () => {
    const cache = new TestCache(new UnreachableStore());
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await inRequest(() => cache.wrap('item:1', 0, load));
    expect((await inRequest(() => cache.wrap('item:1', 0, load))).value).toBe(2);
    expect(cache.stats().localServed).toBe(0);
  });
});

describe('ResponseCache loads', () => {
  it('shares one load among concurrent misses of a key, and loads again after it settled', async () => {
    const cache = new TestCache(new MemoryCacheStore());
    let loads = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return { loads };
    };
    const waiting = Promise.all([1, 2, 3].map(() => inRequest(() => cache.wrap('items:maito', 0, load))));
    release();
    expect((await waiting).map((r) => r.value)).toEqual([{ loads: 1 }, { loads: 1 }, { loads: 1 }]);
    await inRequest(() => cache.wrap('items:maito', 0, load));
    expect(loads).toBe(2);
  });

  it('shares a failed load too, and does not keep it: the next miss loads again', async () => {
    const cache = new TestCache(new MemoryCacheStore());
    let calls = 0;
    const failing = () => {
      calls++;
      return down();
    };
    const results = await Promise.allSettled([1, 2].map(() => inRequest(() => cache.wrap('store:9', 0, failing))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(inRequest(() => cache.wrap('store:9', 0, () => Promise.resolve('ok')))).resolves.toMatchObject({ value: 'ok' });
  });
});

describe('ResponseCache serializes an answer once', () => {
  it('keeps the JSON text of the load, answers the same text on a hit, and stores it as text', async () => {
    const store = new MemoryCacheStore();
    const cache = new ResponseCache(store);
    const answer = [{ id: 1, name: 'Maito', storeItems: [{ storeId: 3, price: 129 }] }];
    const first = await cache.wrapJson('items:maito:3:100:0', 30, () => Promise.resolve(answer));
    expect(first.text).toBe(JSON.stringify(answer));
    const second = await cache.wrapJson('items:maito:3:100:0', 30, () => Promise.reject(new Error('not loaded again')));
    expect(second.text).toBe(first.text);
    expect(await store.getText('resp:items:maito:3:100:0')).toBe(first.text);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });
  });

  it('serializes a JsonBody as its value wherever it is written as JSON', () => {
    expect(JSON.stringify({ page: new JsonBody('[{"id":1}]') })).toBe('{"page":[{"id":1}]}');
  });
});

describe('JsonBodyInterceptor', () => {
  const run = async (value: unknown) => {
    const headers: Record<string, string> = {};
    const context = {
      getType: () => 'http',
      switchToHttp: () => ({ getResponse: () => ({ setHeader: (name: string, v: string) => void (headers[name] = v) }) }),
    } as unknown as ExecutionContext;
    const next: CallHandler = { handle: () => of(value) };
    return { body: await lastValueFrom(new JsonBodyInterceptor().intercept(context, next)), headers };
  };

  it('sends a JsonBody as its text, typed as JSON', async () => {
    expect(await run(new JsonBody('[1,2]'))).toEqual({ body: '[1,2]', headers: { 'Content-Type': 'application/json' } });
  });

  it('passes other answers through untouched', async () => {
    const answer = { id: 1 };
    const { body, headers } = await run(answer);
    expect(body).toBe(answer);
    expect(headers).toEqual({});
  });
});
