import type { RefreshPriorities } from '../sources/pull-source';

/**
 * One unit of a chain source's price refresh: some products' prices in one store (asked by EAN), or a store's whole
 * assortment (paged through the shop's listing). `tier` says why it is in the plan.
 */
export type RefreshTask =
  | { kind: 'eans'; externalStoreId: string; eans: string[]; tier: RefreshTier }
  | { kind: 'assortment'; externalStoreId: string; tier: RefreshTier };

/** demand: carted products in selected stores; basket: the price-level basket; rest: whole assortments, oldest first. */
export type RefreshTier = 'demand' | 'basket' | 'rest';

export interface RefreshPlanInput {
  /** The source's stores that have a web shop (external ids), in any order. */
  stores: readonly string[];
  priorities: RefreshPriorities;
  /** How many EANs one request can ask about (a GraphQL query's EAN list); at least 1. */
  eansPerRequest: number;
}

/**
 * The order in which a chain source spends its request budget: tier by tier, and within a tier the stores shoppers
 * selected most first, then the others oldest-priced first (never priced first). The caller walks the tasks, counting
 * its requests, and stops when the budget is spent: what is left waits for the next run.
 *
 * 1. demand: the EANs in shoppers' carts of the last week, in every store shoppers selected;
 * 2. basket: the price-level basket's EANs in every store (so /hintataso compares like with like);
 * 3. rest: every store's whole assortment.
 */
export function planRefresh({ stores, priorities, eansPerRequest }: RefreshPlanInput): RefreshTask[] {
  const per = Math.max(1, Math.floor(eansPerRequest));
  const known = new Set(stores);
  const selected = priorities.stores.filter((s) => known.has(s.externalId) && s.selections > 0);
  const selectedIds = new Set(selected.map((s) => s.externalId));
  const age = (id: string) => {
    const at = priorities.lastPricedAt.get(id);
    return at === undefined ? Number.NEGATIVE_INFINITY : Date.parse(at);
  };
  const others = [...known].filter((id) => !selectedIds.has(id)).sort((a, b) => age(a) - age(b) || a.localeCompare(b));
  const order = [...selected.map((s) => s.externalId), ...others];
  const chunks = (eans: string[]) => {
    const unique = [...new Set(eans)];
    const out: string[][] = [];
    for (let i = 0; i < unique.length; i += per) out.push(unique.slice(i, i + per));
    return out;
  };
  const tasks: RefreshTask[] = [];
  const carted = chunks(priorities.eans.filter((e) => e.carts > 0).map((e) => e.ean));
  for (const externalStoreId of selected.map((s) => s.externalId))
    for (const eans of carted) tasks.push({ kind: 'eans', externalStoreId, eans, tier: 'demand' });
  const basket = chunks(priorities.basketEans);
  for (const externalStoreId of order) for (const eans of basket) tasks.push({ kind: 'eans', externalStoreId, eans, tier: 'basket' });
  for (const externalStoreId of order) tasks.push({ kind: 'assortment', externalStoreId, tier: 'rest' });
  return tasks;
}
