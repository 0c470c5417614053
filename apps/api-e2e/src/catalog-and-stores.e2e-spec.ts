import { api, someStores } from './support';

describe('health and docs', () => {
  it('is alive and ready with every dependency up', async () => {
    await api().get('/api/health').expect(200, { status: 'ok' });
    // The public answer says only whether the site is ready, nothing of its services.
    const ready = await api().get('/api/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ready' });
    // The full report is on the gateway's probe port (its METRICS_PORT), which the runner names.
    const probe = process.env.E2E_PROBE_URL;
    expect(probe).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ready$/);
    const report = await fetch(probe as string);
    expect(report.status).toBe(200);
    const body = (await report.json()) as { status: string; dependencies: Record<string, string> };
    expect(body.status).toBe('ready');
    for (const service of ['catalog', 'stores', 'carts', 'comparisons', 'price-ingest']) expect(body.dependencies[service]).toBe('up');
  });

  it('serves the OpenAPI document listing the spec routes', async () => {
    const docs = await api().get('/api/docs-json').expect(200);
    for (const route of ['/api/categories', '/api/stores/location', '/api/shoppingCartComparisons/storeTotals', '/api/items/{id}']) {
      expect(Object.keys(docs.body.paths)).toContain(route);
    }
  });

  it('takes error reports from the web app and rejects malformed ones', async () => {
    await api().post('/api/client-errors').send({ message: 'TypeError: boom', stack: 'at x', url: '/haku', kind: 'window' }).expect(204);
    const bad = await api().post('/api/client-errors').send({ message: 'x', url: 'https://elsewhere.example/', kind: 'window' }).expect(400);
    expect(bad.body.message).toContain('url must be a path');
  });

  it('documents every status a route answers, with the error body, and each category path form', async () => {
    const docs = await api().get('/api/docs-json').expect(200);
    expect(docs.body.openapi).toMatch(/^3\.1/);
    const item = docs.body.paths['/api/items/{id}'].get;
    expect(Object.keys(item.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '429', '5XX']));
    expect(item.responses['404'].content['application/json'].schema.required).toEqual(['statusCode', 'message', 'error']);
    expect(item.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'query:storeIds']);
    for (const path of ['/api/items/categories/{slug1}', '/api/items/categories/{slug1}/{slug2}', '/api/items/categories/{slug1}/{slug2}/{slug3}']) {
      const names = docs.body.paths[path].get.parameters.filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name);
      expect(path.match(/\{(\w+)\}/g)?.map((m) => m.slice(1, -1))).toEqual([...names].sort());
    }
  });

  it('answers a method a path does not have with 405 and Allow', async () => {
    const trace = await api().trace('/api/items/1').expect(405);
    expect(trace.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(trace.body).toMatchObject({ statusCode: 405, error: 'Method Not Allowed' });
    expect((await api().post('/api/categories').expect(405)).headers.allow).toBe('GET, HEAD, OPTIONS');
    expect((await api().options('/api/shoppingCarts/NO_ID/items/1').expect(204)).headers.allow.split(', ').sort()).toEqual(['DELETE', 'OPTIONS', 'PUT']);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await api().get('/api/no-such-thing').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404 });
  });
});

describe('categories', () => {
  it('lists a three-level Finnish category tree', async () => {
    const { body } = await api().get('/api/categories').expect(200);
    const byId = new Map<number, { id: number; parentCategoryId: number | null; name: string; slug: string }>(body.map((c: { id: number }) => [c.id, c]));
    const depth = (id: number): number => {
      const parent = byId.get(id)?.parentCategoryId;
      return parent == null ? 1 : 1 + depth(parent);
    };
    expect(Math.max(...body.map((c: { id: number }) => depth(c.id)))).toBe(3);
    expect(body.some((c: { name: string }) => /maito/i.test(c.name))).toBe(true);
  });
});

describe('stores', () => {
  it('pages the minimal list by 200 without overlap', async () => {
    const first = await api().get('/api/stores/minimal?skip=0').expect(200);
    expect(first.body).toHaveLength(Math.min(200, first.body.length));
    const second = await api().get('/api/stores/minimal?skip=200').expect(200);
    const ids = new Set(first.body.map((s: { id: number }) => s.id));
    for (const store of second.body) expect(ids.has(store.id)).toBe(false);
    expect(first.body.length + second.body.length).toBeGreaterThanOrEqual(150);
  });

  it('searches stores by chain and town', async () => {
    const { body } = await api().get('/api/stores').query({ search: 'prisma' }).expect(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body[0].name).toMatch(/prisma/i);
  });

  it('searches with control characters in the text as if they were spaces (PostgreSQL refuses NUL in text)', async () => {
    const { body } = await api().get('/api/stores').query({ search: 'pri\u0000sma\u0001' }).expect(200);
    const spaced = await api().get('/api/stores').query({ search: 'pri sma' }).expect(200);
    expect(body).toEqual(spaced.body);
  });

  it('finds stores in a bounding box, nearest first with distances in metres', async () => {
    const { body } = await api()
      .get('/api/stores/location')
      .query({ minLat: 60.14, minLong: 24.85, maxLat: 60.23, maxLong: 25.05, lat: 60.17, long: 24.94 })
      .expect(200);
    expect(body.length).toBeGreaterThan(5);
    for (const store of body) {
      expect(store.lat).toBeGreaterThanOrEqual(60.14);
      expect(store.lat).toBeLessThanOrEqual(60.23);
      expect(typeof store.distance).toBe('number');
    }
    const distances = body.map((s: { distance: number }) => s.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('answers one store with a week of opening times, and its offers', async () => {
    const [store] = await someStores(1);
    const { body } = await api().get(`/api/stores/${store.id}`).expect(200);
    expect(body).toMatchObject({ id: store.id, name: store.name, urlSlug: store.urlSlug });
    expect(body.openingTimes).toHaveLength(8);
    expect(['S', 'K', 'L']).toContain(body.type);
    const offers = await api().get('/api/offers').query({ storeId: store.id }).expect(200);
    expect(Array.isArray(offers.body)).toBe(true);
  });

  it('shows the demo stores whose shop does not say their hours as hours unknown (no times, not closed)', async () => {
    const { body: stores } = await api().get('/api/stores').query({ search: 'S-Market Jätkäsaari' }).expect(200);
    const store = stores.find((s: { name: string }) => s.name === 'S-Market Jätkäsaari');
    expect(store).toMatchObject({ openingHoursKnown: false, openingTimes: [], isClosed: false });
    const { body: others } = await api().get('/api/stores').query({ search: 'Prisma' }).expect(200);
    expect(others.some((s: { openingHoursKnown: boolean; openingTimes: unknown[] }) => s.openingHoursKnown && s.openingTimes.length === 8)).toBe(true);
  });

  it('rejects bad input with 400 and names the problem; unknown stores are 404', async () => {
    expect((await api().get('/api/stores/abc').expect(400)).body.message).toMatch(/store id/);
    await api().get('/api/stores/999999').expect(404);
    expect((await api().get('/api/stores/minimal?skip=-1').expect(400)).body.message).toMatch(/skip/);
    expect((await api().get('/api/stores/location').query({ minLat: 61, maxLat: 60, minLong: 24, maxLong: 25 }).expect(400)).body.message).toMatch(/minLat/);
    expect((await api().get('/api/stores/location').query({ minLat: 60, maxLat: 95, minLong: 24, maxLong: 25 }).expect(400)).body.message).toMatch(/maxLat/);
    // A box wider than 5° × 10° (all of Finland) is answered for that much of it around the point, nearest first.
    const wide = await api().get('/api/stores/location').query({ minLat: 59, maxLat: 71, minLong: 19, maxLong: 33, lat: 60.17, long: 24.94 }).expect(200);
    expect(wide.body.length).toBeGreaterThan(0);
    expect(wide.body.every((s: { lat: number; long: number }) => s.lat >= 59 && s.lat <= 64 && s.long >= 19.94 && s.long <= 29.94)).toBe(true);
    expect((await api().get('/api/offers').query({ storeId: 'x' }).expect(400)).body.message).toMatch(/storeId/);
  });
});

describe('items', () => {
  let storeIds: number[];
  beforeAll(async () => {
    storeIds = (await someStores(5)).map((s) => s.id);
  });

  it('returns nothing without stores', async () => {
    await api().get('/api/items').query({ search: 'maito' }).expect(200, []);
  });

  it('finds items with Finnish stemming, prefixes and typos, with prices only for the chosen stores', async () => {
    const exact = await api().get('/api/items').query({ search: 'maito', storeIds: storeIds.join(',') }).expect(200);
    expect(exact.body.length).toBeGreaterThan(0);
    expect(exact.body[0].name).toMatch(/maito/i);
    for (const item of exact.body) {
      for (const storeItem of item.storeItems) {
        expect(storeIds).toContain(storeItem.storeId);
        expect(Number.isInteger(storeItem.price)).toBe(true);
        expect(storeItem.updatedAt).toBeTruthy();
      }
    }
    const inflected = await api().get('/api/items').query({ search: 'maitoa', storeIds: storeIds.join(',') }).expect(200);
    expect(inflected.body.some((i: { name: string }) => /maito/i.test(i.name))).toBe(true);
    const prefix = await api().get('/api/items').query({ search: 'mai', storeIds }).expect(200);
    expect(prefix.body.some((i: { name: string }) => /maito/i.test(i.name))).toBe(true);
    const typo = await api().get('/api/items').query({ search: 'juutso', storeIds: storeIds.join(',') }).expect(200);
    expect(typo.body.some((i: { name: string }) => /juusto/i.test(i.name))).toBe(true);
  });

  it('lists a category with its descendants and answers one item', async () => {
    const { body: categories } = await api().get('/api/categories').expect(200);
    const top = categories.find((c: { parentCategoryId: number | null }) => c.parentCategoryId === null);
    const items = await api().get(`/api/items/categories/${top.slug}`).query({ storeIds: storeIds.join(',') }).expect(200);
    expect(items.body.length).toBeGreaterThan(0);
    for (const item of items.body.slice(0, 20)) expect(item.itemCategories[0].category.slug).toBe(top.slug);
    const one = await api().get(`/api/items/${items.body[0].id}`).query({ storeIds: storeIds.join(',') }).expect(200);
    expect(one.body).toMatchObject({ id: items.body[0].id, name: items.body[0].name });
    expect(Array.isArray(one.body.nutritionalContent)).toBe(true);
    await api().get('/api/items/categories/no-such-category').expect(404);
    await api().get('/api/items/99999999').expect(404);
  });

  it('shows the demo prices at every age: most fresh, some older than 14 days (the red clock) because the chain stopped listing them', async () => {
    const { body: categories } = await api().get('/api/categories').expect(200);
    const top = categories.find((c: { parentCategoryId: number | null }) => c.parentCategoryId === null);
    const { body: items } = await api().get(`/api/items/categories/${top.slug}`).query({ storeIds: storeIds.join(','), limit: 200 }).expect(200);
    const ages = (items as { storeItems: { updatedAt: string }[] }[]).flatMap((item) => item.storeItems.map((s) => (Date.now() - Date.parse(s.updatedAt)) / 86_400_000));
    const stale = ages.filter((days) => days > 14).length;
    expect(ages.length).toBeGreaterThan(100);
    expect(stale).toBeGreaterThan(0);
    expect(stale).toBeLessThan(ages.length / 4);
  });

  it('rejects bad search input with 400', async () => {
    expect((await api().get('/api/items').query({ search: 'x'.repeat(201), storeIds: '1' }).expect(400)).body.message).toMatch(/200/);
    expect((await api().get('/api/items').query({ search: 'maito', storeIds: '1,abc' }).expect(400)).body.message).toMatch(/storeIds/);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await api().get('/api/items').query({ search: 'maito', storeIds: tooMany }).expect(400)).body.message).toMatch(/at most 100/);
    await api().get('/api/items/abc').expect(400);
  });
});
