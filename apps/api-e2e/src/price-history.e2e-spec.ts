import { api, someStores } from './support';

interface PricedItem {
  id: number;
  storeItems: { storeId: number; price: number; updatedAt: string }[];
}

describe('price history', () => {
  it('answers the periods of each chosen store, the current one matching the item page', async () => {
    const stores = await someStores(5);
    const storeIds = stores.map((s) => s.id);
    const { body: items } = await api()
      .get('/api/items')
      .query({ search: 'maito', storeIds: storeIds.join(',') })
      .expect(200);
    const item = (items as PricedItem[]).find((i) => i.storeItems.length > 0);
    expect(item).toBeDefined();
    const priced = item!.storeItems;
    // Asked in reverse order, with one store that has no price for it at the end.
    const asked = [...priced.map((p) => p.storeId)].reverse();
    const unpriced = storeIds.find((id) => !asked.includes(id));
    if (unpriced !== undefined) asked.push(unpriced);
    const { body } = await api()
      .get(`/api/items/${item!.id}/history`)
      .query({ storeIds: asked.join(',') })
      .expect(200);
    expect(body.itemId).toBe(item!.id);
    expect(body.stores.map((s: { storeId: number }) => s.storeId)).toEqual(asked);
    for (const store of body.stores as { storeId: number; periods: { from: string; to: string | null; price: number }[]; lowest30Days: number | null }[]) {
      const current = priced.find((p) => p.storeId === store.storeId);
      if (!current) {
        expect(store).toEqual({ storeId: store.storeId, periods: [], lowest30Days: null });
        continue;
      }
      const open = store.periods[store.periods.length - 1];
      expect(open).toMatchObject({ to: null, price: current.price });
      expect(Date.parse(open.from)).toBeLessThanOrEqual(Date.parse(current.updatedAt));
      expect(store.lowest30Days).not.toBeNull();
      expect(store.lowest30Days!).toBeLessThanOrEqual(current.price);
      for (let i = 1; i < store.periods.length; i++) expect(store.periods[i - 1].to).toBe(store.periods[i].from);
    }
  });

  it('rejects a bad id or storeIds with 400, an unknown item with 404, and is documented', async () => {
    expect((await api().get('/api/items/abc/history').expect(400)).body.message).toContain('item id must be a positive integer');
    expect((await api().get('/api/items/1/history?storeIds=x').expect(400)).body.message).toContain('storeIds must be positive integers');
    await api().get('/api/items/1/history?color=red').expect(400);
    expect((await api().get('/api/items/999999999/history?storeIds=1').expect(404)).body).toMatchObject({
      statusCode: 404,
      message: 'Item 999999999 not found',
    });
    const docs = await api().get('/api/docs-json').expect(200);
    expect(Object.keys(docs.body.paths)).toContain('/api/items/{id}/history');
  });
});
