import { randomBytes } from 'node:crypto';
import { api } from './support';

/**
 * Shoppers' price reports (issue 37): POST /api/price-reports on a booted system, and the price they become on the
 * product's page. Each test takes its own demo product, so none depends on another's or on the order.
 *
 * Clients: the gateway trusts X-Forwarded-For from loopback and private addresses (`trust proxy` in setup.ts; the
 * suite talks to it from there, as an ingress would), so a test is another client by sending another address. Each
 * run draws its own IPv6 /64s of the documentation range (2001:db8::/32): a rerun within the hour is a new client,
 * not one over its limit.
 */
const newClient = (): string => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

/** The GS1 check digit of a code's other digits, written here on its own so the test does not trust the code it tests. */
const withCheckDigit = (body: string): string => {
  const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
};

interface StorePrice {
  storeId: number;
  price: number | null;
  source: string | null;
  updatedAt: string;
}
interface Product {
  ean: string;
  /** The price the search showed (the tests read the current one themselves: a rerun's reports moved it). */
  price: number;
}

const send = (client: string, body: unknown) => api().post('/api/price-reports').set('X-Forwarded-For', client).send(body as object);

/**
 * The store's price of the product as the product page shows it. Each look asks with a store id no store has beside
 * the store (unknown ids are left out), a new one each time, so the gateway's 30-second copy of an earlier look never
 * answers it.
 */
let look = 0;
async function shownPrice(ean: string, storeId: number): Promise<StorePrice | undefined> {
  look += 1;
  const { body } = await api().get(`/api/items/byEan/${ean}`).query({ storeIds: `${storeId},${2_000_000_000 + ((Date.now() + look) % 100_000_000)}` }).expect(200);
  return (body.storeItems as StorePrice[]).find((s) => s.storeId === storeId);
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return check();
}

describe('POST /api/price-reports: a shopper shares the price a shop shows', () => {
  let storeId: number;
  let products: Product[];

  beforeAll(async () => {
    // An S group store of the demo data and its priced products with an EAN-13 (any of them will do).
    const { body: stores } = await api().get('/api/stores/minimal?skip=0').expect(200);
    storeId = (stores as { id: number; type: string }[]).find((s) => s.type === 'S')?.id as number;
    expect(storeId).toBeDefined();
    const found: Product[] = [];
    for (const search of ['maito', 'leipä', 'juusto', 'kahvi']) {
      const { body } = await api().get('/api/items').query({ search, storeIds: String(storeId), limit: 50 }).expect(200);
      for (const item of body as { ean: string | null; storeItems: StorePrice[] }[]) {
        const price = item.storeItems.find((s) => s.storeId === storeId)?.price;
        if (item.ean && /^\d{13}$/.test(item.ean) && typeof price === 'number' && price < 100_000 && !found.some((p) => p.ean === item.ean)) found.push({ ean: item.ean, price });
      }
    }
    expect(found.length).toBeGreaterThanOrEqual(4);
    products = found;
  });

  it('refuses bad reports with a 400 naming the field, and none of them becomes the price', async () => {
    const client = newClient();
    const { ean } = products[0];
    const seenAt = new Date().toISOString();
    const good = { storeId, ean, price: 4321, seenAt };
    const wrongDigit = `${ean.slice(0, 12)}${(Number(ean[12]) + 1) % 10}`;
    const cases: [unknown, string | RegExp][] = [
      [{ ...good, ean: wrongDigit }, `ean has a wrong check digit, got "${wrongDigit}"`],
      [{ ...good, ean: '12345' }, /^ean must be an EAN-8 or EAN-13 code/],
      [{ ...good, storeId: 2_000_000_000 }, 'storeId: no store 2000000000'],
      [{ ...good, price: 0 }, 'price must be a whole number from 1 to 1000000, got 0'],
      [{ ...good, price: 1_000_001 }, 'price must be a whole number from 1 to 1000000, got 1000001'],
      [{ ...good, seenAt: new Date(Date.now() + 10 * 60_000).toISOString() }, 'seenAt must not be in the future'],
      [{ ...good, seenAt: new Date(Date.now() - 25 * 3600_000).toISOString() }, 'seenAt is over a day old'],
      [{ ...good, seenAt: '2026-12-01 10:00' }, /^seenAt must be an ISO 8601 time with an offset/],
      [{ ...good, regularPrice: 4000 }, 'regularPrice must be at least price (4321), got 4000'],
      [{ ...good, comparisonPrice: 4321 }, 'comparisonUnit is required with comparisonPrice'],
      [{ ...good, comparisonPrice: 4321, comparisonUnit: 'KG' }, /^comparisonUnit must be 1 to 12 lower-case letters or digits/],
      [{ ...good, colour: 'red' }, /^Unknown field.*: colour$/],
      [{ storeId, ean, seenAt }, 'price is required'],
    ];
    for (const [body, message] of cases) {
      const response = await send(client, body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      if (typeof message === 'string') expect(response.body.message).toBe(message);
      else expect(response.body.message).toMatch(message);
    }
    // Over 4 kB: 413 before it is read.
    expect((await send(client, { ...good, comparisonUnit: 'x'.repeat(5000) }).expect(413)).body.statusCode).toBe(413);
    // Nothing of them was kept: the product's price there is not 43,21 € a few seconds later.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await shownPrice(ean, storeId))?.price).not.toBe(4321);
  });

  it('answers 202 with no body, and the price shows on the product with source shoppers and updatedAt = seenAt', async () => {
    const { ean } = products[1];
    const known = (await shownPrice(ean, storeId))?.price as number;
    // Within 50 % of the known price (and not the same), so it is published at once.
    const price = known + Math.max(1, Math.round(known * 0.1));
    const seenAt = new Date(Date.now() - 2000).toISOString();
    const response = await send(newClient(), { storeId, ean, price, seenAt }).expect(202);
    expect(response.text).toBe('');
    const shown = (found: StorePrice | undefined) => found?.price === price && found.source === 'shoppers' && found.updatedAt === seenAt;
    expect(await eventually(async () => shown(await shownPrice(ean, storeId)))).toBe(true);
    // The product page's own question, exactly as the site and the extension ask it (a rerun within 30 s may first get
    // the gateway's copy of the last run's answer to it, hence the wait).
    const exact = async () => (await api().get(`/api/items/byEan/${ean}`).query({ storeIds: String(storeId) }).expect(200)).body.storeItems as StorePrice[];
    expect(await eventually(async () => shown((await exact())[0]), 35_000)).toBe(true);
    expect(await exact()).toEqual([expect.objectContaining({ storeId, price, source: 'shoppers', updatedAt: seenAt })]);
  });

  it('keeps a report over 50 % from the known price from the page until another client confirms it', async () => {
    const { ean } = products[2];
    const known = (await shownPrice(ean, storeId))?.price as number;
    const price = Math.round(known * 2.5);
    const seenAt = new Date(Date.now() - 3000).toISOString();
    await send(newClient(), { storeId, ean, price, seenAt }).expect(202);
    // Not shown: the page keeps the known price for as long as a confirmation would take to show.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect((await shownPrice(ean, storeId))?.price).toBe(known);
    // A second client's report within 5 % of it confirms it; that report is the one shown.
    const confirming = price + 1;
    const confirmedAt = new Date(Date.now() - 1000).toISOString();
    await send(newClient(), { storeId, ean, price: confirming, seenAt: confirmedAt }).expect(202);
    expect(await eventually(async () => (await shownPrice(ean, storeId))?.price === confirming)).toBe(true);
    expect(await shownPrice(ean, storeId)).toMatchObject({ source: 'shoppers', updatedAt: confirmedAt });
  });

  it('answers the 121st report of a client in an hour 429 with Retry-After, while an identical report counts once', async () => {
    const client = newClient();
    // A valid code no product has: every report is counted, none changes any price.
    const ean = withCheckDigit(`2${randomBytes(6).readUIntBE(0, 6).toString().padStart(11, '0').slice(0, 11)}`);
    const seenAt = new Date().toISOString();
    // An identical burst counts once…
    for (let i = 0; i < 5; i++) await send(client, { storeId, ean, price: 100, seenAt }).expect(202);
    // …so 119 more different ones fill the hour's 120.
    for (let price = 101; price < 220; price++) await send(client, { storeId, ean, price, seenAt }).expect(202);
    const refused = await send(client, { storeId, ean, price: 220, seenAt }).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, message: 'Too many price reports: at most 120 an hour' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another client is not limited by it.
    await send(newClient(), { storeId, ean, price: 220, seenAt }).expect(202);
  });

  it('is in the OpenAPI document with its 202, 400, 413 and 429 answers', async () => {
    const { body } = await api().get('/api/docs-json').expect(200);
    const route = body.paths['/api/price-reports'].post;
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['202', '400', '413', '429']));
    expect(JSON.stringify(route.requestBody)).toContain('seenAt');
  });
});

describe('GET /api/stores/byShopStoreId: the Hintakori store of a web shop’s store id', () => {
  it('answers the store GET /api/stores/{id} answers, only for its own group, and 400 for a bad shop or id', async () => {
    const { body: stores } = await api().get('/api/stores/minimal?skip=0').expect(200);
    const sStore = (stores as { id: number; type: string }[]).find((s) => s.type === 'S') as { id: number };
    const { body: store } = await api().get(`/api/stores/${sStore.id}`).expect(200);
    const { body: found } = await api().get('/api/stores/byShopStoreId').query({ shop: 's-kaupat', id: store.externalId }).expect(200);
    expect(found).toEqual(store);
    const wrongGroup = await api().get('/api/stores/byShopStoreId').query({ shop: 'k-ruoka', id: store.externalId }).expect(404);
    expect(wrongGroup.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await api().get('/api/stores/byShopStoreId').query({ shop: 'lidl', id: '1' }).expect(400)).body.message).toBe('shop must be s-kaupat or k-ruoka, got "lidl"');
    for (const id of ['', 'a.b', 'x'.repeat(65)]) {
      expect((await api().get('/api/stores/byShopStoreId').query({ shop: 's-kaupat', id }).expect(400)).body.message).toMatch(/^id /);
    }
  });
});
