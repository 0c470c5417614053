import type { ItemDto } from '@hintakori/catalog-contracts';
import { BASKET_ITEM_MAX, BASKET_ITEM_TTL_MS, BasketItems } from './basket-items';

const item = (id: number, name = `item ${id}`): ItemDto => ({
  id,
  ean: null,
  name,
  urlSlug: `item-${id}`,
  pictureUrl: '',
  brandName: '',
  originCountry: '',
  description: '',
  ingredients: '',
  nutritionalContent: [],
  itemCategories: [],
  storeItems: [],
});

describe('BasketItems (the basket route’s item details)', () => {
  let now: number;
  let calls: number[][];
  let names: Map<number, string>;
  let cache: BasketItems;

  beforeEach(() => {
    now = 1_000_000;
    calls = [];
    names = new Map();
    // The catalog knows items 1–99 999; 404 404 is unknown.
    cache = new BasketItems(
      async (ids) => {
        calls.push([...ids]);
        return ids.filter((id) => id !== 404_404).map((id) => item(id, names.get(id)));
      },
      () => now,
    );
  });

  it('asks the catalog once for the items it does not hold, and not again within the time to live', async () => {
    const first = await cache.get([1, 2, 2, 404_404]);
    expect([...first.keys()]).toEqual([1, 2]);
    expect(calls).toEqual([[1, 2, 404_404]]);
    now += BASKET_ITEM_TTL_MS - 1;
    const second = await cache.get([2, 1, 3]);
    expect([...second.keys()].sort()).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1, 2, 404_404], [3]]);
  });

  it('serves no details older than the time to live', async () => {
    names.set(1, 'old name');
    await cache.get([1]);
    names.set(1, 'new name');
    now += BASKET_ITEM_TTL_MS;
    expect((await cache.get([1])).get(1)?.name).toBe('new name');
  });

  it(`keeps at most ${BASKET_ITEM_MAX} items, dropping the oldest`, async () => {
    await cache.get(Array.from({ length: BASKET_ITEM_MAX }, (_, i) => i + 1));
    await cache.get([BASKET_ITEM_MAX + 1]);
    calls = [];
    await cache.get([1, 2]);
    expect(calls).toEqual([[1]]);
  });
});
