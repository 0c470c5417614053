import { splitBasket, subsets, SplitInput } from './basket-split';
import type { PriceCell } from './comparison.calculator';

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every assignment of every line to every store, keeping those that use at most maxStores stores. */
function bruteForce(input: SplitInput, cells: PriceCell[]): number {
  const price = (itemId: number, storeId: number) => {
    const known = cells.filter((c) => c.itemId === itemId && input.storeIds.includes(c.storeId));
    if (known.length === 0) return null;
    const own = known.find((c) => c.storeId === storeId);
    if (own) return own.price;
    const sum = known.reduce((s, c) => s + c.price, 0);
    return Math.floor((2 * sum + known.length) / (2 * known.length));
  };
  const lines = input.lines.filter((l) => price(l.itemId, input.storeIds[0]) !== null);
  let best = Infinity;
  const walk = (i: number, used: Set<number>, total: number) => {
    if (total >= best) return;
    if (i === lines.length) {
      best = total;
      return;
    }
    for (const storeId of input.storeIds) {
      const grows = !used.has(storeId);
      if (grows && used.size === input.maxStores) continue;
      if (grows) used.add(storeId);
      walk(i + 1, used, total + lines[i].quantity * (price(lines[i].itemId, storeId) as number));
      if (grows) used.delete(storeId);
    }
  };
  walk(0, new Set(), 0);
  return lines.length === 0 ? 0 : best;
}

function basket(seed: number, storeCount: number, lineCount: number, holes: number) {
  const next = random(seed);
  const storeIds = Array.from({ length: storeCount }, (_, i) => 100 + i * 3);
  const lines = Array.from({ length: lineCount }, (_, i) => ({ itemId: i + 1, quantity: 1 + Math.floor(next() * 3) }));
  const cells: PriceCell[] = [];
  for (const line of lines) for (const storeId of storeIds) if (next() >= holes) cells.push({ itemId: line.itemId, storeId, price: 50 + Math.floor(next() * 500) });
  return { storeIds, lines, cells };
}

describe('splitBasket', () => {
  it('lists every subset of one to k stores once', () => {
    expect([...subsets(4, 2)]).toEqual([[0], [1], [2], [3], [0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
    expect([...subsets(20, 3)]).toHaveLength(20 + 190 + 1140);
  });

  it('matches brute force over every assignment on random baskets, estimates included', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { storeIds, lines, cells } = basket(seed, 2 + (seed % 4), 1 + (seed % 7), seed % 3 === 0 ? 0.3 : 0);
      const maxStores = 1 + (seed % 3);
      const input: SplitInput = { storeIds, lines, maxStores, costPerKmCents: 25 };
      const result = splitBasket(input, cells);
      expect(result.total).toBe(bruteForce(input, cells));
      // The lines add up to the total, and use only the chosen stores.
      expect(result.lines.reduce((sum, line) => sum + line.quantity * (line.price ?? 0), 0)).toBe(result.total);
      expect(result.stores.length).toBeLessThanOrEqual(maxStores);
      for (const line of result.lines) if (line.storeId !== null) expect(result.stores).toContain(line.storeId);
      expect(result.saving).toBe((result.cheapestSingleStore?.total ?? 0) - result.total);
    }
  });

  it('saves nothing when one store is cheapest for everything', () => {
    const cells: PriceCell[] = [];
    for (let item = 1; item <= 15; item++) for (const [storeId, extra] of [[1, 30], [2, 0], [3, 10], [4, 20], [5, 40]]) cells.push({ itemId: item, storeId, price: 100 + item + extra });
    const lines = Array.from({ length: 15 }, (_, i) => ({ itemId: i + 1, quantity: 1 }));
    const result = splitBasket({ storeIds: [1, 2, 3, 4, 5], lines, maxStores: 2, costPerKmCents: 25 }, cells);
    expect(result).toMatchObject({ stores: [2], saving: 0, worthIt: false, cheapestSingleStore: { storeId: 2 } });
    expect(result.total).toBe(result.cheapestSingleStore?.total);
  });

  it('splits a basket of 15 over 5 stores when two stores beat any single one, and marks estimates', () => {
    const cells: PriceCell[] = [];
    for (let item = 1; item <= 15; item++) {
      for (const storeId of [1, 2, 3, 4, 5]) {
        if (item === 15 && storeId === 3) continue; // no price: the average of the others is used
        const cheapHere = (item <= 7 && storeId === 1) || (item > 7 && storeId === 3);
        cells.push({ itemId: item, storeId, price: cheapHere ? 100 : 150 });
      }
    }
    cells.push({ itemId: 16, storeId: 2, price: 200 }); // only store 2 has it: elsewhere the estimate (200)
    cells.push({ itemId: 99, storeId: 9, price: 1 }); // not compared: ignored
    const lines = [...Array.from({ length: 16 }, (_, i) => ({ itemId: i + 1, quantity: i === 15 ? 1 : 2 })), { itemId: 99, quantity: 1 }];
    const result = splitBasket({ storeIds: [1, 2, 3, 4, 5], lines, maxStores: 2, costPerKmCents: 25 }, cells);
    expect(result.stores).toEqual([1, 3]);
    expect(result.lines.slice(0, 7).every((line) => line.storeId === 1 && line.price === 100)).toBe(true);
    expect(result.lines[14]).toMatchObject({ itemId: 15, storeId: 1, price: 150 });
    expect(result.lines[15]).toEqual({ itemId: 16, quantity: 1, storeId: 1, price: 200, isEstimated: true, lineTotal: 200 });
    expect(result.lines[16]).toEqual({ itemId: 99, quantity: 1, storeId: null, price: null, isEstimated: false, lineTotal: null });
    // Single stores: 1 costs 2 × (7×100 + 8×150) + 200 = 4000; the split 2 × (7×100 + 7×100 + 150) + 200 = 3300.
    expect(result.cheapestSingleStore).toEqual({ storeId: 1, total: 4000 });
    expect(result).toMatchObject({ total: 3300, saving: 700, worthIt: true });
    expect(result.extraDistanceKm).toBeUndefined();
  });

  it('weighs the saving against the extra kilometres when an origin is given', () => {
    const cells: PriceCell[] = [
      { itemId: 1, storeId: 1, price: 100 },
      { itemId: 1, storeId: 2, price: 300 },
      { itemId: 2, storeId: 1, price: 300 },
      { itemId: 2, storeId: 2, price: 250 },
    ];
    const lines = [
      { itemId: 1, quantity: 1 },
      { itemId: 2, quantity: 1 },
    ];
    const origin = { lat: 60.17, long: 24.94 };
    const near = { storeId: 1, lat: 60.17, long: 24.95 };
    const far = { storeId: 2, lat: 60.35, long: 24.94 }; // about 20 km north
    const result = splitBasket({ storeIds: [1, 2], lines, maxStores: 2, origin, locations: [near, far], costPerKmCents: 25 }, cells);
    expect(result).toMatchObject({ stores: [1, 2], saving: 50, worthIt: false });
    expect(result.extraDistanceKm).toBeGreaterThan(38);
    expect(result.travelCostCents).toBeGreaterThan(50);
    const close = splitBasket({ storeIds: [1, 2], lines, maxStores: 2, origin, locations: [near, { ...far, lat: 60.171 }], costPerKmCents: 25 }, cells);
    expect(close).toMatchObject({ saving: 50, worthIt: true });
  });

  it('answers an empty basket with nothing to buy', () => {
    expect(splitBasket({ storeIds: [1, 2], lines: [], maxStores: 2, costPerKmCents: 25 }, [])).toEqual({
      stores: [],
      lines: [],
      total: 0,
      cheapestSingleStore: null,
      saving: 0,
      worthIt: false,
    });
  });
});

describe('splitBasket at the till (issue 36)', () => {
  const day = { cards: new Set<never>(), dayStartMs: Date.parse('2026-12-02T22:00:00.000Z'), dayEndMs: Date.parse('2026-12-03T22:00:00.000Z') };
  const base = { maxStores: 2, costPerKmCents: 25 };

  it('chooses stores by the till totals: a multibuy wins a line the shelf price would lose', () => {
    const cells: PriceCell[] = [
      { itemId: 10, storeId: 1, price: 300, terms: { price: 300, multibuy: { quantity: 3, price: 600 } } },
      { itemId: 10, storeId: 2, price: 250 },
      { itemId: 20, storeId: 1, price: 100 },
      { itemId: 20, storeId: 2, price: 100 },
    ];
    const result = splitBasket({ ...base, storeIds: [2, 1], lines: [{ itemId: 10, quantity: 3 }, { itemId: 20, quantity: 1 }] }, cells, day);
    expect(result.stores).toEqual([1]);
    expect(result.lines[0]).toEqual({ itemId: 10, quantity: 3, storeId: 1, price: 300, isEstimated: false, lineTotal: 600, applied: [{ kind: 'multibuy', quantity: 3, price: 600 }] });
    expect(result.cheapestSingleStore).toEqual({ storeId: 1, total: 700 });
    expect(result.total).toBe(700);
  });

  it('counts a member price only for a holder of its card', () => {
    const cells: PriceCell[] = [
      { itemId: 10, storeId: 1, price: 300, terms: { price: 300, memberPrice: { card: 'k-plussa', price: 200 } } },
      { itemId: 10, storeId: 2, price: 250 },
    ];
    const input = { ...base, storeIds: [1, 2], lines: [{ itemId: 10, quantity: 2 }] };
    expect(splitBasket(input, cells, day).lines[0]).toMatchObject({ storeId: 2, price: 250, lineTotal: 500 });
    expect(splitBasket(input, cells, { ...day, cards: new Set(['k-plussa'] as const) }).lines[0]).toMatchObject({ storeId: 1, price: 300, lineTotal: 400 });
  });
});
