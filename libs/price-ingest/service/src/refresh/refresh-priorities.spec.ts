import { prioritiesFrom } from './refresh-priorities';

describe('prioritiesFrom', () => {
  const registry = {
    // store 12 belongs to another source (not in this source's registry)
    externalIds: new Map([
      [11, 's-kaupat:517609418'],
      [13, 's-kaupat:600'],
    ]),
    eans: new Map([
      [101, '6408430000012'],
      [102, '6408430000029'],
      [201, '6410405000014'],
    ]),
    pricedAt: [['s-kaupat:600', '2026-12-01T05:00:00.000Z']] as [string, string][],
  };

  it('maps the demand to this source\'s external store ids and to EANs, keeping its order and leaving out what it cannot map', () => {
    const priorities = prioritiesFrom(
      {
        stores: [{ storeId: 12, count: 40 }, { storeId: 13, count: 9 }, { storeId: 11, count: 3 }],
        items: [{ itemId: 102, count: 7 }, { itemId: 999, count: 5 }, { itemId: 101, count: 2 }],
      },
      { items: [{ itemId: 201, ean: null, categorySlug: 'kevytmaidot' }, { itemId: 202, ean: '6410405000021', categorySlug: 'voit' }, { itemId: 203, ean: null, categorySlug: 'nakit' }] },
      registry,
    );
    expect(priorities.stores).toEqual([{ externalId: 's-kaupat:600', selections: 9 }, { externalId: 's-kaupat:517609418', selections: 3 }]);
    expect(priorities.eans).toEqual([{ ean: '6408430000029', carts: 7 }, { ean: '6408430000012', carts: 2 }]);
    // The registry's EAN, else the catalog's; a basket product with neither is left out.
    expect(priorities.basketEans).toEqual(['6410405000014', '6410405000021']);
    expect([...priorities.lastPricedAt]).toEqual([['s-kaupat:600', '2026-12-01T05:00:00.000Z']]);
  });

  it('no demand and no basket: nothing but the ages', () => {
    const priorities = prioritiesFrom({ stores: [], items: [] }, { items: [] }, registry);
    expect(priorities).toEqual({ stores: [], eans: [], basketEans: [], lastPricedAt: new Map([['s-kaupat:600', '2026-12-01T05:00:00.000Z']]) });
  });
});
