import type { ReferenceBasketItems } from '@hintakori/catalog-contracts';
import type { DemandCounts } from '@hintakori/comparisons-contracts';
import type { DataSource } from 'typeorm';
import type { RefreshPriorities } from '../sources/pull-source';

/** The demand window: shoppers' comparisons of the last week (today included). */
export const DEMAND_DAYS = 7;
/** Most stores and items of the demand asked for (the comparisons pattern's bound). */
export const DEMAND_TOP = 5000;

/** What the priorities are made of, besides price-ingest's own registries: the two services' answers. */
export interface PriorityInputs {
  /** `comparisons.demand`: the last `days` days' anonymous counts of stores selected and items compared, most first. */
  demand(days: number, limit: number): Promise<DemandCounts>;
  /** `catalog.prices.reference-basket-items`: the price-level basket's products. */
  basket(): Promise<ReferenceBasketItems>;
}

export interface RefreshPrioritiesOptions {
  /** The source whose store registry (ingest.stores) the source's external ids are in; default the source itself. */
  storeSource?: string;
  /** Told when an input could not be had (the plan goes on without it). */
  log?(message: string): void;
}

/**
 * A chain source's refresh priorities: the stores shoppers selected in the last week as this source's external store
 * ids (ingest.stores; stores of other sources are left out), the compared items as EANs (ingest.items), the
 * price-level basket's EANs, and when this source last priced each of its stores (ingest.published_prices.priced_at).
 * The counts keep their order (most first). An input that fails (a service down or slow) is logged and left empty:
 * a run then spends its budget on the basket and the oldest stores rather than not at all.
 */
export async function refreshPriorities(dataSource: DataSource, source: string, inputs: PriorityInputs, options: RefreshPrioritiesOptions = {}): Promise<RefreshPriorities> {
  const storeSource = options.storeSource ?? source;
  const safely = async <T>(what: string, ask: () => Promise<T>, none: T): Promise<T> => {
    try {
      return await ask();
    } catch (error) {
      options.log?.(`refresh priorities of ${source}: no ${what} (${error instanceof Error ? error.message : String(error)}); going on without it`);
      return none;
    }
  };
  const [demand, basket] = await Promise.all([
    safely('demand counts', () => inputs.demand(DEMAND_DAYS, DEMAND_TOP), { stores: [], items: [] } as DemandCounts),
    safely('reference basket', () => inputs.basket(), { items: [] } as ReferenceBasketItems),
  ]);
  const storeIds = demand.stores.map((s) => s.storeId);
  const itemIds = [...demand.items.map((i) => i.itemId), ...basket.items.map((i) => i.itemId)];
  const [externalIds, eans, priced] = await Promise.all([
    query<{ storeId: number; externalId: string }>(
      dataSource,
      'SELECT store_id AS "storeId", external_id AS "externalId" FROM ingest.stores WHERE source = $1 AND store_id = ANY($2::int[])',
      [storeSource, storeIds],
    ),
    query<{ itemId: number; ean: string }>(dataSource, 'SELECT item_id AS "itemId", ean FROM ingest.items WHERE item_id = ANY($1::int[])', [itemIds]),
    dataSource.query(
      `SELECT s.external_id AS "externalId", p.priced_at AS "pricedAt"
         FROM ingest.published_prices p JOIN ingest.stores s ON s.store_id = p.store_id AND s.source = $2
        WHERE p.source = $1 AND p.priced_at IS NOT NULL`,
      [source, storeSource],
    ) as Promise<{ externalId: string; pricedAt: Date | string }[]>,
  ]);
  return prioritiesFrom(demand, basket, {
    externalIds: new Map(externalIds.map((r) => [r.storeId, r.externalId])),
    eans: new Map(eans.map((r) => [r.itemId, r.ean])),
    pricedAt: priced.map((r) => [r.externalId, new Date(r.pricedAt).toISOString()]),
  });
}

/** The mapping itself (pure): ids of the demand and the basket to this source's external ids and to EANs. */
export function prioritiesFrom(
  demand: DemandCounts,
  basket: ReferenceBasketItems,
  registry: { externalIds: ReadonlyMap<number, string>; eans: ReadonlyMap<number, string>; pricedAt: Iterable<[string, string]> },
): RefreshPriorities {
  const stores: RefreshPriorities['stores'] = [];
  for (const { storeId, count } of demand.stores) {
    const externalId = registry.externalIds.get(storeId);
    if (externalId !== undefined && count > 0) stores.push({ externalId, selections: count });
  }
  const eans: RefreshPriorities['eans'] = [];
  const carted = new Set<string>();
  for (const { itemId, count } of demand.items) {
    const ean = registry.eans.get(itemId);
    if (ean !== undefined && count > 0 && !carted.has(ean)) {
      carted.add(ean);
      eans.push({ ean, carts: count });
    }
  }
  const basketEans = [...new Set(basket.items.map((i) => registry.eans.get(i.itemId) ?? i.ean).filter((e): e is string => typeof e === 'string' && e !== ''))];
  return { stores, eans, basketEans, lastPricedAt: new Map(registry.pricedAt) };
}

function query<T>(dataSource: DataSource, sql: string, params: unknown[]): Promise<T[]> {
  return (params[params.length - 1] as unknown[]).length === 0 ? Promise.resolve([]) : dataSource.query(sql, params);
}
