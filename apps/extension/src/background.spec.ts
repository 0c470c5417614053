// The background worker with a stand-in WebExtension API: which Hintakori it fetches the cart from after a page of
// a given origin pinged it (`hintakori:site-seen` from the site's content script).
import type { CartResponse } from './lib/messages';

const EXTENSION_ID = 'hintakori-extension-id';
const CART_ID = '0b7c5f0e-3c0a-4f7e-9d5e-2f1a6c3b9e10';

type Listener = (message: unknown, sender: chrome.runtime.MessageSender, sendResponse: (response: unknown) => void) => boolean | undefined;

interface Harness {
  storage: Record<string, unknown>;
  fetched: string[];
  /** Every request with its method, body and credentials mode. */
  requests: { url: string; method: string; body: unknown; credentials: string | undefined }[];
  /** A message from a content script in a tab at `url`. */
  send(message: unknown, url: string): Promise<unknown>;
}

/** The API's answer to a request: status and JSON body (null: no body, as a 202). */
type Answer = (url: string, method: string) => { status: number; body: unknown } | undefined;

/** Loads background.ts afresh against an in-memory storage and a fetch that answers `answer`'s routes, else an empty cart. */
async function boot(dev: boolean, answer: Answer = () => undefined): Promise<Harness> {
  const storage: Record<string, unknown> = {};
  const fetched: string[] = [];
  const requests: Harness['requests'] = [];
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
  g.fetch = async (url: string, init: RequestInit = {}) => {
    fetched.push(url);
    const method = init.method ?? 'GET';
    requests.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, credentials: init.credentials });
    const routed = answer(url, method);
    if (routed) return new Response(routed.body === null ? null : JSON.stringify(routed.body), { status: routed.status, headers: routed.body === null ? {} : { 'content-type': 'application/json' } });
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
  return { storage, fetched, requests, send };
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

const SHOP_PAGE = 'https://www.s-kaupat.fi/tuote/kotimaista-kevytmaito-1-l/6414893386488';
const OBSERVED = {
  type: 'hintakori:observed',
  shop: 's-kaupat',
  shopStoreId: '517609418',
  product: { ean: '6414893386488', price: 89, regularPrice: 105, comparisonPrice: 89, comparisonUnit: 'l' },
  viewId: '1:/tuote/kotimaista-kevytmaito-1-l/6414893386488',
};
/** The server part's routes as issue 37's interface fixes them: store 7 is S-kaupat's 517609418, reports get 202. */
const reportRoutes: Answer = (url, method) => {
  if (url.includes('/api/stores/byShopStoreId?shop=s-kaupat&id=517609418')) return { status: 200, body: { id: 7, name: 'Prisma Kaleva', type: 'S' } };
  if (url.includes('/api/stores/byShopStoreId')) return { status: 404, body: { statusCode: 404, message: 'no store', error: 'Not Found' } };
  if (url.endsWith('/api/price-reports') && method === 'POST') return { status: 202, body: null };
  return undefined;
};

describe('background worker: sharing prices', () => {
  it('sends nothing at all while sharing is off (the default)', async () => {
    const harness = await boot(false, reportRoutes);
    expect(await harness.send(OBSERVED, SHOP_PAGE)).toEqual({ sent: false, reason: 'off' });
    harness.storage.sharePrices = false;
    expect(await harness.send(OBSERVED, SHOP_PAGE)).toEqual({ sent: false, reason: 'off' });
    expect(harness.requests).toEqual([]);
  });

  it('turned on, finds the Hintakori store once and sends one report of the view, without cookies', async () => {
    const harness = await boot(false, reportRoutes);
    harness.storage.sharePrices = true;
    const before = Date.now();
    expect(await harness.send(OBSERVED, SHOP_PAGE)).toEqual({ sent: true });
    expect(harness.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://hintakori.fi/api/stores/byShopStoreId?shop=s-kaupat&id=517609418',
      'POST https://hintakori.fi/api/price-reports',
    ]);
    const report = harness.requests[1].body as Record<string, unknown>;
    expect(Object.keys(report).sort()).toEqual(['comparisonPrice', 'comparisonUnit', 'ean', 'price', 'regularPrice', 'seenAt', 'storeId']);
    expect(report).toMatchObject({ storeId: 7, ean: '6414893386488', price: 89, regularPrice: 105, comparisonPrice: 89, comparisonUnit: 'l' });
    const seenAt = Date.parse(report.seenAt as string);
    expect(seenAt).toBeGreaterThanOrEqual(before - 1000);
    expect(seenAt).toBeLessThanOrEqual(Date.now());
    expect(harness.requests.every((r) => r.credentials === 'omit')).toBe(true);

    // The same view again: nothing. The next view: one more report, the store id from storage.local.
    expect(await harness.send(OBSERVED, SHOP_PAGE)).toEqual({ sent: false, reason: 'repeat' });
    expect(await harness.send({ ...OBSERVED, viewId: '2:/tuote/kotimaista-kevytmaito-1-l/6414893386488' }, SHOP_PAGE)).toEqual({ sent: true });
    expect(harness.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'POST']);
  });

  it('sends nothing for a page whose store is unknown, or a reading the API would refuse', async () => {
    const harness = await boot(false, reportRoutes);
    harness.storage.sharePrices = true;
    expect(await harness.send({ ...OBSERVED, shopStoreId: null }, SHOP_PAGE)).toEqual({ sent: false, reason: 'no-store' });
    expect(await harness.send({ ...OBSERVED, shopStoreId: '999', viewId: 'b' }, SHOP_PAGE)).toEqual({ sent: false, reason: 'no-store' });
    expect(await harness.send({ ...OBSERVED, viewId: 'c', product: { ...OBSERVED.product, ean: '6414893386489' } }, SHOP_PAGE)).toEqual({ sent: false, reason: 'invalid' });
    expect(await harness.send({ ...OBSERVED, viewId: 'd', product: { ean: '6414893386488', price: 0 } }, SHOP_PAGE)).toEqual({ sent: false, reason: 'invalid' });
    expect(harness.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('drops a campaign price above the shelf price and a unit price without its unit', async () => {
    const harness = await boot(false, reportRoutes);
    harness.storage.sharePrices = true;
    await harness.send({ ...OBSERVED, product: { ean: '6414893386488', price: 120, regularPrice: 105, comparisonPrice: 120 } }, SHOP_PAGE);
    expect(harness.requests.find((r) => r.method === 'POST')?.body).toEqual({ storeId: 7, ean: '6414893386488', price: 120, seenAt: expect.any(String) });
  });
});

describe('background worker: the shopper\'s stores and the comparison', () => {
  const stores = [{ id: 11, name: 'Prisma Kaleva', urlSlug: 'x', type: 'S' }, { id: 12, name: 'K-Citymarket', type: 'K' }, { id: 'bad' }, { id: 11, name: 'twice' }];

  it('keeps the stores and cards only from the Hintakori site', async () => {
    const harness = await boot(false);
    await harness.send({ type: 'hintakori:site-state', selectedStores: stores, memberCards: ['k-plussa', 'evil'] }, 'https://evil.example/');
    expect(harness.storage.selectedStores).toBeUndefined();
    await harness.send({ type: 'hintakori:site-state', selectedStores: stores, memberCards: ['k-plussa', 'evil'] }, 'https://hintakori.fi/');
    expect(harness.storage.selectedStores).toEqual([{ id: 11, name: 'Prisma Kaleva' }, { id: 12, name: 'K-Citymarket' }]);
    expect(harness.storage.memberCards).toEqual(['k-plussa']);
  });

  it("asks the product and its history in the shopper's stores; an unknown EAN is no error", async () => {
    const harness = await boot(false, (url) => {
      if (url.includes('/byEan/6414893386488')) return { status: 200, body: { id: 5, name: 'Maito', urlSlug: 'maito', storeItems: [{ storeId: 11, price: 95 }] } };
      if (url.includes('/byEan/')) return { status: 404, body: { statusCode: 404, message: 'Unknown', error: 'Not Found' } };
      if (url.includes('/history')) return { status: 200, body: { itemId: 5, stores: [] } };
      return undefined;
    });
    harness.storage.selectedStores = [{ id: 11, name: 'Prisma Kaleva' }, { id: 12, name: 'K-Citymarket' }];
    const known = (await harness.send({ type: 'hintakori:product', ean: '6414893386488' }, SHOP_PAGE)) as { ok: boolean; item: { id: number } };
    expect(known.item.id).toBe(5);
    expect(harness.fetched).toEqual(['https://hintakori.fi/api/items/byEan/6414893386488?storeIds=11,12', 'https://hintakori.fi/api/items/5/history?storeIds=11,12']);
    expect(await harness.send({ type: 'hintakori:product', ean: '6408430000432' }, SHOP_PAGE)).toMatchObject({ ok: true, item: null });
  });

  it('totals the cart in the stores with the cards, from the EANs resolved to items', async () => {
    const harness = await boot(false, (url, method) => {
      if (url.includes('/byEan/6414893386488')) return { status: 200, body: { id: 5 } };
      if (url.includes('/byEan/')) return { status: 404, body: {} };
      if (url.endsWith('/storeTotals') && method === 'POST') return { status: 200, body: { '11': { total: 190, cheapest: true, missingCount: 0, estimatedCount: 0, deposits: 0 } } };
      return undefined;
    });
    harness.storage.selectedStores = [{ id: 11, name: 'Prisma Kaleva' }];
    harness.storage.memberCards = ['s-etukortti'];
    const answer = (await harness.send({ type: 'hintakori:cart-totals', lines: [{ ean: '6414893386488', quantity: 2 }, { ean: '6408430000432', quantity: 1 }] }, 'https://www.s-kaupat.fi/ostoskori')) as { ok: boolean; lines: unknown[] };
    expect(answer.lines).toEqual([{ ean: '6414893386488', quantity: 2, itemId: 5 }, { ean: '6408430000432', quantity: 1, itemId: null }]);
    expect(harness.requests.find((r) => r.method === 'POST')?.body).toEqual({ storeIds: [11], items: [{ itemId: 5, quantity: 2 }], cards: ['s-etukortti'] });
  });
});
