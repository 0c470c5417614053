// The background worker with a stand-in WebExtension API: which Hintakori it fetches the cart from after a page of
// a given origin pinged it (`hintakori:site-seen` from the site's content script).
import type { CartResponse } from './lib/messages';

const EXTENSION_ID = 'hintakori-extension-id';
const CART_ID = '0b7c5f0e-3c0a-4f7e-9d5e-2f1a6c3b9e10';

type Listener = (message: unknown, sender: chrome.runtime.MessageSender, sendResponse: (response: unknown) => void) => boolean | undefined;

interface Harness {
  storage: Record<string, unknown>;
  fetched: string[];
  /** A message from a content script in a tab at `url`. */
  send(message: unknown, url: string): Promise<unknown>;
}

/** Loads background.ts afresh against an in-memory storage and a fetch that answers an empty cart. */
async function boot(dev: boolean): Promise<Harness> {
  const storage: Record<string, unknown> = {};
  const fetched: string[] = [];
  const listeners: Listener[] = [];
  const g = globalThis as Record<string, unknown>;
  g.__HINTAKORI_DEV__ = dev;
  g.chrome = {
    runtime: { id: EXTENSION_ID, onMessage: { addListener: (fn: Listener) => listeners.push(fn) } },
    storage: {
      local: {
        get: async (keys: string | string[]) =>
          Object.fromEntries(
            [keys]
              .flat()
              .filter((k) => k in storage)
              .map((k) => [k, storage[k]]),
          ),
        set: async (values: Record<string, unknown>) => void Object.assign(storage, values),
      },
    },
  };
  g.fetch = async (url: string) => {
    fetched.push(url);
    const body = url.includes('/api/stores/') ? { name: 'K-Market Testi' } : { id: CART_ID, items: [] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  await jest.isolateModulesAsync(async () => {
    await import('./background');
  });
  const send = (message: unknown, url: string) =>
    new Promise<unknown>((resolve) => {
      const sender = { id: EXTENSION_ID, url, origin: new URL(url).origin, frameId: 0, tab: { id: 1 } as chrome.tabs.Tab };
      const async = listeners.some((fn) => fn(message, sender, resolve) === true);
      // A message without an answer: let the worker's storage writes settle.
      if (!async) setTimeout(() => resolve(undefined), 0);
    });
  return { storage, fetched, send };
}

async function cartFrom(harness: Harness): Promise<CartResponse> {
  return (await harness.send({ type: 'hintakori:cart', cartId: CART_ID, storeId: 42 }, 'https://www.k-ruoka.fi/kauppa')) as CartResponse;
}

afterEach(() => {
  const g = globalThis as Record<string, unknown>;
  delete g.__HINTAKORI_DEV__;
  delete g.chrome;
});

describe('background worker: the API origin', () => {
  it.each([
    ['a local page (production build)', 'http://localhost:8080/', false],
    ['127.0.0.1 (production build)', 'http://127.0.0.1:3000/haku', false],
    ['a stranger', 'https://evil.example/', false],
    ['a look-alike of the site', 'https://hintakori.fi.evil.example/', false],
    ['the site over plain http', 'http://hintakori.fi/', false],
    ['a stranger (development build)', 'https://evil.example/', true],
  ])('ignores a ping from %s and keeps fetching from production', async (_name, url, dev) => {
    const harness = await boot(dev);
    await harness.send({ type: 'hintakori:site-seen' }, url);
    expect(harness.storage).toEqual({});
    const response = await cartFrom(harness);
    expect(response.baseUrl).toBe('https://hintakori.fi');
    expect(harness.fetched.every((u) => u.startsWith('https://hintakori.fi/api/'))).toBe(true);
  });

  it('adopts the production site the shopper came from', async () => {
    const harness = await boot(false);
    await harness.send({ type: 'hintakori:site-seen' }, 'https://www.hintakori.fi/ostoskorivertailu');
    expect((await cartFrom(harness)).baseUrl).toBe('https://www.hintakori.fi');
    expect(harness.fetched[0]).toBe(`https://www.hintakori.fi/api/shoppingCarts/${CART_ID}?storeIds=42`);
  });

  it('in a development build adopts a local site on any port', async () => {
    const harness = await boot(true);
    await harness.send({ type: 'hintakori:site-seen' }, 'http://localhost:3330/');
    expect((await cartFrom(harness)).baseUrl).toBe('http://localhost:3330');
    expect(harness.fetched[0]).toMatch(/^http:\/\/localhost:3330\/api\/shoppingCarts\//);
  });

  it('in the production build does not use a local origin left in storage (or typed in the options)', async () => {
    const harness = await boot(false);
    Object.assign(harness.storage, { baseUrl: 'http://localhost:3000', siteBaseUrl: 'http://127.0.0.1:3330' });
    expect((await cartFrom(harness)).baseUrl).toBe('https://hintakori.fi');
  });
});
