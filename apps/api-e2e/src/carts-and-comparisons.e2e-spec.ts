import { api, browser, someStores } from './support';

async function itemIds(storeIds: number[], count: number): Promise<number[]> {
  const { body } = await api().get('/api/items').query({ search: 'maito', storeIds: storeIds.join(',') }).expect(200);
  return body.slice(0, count).map((i: { id: number }) => i.id);
}

describe('shopping carts', () => {
  let storeIds: number[];
  let items: number[];
  beforeAll(async () => {
    storeIds = (await someStores(4)).map((s) => s.id);
    items = await itemIds(storeIds, 3);
    expect(items).toHaveLength(3);
  });

  it('creates a cart from NO_ID, adds, increments, decrements and removes', async () => {
    const me = browser();
    const { body: created } = await me.put(`/api/shoppingCarts/NO_ID/items/${items[0]}`).expect(200);
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const id = created.id as string;
    expect((await me.put(`/api/shoppingCarts/${id}/items/${items[1]}`).expect(200)).body.id).toBe(id);
    expect((await me.post(`/api/shoppingCarts/${id}/items/${items[0]}/increment`).expect(200)).body.id).toBe(id);
    let cart = (await me.get(`/api/shoppingCarts/${id}`).query({ storeIds: storeIds.join(',') }).expect(200)).body;
    expect(cart.items.map((l: { item: { id: number }; quantity: number }) => [l.item.id, l.quantity])).toEqual([
      [items[0], 2],
      [items[1], 1],
    ]);
    expect(cart.items[0].item.storeItems.every((s: { storeId: number }) => storeIds.includes(s.storeId))).toBe(true);
    await me.post(`/api/shoppingCarts/${id}/items/${items[1]}/decrement`).expect(200);
    await me.delete(`/api/shoppingCarts/${id}/items/${items[0]}`).expect(200);
    cart = (await me.get(`/api/shoppingCarts/${id}`).expect(200)).body;
    expect(cart.items).toEqual([]);
  });

  it('ends 50 concurrent increments at exactly +50', async () => {
    const me = browser();
    const id = (await me.put(`/api/shoppingCarts/NO_ID/items/${items[0]}`).expect(200)).body.id;
    await Promise.all(Array.from({ length: 50 }, () => me.post(`/api/shoppingCarts/${id}/items/${items[0]}/increment`).expect(200)));
    const cart = (await me.get(`/api/shoppingCarts/${id}`).expect(200)).body;
    expect(cart.items[0].quantity).toBe(51);
  });

  it("never changes a shared cart: another browser's write goes to a copy", async () => {
    const sharer = browser();
    const id = (await sharer.put(`/api/shoppingCarts/NO_ID/items/${items[0]}`).expect(200)).body.id;
    await sharer.put(`/api/shoppingCarts/${id}/items/${items[1]}`).expect(200);
    const before = (await api().get(`/api/shoppingCarts/${id}`).expect(200)).body;

    const friend = browser();
    const copyId = (await friend.put(`/api/shoppingCarts/${id}/items/${items[2]}`).expect(200)).body.id;
    expect(copyId).not.toBe(id);
    await friend.post(`/api/shoppingCarts/${id}/items/${items[0]}/decrement`).expect(200);

    expect((await api().get(`/api/shoppingCarts/${id}`).expect(200)).body).toEqual(before);
    const copy = (await friend.get(`/api/shoppingCarts/${copyId}`).expect(200)).body;
    expect(copy.items.map((l: { item: { id: number } }) => l.item.id)).toEqual([items[0], items[1], items[2]]);
  });

  it('answers 404 for unknown carts and items and 400 for malformed ids', async () => {
    await api().get('/api/shoppingCarts/00000000-0000-4000-8000-000000000000').expect(404);
    await api().get('/api/shoppingCarts/not-a-uuid').expect(400);
    expect((await browser().put('/api/shoppingCarts/NO_ID/items/99999999').expect(404)).body.message).toMatch(/Item 99999999/);
    await browser().put('/api/shoppingCarts/NO_ID/items/abc').expect(400);
  });
});

describe('comparisons', () => {
  let storeIds: number[];
  let items: number[];
  beforeAll(async () => {
    storeIds = (await someStores(6)).map((s) => s.id);
    items = await itemIds(storeIds, 5);
  });

  it('totals a shared cart per store and flags exactly one cheapest store', async () => {
    const me = browser();
    let id = 'NO_ID';
    for (const item of items) id = (await me.put(`/api/shoppingCarts/${id}/items/${item}`).expect(200)).body.id;
    const { body } = await api().post('/api/shoppingCartComparisons/storeTotals').send({ storeIds, type: 'default', cartId: id }).expect(200);
    expect(Object.keys(body).map(Number).sort()).toEqual([...storeIds].sort());
    const totals = Object.values(body) as { total: number; cheapest: boolean; estimatedCount: number; missingCount: number }[];
    expect(totals.filter((t) => t.cheapest)).toHaveLength(1);
    const cheapest = totals.find((t) => t.cheapest)!;
    for (const t of totals) expect(t.total).toBeGreaterThanOrEqual(cheapest.total);

    const basket = await api().get('/api/shoppingCartComparisons').query({ storeIds: storeIds.join(','), type: 'default', cartId: id }).expect(200);
    expect(basket.body.map((i: { id: number }) => i.id)).toEqual(items);
    for (const line of basket.body) expect(line.storeItems).toHaveLength(storeIds.length);
    // The totals are the sum of the basket's prices (estimates included) and their deposits, which are also given apart.
    for (const storeId of storeIds) {
      type Line = { quantity: number; storeItems: { storeId: number; price: number | null; deposit?: number | null }[] };
      const sum = (of: (s: Line['storeItems'][number] | undefined) => number) =>
        basket.body.reduce((acc: number, line: Line) => acc + of(line.storeItems.find((s) => s.storeId === storeId)) * line.quantity, 0);
      const deposits = sum((s) => s?.deposit ?? 0);
      expect(body[storeId].deposits).toBe(deposits);
      expect(body[storeId].total).toBe(sum((s) => s?.price ?? 0) + deposits);
    }
  });

  it('compares explicit items and uses the browser latest cart when none is named', async () => {
    const totals = await api()
      .post('/api/shoppingCartComparisons/storeTotals')
      .send({ storeIds, items: items.map((itemId) => ({ itemId, quantity: 2 })) })
      .expect(200);
    expect(Object.keys(totals.body)).toHaveLength(storeIds.length);
    const fresh = browser();
    const empty = await fresh.post('/api/shoppingCartComparisons/storeTotals').send({ storeIds }).expect(200);
    for (const t of Object.values(empty.body) as { total: number }[]) expect(t.total).toBe(0);
  });

  it('rejects malformed bodies with 400', async () => {
    const malformed = await api().post('/api/shoppingCartComparisons/storeTotals').set('Content-Type', 'application/json').send('{"storeIds": [1,').expect(400);
    expect(malformed.body.message).toMatch(/JSON/);
    expect((await api().post('/api/shoppingCartComparisons/storeTotals').send({ storeIds, colour: 'red' }).expect(400)).body.message).toMatch(/colour/);
    expect((await api().post('/api/shoppingCartComparisons/storeTotals').send({ storeIds: [] }).expect(400)).body.message).toMatch(/storeIds/);
    expect((await api().post('/api/shoppingCartComparisons/storeTotals').send({ storeIds, items: [{ itemId: 1, quantity: 0 }] }).expect(400)).body.message).toMatch(/quantity/);
    await api().get('/api/shoppingCartComparisons').query({ storeIds: 'x' }).expect(400);
  });
});
