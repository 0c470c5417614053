import { api, someStores } from './support';

/** The GS1 check digit of a code's other digits, written here on its own so the test does not trust the code it tests. */
const withCheckDigit = (body: string): string => {
  const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
};

describe('GET /api/items/byEan/{ean}: a scanned barcode', () => {
  let storeIds: number[];
  let item: { id: number; ean: string; name: string };

  beforeAll(async () => {
    storeIds = (await someStores(3)).map((s) => s.id);
    const found = await api().get('/api/items').query({ search: 'maito', storeIds: storeIds.join(',') }).expect(200);
    item = found.body.find((i: { ean: string | null }) => typeof i.ean === 'string' && /^\d{13}$/.test(i.ean));
    expect(item).toBeDefined();
  });

  it('answers exactly what GET /api/items/{id} answers for the product with that EAN-13', async () => {
    const byEan = await api().get(`/api/items/byEan/${item.ean}`).query({ storeIds: storeIds.join(',') }).expect(200);
    const byId = await api().get(`/api/items/${item.id}`).query({ storeIds: storeIds.join(',') }).expect(200);
    expect(byEan.body).toEqual(byId.body);
    expect(byEan.body).toMatchObject({ id: item.id, ean: item.ean, name: item.name });
    expect(byEan.body.storeItems.length).toBeGreaterThan(0);
    expect(byEan.body.storeItems.every((s: { storeId: number }) => storeIds.includes(s.storeId))).toBe(true);
  });

  it('answers 404 with a clear message for a valid code no product has', async () => {
    const unknown = withCheckDigit('200000000001');
    const { body } = await api().get(`/api/items/byEan/${unknown}`).query({ storeIds: storeIds.join(',') }).expect(404);
    expect(body).toMatchObject({ statusCode: 404, message: `No product has the EAN ${unknown}` });
    const unknown8 = withCheckDigit('2000001');
    expect((await api().get(`/api/items/byEan/${unknown8}`).expect(404)).body.message).toContain(unknown8);
  });

  it('answers 400 for a wrong length, saying EAN-8 or EAN-13', async () => {
    for (const code of ['123456789012', '12345', '12345678901234']) {
      const { body } = await api().get(`/api/items/byEan/${code}`).expect(400);
      expect(body.message).toMatch(/EAN-8 or EAN-13/);
    }
    expect((await api().get('/api/items/byEan/64084300000x6').expect(400)).body.message).toMatch(/EAN-8 or EAN-13/);
  });

  it('answers 400 for a wrong check digit, saying so and which digit it expected', async () => {
    const good = item.ean;
    const bad = good.slice(0, 12) + ((Number(good[12]) + 1) % 10);
    const { body } = await api().get(`/api/items/byEan/${bad}`).expect(400);
    expect(body.message).toBe(`ean ${bad} has a wrong check digit: ${bad[12]}, expected ${good[12]}`);
    expect((await api().get('/api/items/byEan/96385075').expect(400)).body.message).toMatch(/check digit.*expected 4/);
  });

  it('answers 400 for bad storeIds and an unknown query parameter', async () => {
    expect((await api().get(`/api/items/byEan/${item.ean}`).query({ storeIds: '1,abc' }).expect(400)).body.message).toMatch(/storeIds/);
    await api().get(`/api/items/byEan/${item.ean}`).query({ foo: '1' }).expect(400);
  });

  it('is in the OpenAPI document with its 200, 400 and 404 answers', async () => {
    const docs = await api().get('/api/docs-json').expect(200);
    const route = docs.body.paths['/api/items/byEan/{ean}'].get;
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(route.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:ean', 'query:storeIds']);
  });
});
