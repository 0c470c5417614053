/**
 * Till totals micro-benchmark (issue 36): the pure store totals (computeStoreTotals) and the exact split
 * (splitBasket) over prices without till terms and with about 20 % termed cells (member prices, multibuys, campaign
 * dates, weighed goods). Not a test, nothing is asserted; no database, no stack. Run it by hand:
 *
 *   node -r @swc-node/register tools/bench/till-totals.bench.ts
 *
 * It calls both functions with two arguments (request, cells) and puts the terms on the cells (`terms`) and the cards
 * and day on the request, so the same file runs against the code before the till (which ignores them) for a
 * before/after. Prints µs per call, best of BENCH_ROUNDS (default 7) rounds of at least BENCH_MS (default 300) ms each.
 */
import { splitBasket } from '../../libs/comparisons/service/src/basket-split';
import { computeStoreTotals, type PriceCell } from '../../libs/comparisons/service/src/comparison.calculator';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_MS ?? 300);
const DAY_MS = 24 * 60 * 60 * 1000;

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

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString();

/** A termed cell's terms, one of five kinds in turn: a member price, a multibuy, a running or ended campaign, a weighed good. */
function termsOf(kind: number, price: number): Record<string, unknown> {
  switch (kind % 5) {
    case 0:
      return { price, memberPrice: { card: 'k-plussa', price: price - 20 }, priceUnit: 'kpl' };
    case 1:
      return { price, multibuy: { quantity: 2, price: 2 * price - 50 }, priceUnit: 'kpl' };
    case 2:
      return { price, isCampaign: true, regularPrice: price + 40, campaignStartsAt: iso(-3), campaignEndsAt: iso(4), priceUnit: 'kpl' };
    case 3:
      return { price, isCampaign: true, regularPrice: price + 40, campaignEndsAt: iso(-2), priceUnit: 'kpl' };
    default:
      return { price, priceUnit: 'kg', averageWeightGrams: 150 + (price % 100) };
  }
}

/** `lines` items in `stores` stores, each store pricing an item with probability 0.85; `termedShare` of the cells termed. */
function scenario(lines: number, stores: number, termedShare: number, seed: number) {
  const next = random(seed);
  const storeIds = Array.from({ length: stores }, (_, i) => 1 + i);
  const cells: PriceCell[] = [];
  let termed = 0;
  for (let item = 1; item <= lines; item++) {
    for (const storeId of storeIds) {
      if (next() >= 0.85) continue;
      const price = 100 + Math.floor(next() * 900);
      const cell: PriceCell = { itemId: item, storeId, price, deposit: item % 11 === 0 ? 15 : null };
      if (next() < termedShare) (cell as { terms?: unknown }).terms = termsOf(termed++, price);
      cells.push(cell);
    }
  }
  const request = {
    storeIds,
    lines: Array.from({ length: lines }, (_, i) => ({ itemId: 1 + i, quantity: 1 + (i % 3) })),
    cards: ['k-plussa', 's-etukortti'] as ('k-plussa' | 's-etukortti')[],
    date: today,
    bonusStoreIds: storeIds.filter((id) => id % 3 === 0),
  };
  return { request, cells, share: cells.length > 0 ? termed / cells.length : 0 };
}

/** µs per call: best of ROUNDS rounds of at least ROUND_MS each. */
function time(run: () => unknown): number {
  let sink = 0;
  for (let i = 0; i < 200; i++) sink += run() ? 1 : 0;
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    let calls = 0;
    const started = process.hrtime.bigint();
    let elapsed = 0;
    do {
      for (let i = 0; i < 50; i++) sink += run() ? 1 : 0;
      calls += 50;
      elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    } while (elapsed < ROUND_MS);
    best = Math.min(best, (elapsed * 1000) / calls);
  }
  if (sink < 0) console.log(sink);
  return best;
}

const cases: { label: string; run: (s: ReturnType<typeof scenario>) => unknown; lines: number; stores: number }[] = [
  { label: 'computeStoreTotals 30 × 10', lines: 30, stores: 10, run: (s) => computeStoreTotals(s.request, s.cells) },
  { label: 'computeStoreTotals 200 × 20', lines: 200, stores: 20, run: (s) => computeStoreTotals(s.request, s.cells) },
  { label: 'splitBasket 20 × 10 (maxStores 2)', lines: 20, stores: 10, run: (s) => splitBasket({ ...s.request, maxStores: 2, costPerKmCents: 25 }, s.cells) },
  { label: 'splitBasket 20 × 10 (maxStores 3)', lines: 20, stores: 10, run: (s) => splitBasket({ ...s.request, maxStores: 3, costPerKmCents: 25 }, s.cells) },
];

console.log(`till totals bench (node ${process.version}), µs per call, best of ${ROUNDS} × ${ROUND_MS} ms`);
for (const c of cases) {
  for (const share of [0, 0.2]) {
    const s = scenario(c.lines, c.stores, share, 36 + c.lines + c.stores);
    const us = time(() => c.run(s));
    console.log(`${c.label.padEnd(36)} ${(share === 0 ? 'no terms' : `${Math.round(s.share * 100)} % termed`).padEnd(12)} ${us.toFixed(2).padStart(9)} µs`);
  }
}
