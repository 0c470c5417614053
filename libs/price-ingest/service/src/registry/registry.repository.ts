import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Serialises id assignment so ids follow first sight without gaps, whichever worker registers. */
const REGISTRY_LOCK = `SELECT pg_advisory_xact_lock(hashtext('hintakori:ingest:registry'))`;

export interface ProductKey {
  ean: string;
  priceUnit: string;
  comparisonPriceUnit: string;
}

/** A store as a run registers it: the source's id of it, its chain, and its position when known. */
export interface StoreKey {
  externalId: string;
  chain: string;
  lat?: number;
  long?: number;
}

/** A store of one source and a store of another source of the same chain this close (metres) are the same store. */
export const STORE_TWIN_METRES = 150;

/** Metres between two positions, by the equirectangular approximation (exact enough at 150 m). */
function distanceSql(lat1: string, long1: string, lat2: string, long2: string): string {
  return `sqrt(power((${lat1} - ${lat2}) * 111195.0, 2) + power((${long1} - ${long2}) * 111195.0 * cos(radians(${lat2})), 2))`;
}

const finiteOrNull = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : null);

export interface SourceItem {
  itemId: number;
  priceUnit: string;
  comparisonPriceUnit: string;
}

/**
 * price-ingest's id registries: EAN → item id (shared by every source), (source, EAN) → the item as that
 * source lists it, (source, external store id) → store id, and offers. Ids are stable across runs.
 */
@Injectable()
export class RegistryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Registers the products of a source (in the given order) and returns EAN → item id. */
  async registerProducts(source: string, products: readonly ProductKey[]): Promise<Map<string, number>> {
    const unique = [...new Map(products.map((p) => [p.ean, p])).values()];
    if (unique.length === 0) return new Map();
    const eans = unique.map((p) => p.ean);
    return this.dataSource.transaction(async (manager) => {
      await manager.query(REGISTRY_LOCK);
      await manager.query(
        `INSERT INTO ingest.items (ean, item_id, first_source)
         SELECT t.ean, nextval('ingest.item_id_seq'), $2
         FROM (SELECT e AS ean, n FROM unnest($1::text[]) WITH ORDINALITY AS u(e, n)
               WHERE NOT EXISTS (SELECT 1 FROM ingest.items i WHERE i.ean = u.e) ORDER BY n) t`,
        [eans, source],
      );
      const rows: { ean: string; item_id: number }[] = await manager.query(
        `INSERT INTO ingest.source_items (source, ean, item_id, price_unit, comparison_price_unit)
         SELECT $1, p.ean, i.item_id, p.pu, p.cu
         FROM unnest($2::text[], $3::text[], $4::text[]) AS p(ean, pu, cu) JOIN ingest.items i ON i.ean = p.ean
         ON CONFLICT (source, ean) DO UPDATE SET price_unit = excluded.price_unit, comparison_price_unit = excluded.comparison_price_unit
         RETURNING ean, item_id`,
        [source, eans, unique.map((p) => p.priceUnit), unique.map((p) => p.comparisonPriceUnit)],
      );
      return new Map(rows.map((r) => [r.ean, r.item_id]));
    });
  }

  /** The products a source has listed (in this run or an earlier one), by EAN. */
  async sourceItems(source: string, eans: readonly string[]): Promise<Map<string, SourceItem>> {
    if (eans.length === 0) return new Map();
    const rows: { ean: string; item_id: number; price_unit: string; comparison_price_unit: string }[] = await this.dataSource.query(
      `SELECT ean, item_id, price_unit, comparison_price_unit FROM ingest.source_items WHERE source = $1 AND ean = ANY($2::text[])`,
      [source, [...new Set(eans)]],
    );
    return new Map(rows.map((r) => [r.ean, { itemId: r.item_id, priceUnit: r.price_unit, comparisonPriceUnit: r.comparison_price_unit }]));
  }

  /**
   * The item of each EAN for a source's prices: as the source lists it, else as another source lists it (one product
   * whatever source named it: an Open Prices price for a product a chain's shop brought in prices that product), with
   * the units of the source that first listed it.
   */
  async pricedItems(source: string, eans: readonly string[]): Promise<Map<string, SourceItem>> {
    const own = await this.sourceItems(source, eans);
    const missing = [...new Set(eans)].filter((ean) => !own.has(ean));
    if (missing.length === 0) return own;
    const rows: { ean: string; item_id: number; price_unit: string; comparison_price_unit: string }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (i.ean) i.ean, i.item_id, si.price_unit, si.comparison_price_unit
       FROM ingest.items i JOIN ingest.source_items si ON si.ean = i.ean
       WHERE i.ean = ANY($1::text[])
       ORDER BY i.ean, (si.source = i.first_source) DESC, si.source`,
      [missing],
    );
    for (const r of rows) own.set(r.ean, { itemId: r.item_id, priceUnit: r.price_unit, comparisonPriceUnit: r.comparison_price_unit });
    return own;
  }

  /**
   * Registers stores of a source (in order) and returns external id → store id. A new store takes the id of a store
   * another source registered of the same chain within STORE_TWIN_METRES (the nearest; one this source has not
   * already taken), so OpenStreetMap's store and its S-kaupat twin are one store with both external ids; otherwise a
   * new id. Every store keeps its latest position.
   */
  async registerStores(source: string, stores: readonly StoreKey[]): Promise<Map<string, number>> {
    const unique = [...new Map(stores.map((s) => [s.externalId, s])).values()];
    if (unique.length === 0) return new Map();
    return this.dataSource.transaction(async (manager) => {
      await manager.query(REGISTRY_LOCK);
      const ids = unique.map((s) => s.externalId);
      const existing = await this.storeIdsIn(manager.query.bind(manager), source, ids);
      const fresh = unique.filter((s) => !existing.has(s.externalId));
      // Twins first, one at a time in order: each takes the nearest store of another source not yet taken by this one.
      for (const store of fresh) {
        if (!Number.isFinite(store.lat) || !Number.isFinite(store.long)) continue;
        const [twin]: { store_id: number }[] = await manager.query(
          `SELECT s.store_id FROM ingest.stores s
           WHERE s.chain = $2 AND s.source <> $1 AND s.lat BETWEEN $3::float8 - $5::float8 AND $3::float8 + $5::float8
             AND s.lat IS NOT NULL AND s.long IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM ingest.stores o WHERE o.source = $1 AND o.store_id = s.store_id)
             AND ${distanceSql('s.lat', 's.long', '$3::float8', '$4::float8')} <= $6::float8
           ORDER BY ${distanceSql('s.lat', 's.long', '$3::float8', '$4::float8')}, s.store_id
           LIMIT 1`,
          [source, store.chain, store.lat, store.long, STORE_TWIN_METRES / 110_000, STORE_TWIN_METRES],
        );
        if (!twin) continue;
        await manager.query(`INSERT INTO ingest.stores (source, external_id, store_id, chain, lat, long) VALUES ($1, $2, $3, $4, $5, $6)`, [
          source,
          store.externalId,
          twin.store_id,
          store.chain,
          store.lat,
          store.long,
        ]);
        existing.set(store.externalId, twin.store_id);
      }
      const rest = fresh.filter((s) => !existing.has(s.externalId));
      await manager.query(
        `INSERT INTO ingest.stores (source, external_id, store_id, chain, lat, long)
         SELECT $1, t.id, nextval('ingest.store_id_seq'), t.chain, t.lat, t.long
         FROM (SELECT id, chain, lat, long, n FROM unnest($2::text[], $3::text[], $4::float8[], $5::float8[]) WITH ORDINALITY AS u(id, chain, lat, long, n) ORDER BY n) t`,
        [source, rest.map((s) => s.externalId), rest.map((s) => s.chain), rest.map((s) => finiteOrNull(s.lat)), rest.map((s) => finiteOrNull(s.long))],
      );
      // A store that moved (or was registered before positions were kept) keeps its latest position.
      const placed = unique.filter((s) => existing.has(s.externalId) && Number.isFinite(s.lat) && Number.isFinite(s.long));
      if (placed.length > 0) {
        await manager.query(
          `UPDATE ingest.stores s SET lat = u.lat, long = u.long
           FROM unnest($2::text[], $3::float8[], $4::float8[]) AS u(id, lat, long)
           WHERE s.source = $1 AND s.external_id = u.id AND (s.lat IS DISTINCT FROM u.lat OR s.long IS DISTINCT FROM u.long)`,
          [source, placed.map((s) => s.externalId), placed.map((s) => s.lat), placed.map((s) => s.long)],
        );
      }
      return this.storeIdsIn(manager.query.bind(manager), source, ids);
    });
  }

  /** The external ids every source registered for a store id ('osm:node/1', 's-kaupat:517609418'), by source. */
  async externalIdsOf(storeId: number): Promise<{ source: string; externalId: string }[]> {
    const rows: { source: string; external_id: string }[] = await this.dataSource.query(
      `SELECT source, external_id FROM ingest.stores WHERE store_id = $1 ORDER BY source, external_id`,
      [storeId],
    );
    return rows.map((r) => ({ source: r.source, externalId: r.external_id }));
  }

  async storeIds(source: string, externalIds: readonly string[]): Promise<Map<string, number>> {
    return this.storeIdsIn(this.dataSource.query.bind(this.dataSource), source, externalIds);
  }

  /** Every store id of a source (for national price lists). */
  async allStoreIds(source: string): Promise<number[]> {
    const rows: { store_id: number }[] = await this.dataSource.query(`SELECT store_id FROM ingest.stores WHERE source = $1 ORDER BY store_id`, [source]);
    return rows.map((r) => r.store_id);
  }

  /** Registers offers (source, store, item, start key) and returns their ids in input order. */
  async registerOffers(source: string, offers: readonly { storeId: number; itemId: number; starts: string }[]): Promise<number[]> {
    if (offers.length === 0) return [];
    const key = (o: { storeId: number; itemId: number; starts: string }) => `${o.storeId}/${o.itemId}/${o.starts}`;
    const unique = [...new Map(offers.map((o) => [key(o), o])).values()];
    const ids = await this.dataSource.transaction(async (manager) => {
      await manager.query(REGISTRY_LOCK);
      await manager.query(
        `INSERT INTO ingest.offers (source, store_id, item_id, starts, offer_id)
         SELECT $1, t.s, t.i, t.st, nextval('ingest.offer_id_seq')
         FROM (SELECT s, i, st, n FROM unnest($2::int[], $3::int[], $4::text[]) WITH ORDINALITY AS u(s, i, st, n)
               WHERE NOT EXISTS (SELECT 1 FROM ingest.offers o WHERE o.source = $1 AND o.store_id = u.s AND o.item_id = u.i AND o.starts = u.st) ORDER BY n) t`,
        [source, unique.map((o) => o.storeId), unique.map((o) => o.itemId), unique.map((o) => o.starts)],
      );
      const rows: { store_id: number; item_id: number; starts: string; offer_id: number }[] = await manager.query(
        `SELECT o.store_id, o.item_id, o.starts, o.offer_id FROM ingest.offers o
         JOIN unnest($2::int[], $3::int[], $4::text[]) AS u(s, i, st) ON o.store_id = u.s AND o.item_id = u.i AND o.starts = u.st
         WHERE o.source = $1`,
        [source, unique.map((o) => o.storeId), unique.map((o) => o.itemId), unique.map((o) => o.starts)],
      );
      return new Map(rows.map((r) => [`${r.store_id}/${r.item_id}/${r.starts}`, r.offer_id]));
    });
    return offers.map((o) => ids.get(key(o)) as number);
  }

  /** Of `eans`, those `source` has listed (source_items). */
  async listedEans(source: string, eans: readonly string[]): Promise<Set<string>> {
    return new Set((await this.sourceItems(source, eans)).keys());
  }

  /** Of `eans`, those any source has listed (the shared EAN registry). */
  async knownEans(eans: readonly string[]): Promise<Set<string>> {
    if (eans.length === 0) return new Set();
    const rows: { ean: string }[] = await this.dataSource.query(`SELECT ean FROM ingest.items WHERE ean = ANY($1::text[])`, [[...new Set(eans)]]);
    return new Set(rows.map((r) => r.ean));
  }

  /** Registry EANs Open Food Facts was never asked about, or last asked before `olderThan`; never asked first. */
  async eansToRefresh(olderThan: string, limit: number): Promise<string[]> {
    const rows: { ean: string }[] = await this.dataSource.query(
      `SELECT ean FROM ingest.items WHERE off_checked_at IS NULL OR off_checked_at < $1 ORDER BY off_checked_at NULLS FIRST, item_id LIMIT $2`,
      [olderThan, limit],
    );
    return rows.map((r) => r.ean);
  }

  async markProductsChecked(eans: readonly string[], at: string): Promise<void> {
    if (eans.length === 0) return;
    await this.dataSource.query(`UPDATE ingest.items SET off_checked_at = $2 WHERE ean = ANY($1::text[])`, [[...new Set(eans)], at]);
  }

  /** Keeps each store's last event and that `runId` saw it (a store seen again is open again). */
  async rememberStores(source: string, runId: string, events: readonly { externalId: string }[]): Promise<void> {
    if (events.length === 0) return;
    await this.dataSource.query(
      `UPDATE ingest.stores s SET last_event = e.event, last_seen_run = $2, closed_at = NULL
       FROM (SELECT x->>'externalId' AS id, x AS event FROM jsonb_array_elements($3::jsonb) x) e
       WHERE s.source = $1 AND s.external_id = e.id`,
      [source, runId, JSON.stringify(events)],
    );
  }

  /**
   * The source's open stores that run `runId` did not see: marked closed now, and their last events returned (to be
   * published as closed). Refused (nothing closed, `refused` true) when the run saw under half of the source's open
   * stores: a partial answer from the source must not close a country's stores.
   */
  async closeUnseenStores(source: string, runId: string): Promise<{ closed: unknown[]; seen: number; open: number; refused: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(REGISTRY_LOCK);
      const [{ seen, open }]: { seen: number; open: number }[] = await manager.query(
        `SELECT count(*) FILTER (WHERE last_seen_run = $2)::int AS seen, count(*) FILTER (WHERE closed_at IS NULL)::int AS open
         FROM ingest.stores WHERE source = $1`,
        [source, runId],
      );
      if (seen * 2 < open) return { closed: [], seen, open, refused: true };
      // TypeORM answers UPDATE … RETURNING with [rows, affected].
      const [rows]: [{ last_event: unknown }[], number] = await manager.query(
        `UPDATE ingest.stores SET closed_at = now()
         WHERE source = $1 AND closed_at IS NULL AND last_seen_run IS DISTINCT FROM $2 AND last_event IS NOT NULL
         RETURNING last_event`,
        [source, runId],
      );
      return { closed: rows.map((r) => r.last_event), seen, open, refused: false };
    });
  }

  private async storeIdsIn(query: (sql: string, params: unknown[]) => Promise<{ external_id: string; store_id: number }[]>, source: string, externalIds: readonly string[]) {
    if (externalIds.length === 0) return new Map<string, number>();
    const rows = await query(`SELECT external_id, store_id FROM ingest.stores WHERE source = $1 AND external_id = ANY($2::text[])`, [source, [...new Set(externalIds)]]);
    return new Map(rows.map((r) => [r.external_id, r.store_id]));
  }
}
