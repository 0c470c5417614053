import { StoreItemsSnapshot } from './store-items-index';

describe('StoreItemsSnapshot', () => {
  // Store 10 sells items 1, 2 and 40; store 20 items 2 and 70; store 30 item 40 (over 32 items: a second bit word).
  const rows = [
    { storeId: 10, items: '1,2,40' },
    { storeId: 20, items: '2,70' },
    { storeId: 30, items: '40' },
    ...Array.from({ length: 40 }, (_, i) => ({ storeId: 100 + i, items: String(1000 + i) })),
  ];
  const snapshot = StoreItemsSnapshot.fromRows(rows);

  it('counts how many of the chosen stores sell an item', () => {
    const stores = snapshot.choose([10, 20, 30]);
    expect([1, 2, 40, 70, 1000, 5].map((id) => snapshot.count(id, stores))).toEqual([1, 2, 2, 1, 0, 0]);
    expect(snapshot.pairs).toBe(46);
  });

  it('chooses each store once, in the given order, leaving out stores without prices', () => {
    expect(snapshot.choose([20, 99, 10, 20]).map((store) => store.storeId)).toEqual([20, 10]);
    const [store20] = snapshot.choose([20]);
    expect([1, 2, 70, 1039].map((id) => snapshot.has(id, store20))).toEqual([false, true, true, false]);
    expect(snapshot.has(1039, snapshot.choose([139])[0])).toBe(true);
  });
});
