import type { RefreshPriorities } from '../sources/pull-source';
import { planRefresh, type RefreshTask } from './refresh-plan';

const priorities = (over: Partial<RefreshPriorities> = {}): RefreshPriorities => ({ stores: [], eans: [], basketEans: [], lastPricedAt: new Map(), ...over });
const brief = (tasks: RefreshTask[]) => tasks.map((t) => (t.kind === 'eans' ? `${t.tier}:${t.externalStoreId}:${t.eans.join(',')}` : `${t.tier}:${t.externalStoreId}`));

describe('planRefresh', () => {
  const stores = ['s:a', 's:b', 's:c', 's:d'];
  const lastPricedAt = new Map([
    ['s:a', '2026-12-01T05:00:00.000Z'],
    ['s:b', '2026-11-30T05:00:00.000Z'],
    // s:c never priced; s:d priced most recently
    ['s:d', '2026-12-01T11:00:00.000Z'],
  ]);

  it('spends the tiers in order: carted products in the selected stores, the basket in every store, then whole assortments', () => {
    const tasks = planRefresh({
      stores,
      eansPerRequest: 10,
      priorities: priorities({ stores: [{ externalId: 's:d', selections: 9 }], eans: [{ ean: '1', carts: 4 }], basketEans: ['7', '8'], lastPricedAt }),
    });
    const tiers = tasks.map((t) => t.tier);
    expect(tiers).toEqual([...tiers].sort((a, b) => ['demand', 'basket', 'rest'].indexOf(a) - ['demand', 'basket', 'rest'].indexOf(b)));
    expect(brief(tasks)).toEqual([
      'demand:s:d:1',
      'basket:s:d:7,8',
      'basket:s:c:7,8',
      'basket:s:b:7,8',
      'basket:s:a:7,8',
      'rest:s:d',
      'rest:s:c',
      'rest:s:b',
      'rest:s:a',
    ]);
  });

  it('puts the selected stores first, most selected first, then the others oldest first (never priced before any)', () => {
    const tasks = planRefresh({
      stores,
      eansPerRequest: 5,
      priorities: priorities({ stores: [{ externalId: 's:a', selections: 5 }, { externalId: 's:b', selections: 2 }], eans: [{ ean: '1', carts: 1 }], lastPricedAt }),
    });
    expect(brief(tasks.filter((t) => t.tier === 'demand'))).toEqual(['demand:s:a:1', 'demand:s:b:1']);
    expect(brief(tasks.filter((t) => t.tier === 'rest'))).toEqual(['rest:s:a', 'rest:s:b', 'rest:s:c', 'rest:s:d']);
    expect(brief(planRefresh({ stores, eansPerRequest: 5, priorities: priorities({ lastPricedAt }) }))).toEqual(['rest:s:c', 'rest:s:b', 'rest:s:a', 'rest:s:d']);
  });

  it('chunks the EANs by what one request can ask, each EAN once, leaving out products nobody carted', () => {
    const eans = ['1', '2', '3', '4', '5'].map((ean) => ({ ean, carts: 1 }));
    const tasks = planRefresh({
      stores: ['s:a'],
      eansPerRequest: 2,
      priorities: priorities({ stores: [{ externalId: 's:a', selections: 1 }], eans: [...eans, { ean: '1', carts: 1 }, { ean: '9', carts: 0 }], basketEans: ['7', '8', '7'] }),
    });
    expect(brief(tasks)).toEqual(['demand:s:a:1,2', 'demand:s:a:3,4', 'demand:s:a:5', 'basket:s:a:7,8', 'rest:s:a']);
    // A request asks at least one EAN.
    expect(brief(planRefresh({ stores: ['s:a'], eansPerRequest: 0, priorities: priorities({ basketEans: ['7', '8'] }) }))).toEqual(['basket:s:a:7', 'basket:s:a:8', 'rest:s:a']);
  });

  it('never plans a store without a web shop (not in the given stores), however much shoppers selected it', () => {
    const tasks = planRefresh({
      stores: ['s:a'],
      eansPerRequest: 10,
      priorities: priorities({
        stores: [{ externalId: 's:gone', selections: 100 }, { externalId: 's:a', selections: 1 }],
        eans: [{ ean: '1', carts: 3 }],
        basketEans: ['7'],
        lastPricedAt: new Map([['s:gone', '2020-01-01T00:00:00.000Z']]),
      }),
    });
    expect(tasks.some((t) => t.externalStoreId === 's:gone')).toBe(false);
    expect(brief(tasks)).toEqual(['demand:s:a:1', 'basket:s:a:7', 'rest:s:a']);
  });

  it('a store selected zero times is not a selected store', () => {
    const tasks = planRefresh({ stores: ['s:a', 's:b'], eansPerRequest: 10, priorities: priorities({ stores: [{ externalId: 's:b', selections: 0 }], eans: [{ ean: '1', carts: 1 }], lastPricedAt: new Map([['s:b', '2026-12-01T00:00:00.000Z']]) }) });
    expect(brief(tasks)).toEqual(['rest:s:a', 'rest:s:b']);
  });
});
