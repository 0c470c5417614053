import { OPEN_DATA_SOURCE_IDS } from '@hintakori/shared-util';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { OfferUpsert, StoreUpsert } from './store-events.parsing';

/** The newest event per key (first seen wins among equal times), ordered by key so batches lock rows in one order. */
function newestBy<T extends { observedAt: string }>(rows: readonly T[], key: (row: T) => number): T[] {
  const newest = new Map<number, T>();
  for (const row of rows) {
    const current = newest.get(key(row));
    if (!current || Date.parse(row.observedAt) > Date.parse(current.observedAt)) newest.set(key(row), row);
  }
  return [...newest.values()].sort((a, b) => key(a) - key(b));
}

/** The open sources as a SQL array literal (constant ids). */
const OPEN_SOURCES_SQL = `'{${OPEN_DATA_SOURCE_IDS.join(',')}}'::text[]`;

/**
 * A store that a chain's own source (S-kaupat, K-Ruoka, Lidl, a chain feed) holds is not replaced by an open source's
 * event (OpenStreetMap): the twins are one store, and the chain's name, address and hours win; what open data said
 * fills only a store no chain source has named.
 */
const CHAIN_HOLDS_SQL = `(s.source IS NOT NULL AND s.source <> ALL (${OPEN_SOURCES_SQL}) AND excluded.source = ANY (${OPEN_SOURCES_SQL}))`;

/** Display name of a chain the feed names but the chains table does not know yet ('uusi-ketju' -> 'Uusi Ketju'). */
export function chainDisplayName(chain: string): string {
  return chain
    .split('-')
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');
}

/**
 * Projects `stores.upserted` and `offers.upserted`: monotonic per store and per offer (a stored row is
 * replaced only by a strictly newer event; seeded rows without an event time take any event). A store event
 * carries the whole week and the exception dates, which replace the stored ones. Each batch is one transaction.
 */
@Injectable()
export class StoreEventsProjection {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Returns how many stores were inserted or replaced. */
  async applyStoreUpserts(rows: readonly StoreUpsert[]): Promise<number> {
    if (rows.length === 0) return 0;
    const stores = newestBy(rows, (row) => row.storeId);
    return this.dataSource.transaction(async (manager) => {
      const chains = [...new Map(stores.map((s) => [s.chain, s.type])).entries()];
      await manager.query(
        `INSERT INTO stores.chains (id, display_name, group_type)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ORDER BY 1
         ON CONFLICT (id) DO NOTHING`,
        [chains.map(([id]) => id), chains.map(([id]) => chainDisplayName(id)), chains.map(([, type]) => type)],
      );
      // A source that gives no regular week (K-Ruoka: only the next days; hours it could not read) leaves the stored
      // week as it is, and replaces only the dates it gives: its twin's hours from OpenStreetMap stay.
      const withoutWeek = stores.filter((s) => s.weeklyHours.length === 0).map((s) => s.storeId);
      const keptWeeks: { id: number; hours_known: boolean }[] =
        withoutWeek.length === 0
          ? []
          : await manager.query(
              `SELECT s.id, s.hours_known FROM stores.stores s
               WHERE s.id = ANY ($1::int[]) AND EXISTS (SELECT 1 FROM stores.opening_hours h WHERE h.store_id = s.id)`,
              [withoutWeek],
            );
      const keepWeek = new Map(keptWeeks.map((row) => [row.id, row.hours_known]));
      const applied: { id: number }[] = await manager.query(
        `INSERT INTO stores.stores AS s (id, name, url_slug, chain_id, external_id, address, postal_code, city, lat, long, search_name, search_doc,
                                         source, hours_known, closed_at, observed_at)
         SELECT v.id, v.name, v."urlSlug", v.chain, v."externalId", v.address, v."postalCode", v.city, v.lat, v.long,
                stores.search_doc(v.name),
                stores.search_doc(concat_ws(' ', v.name, c.display_name, v.city, v.address, v."postalCode")),
                nullif(v.source, ''), v."openingHoursKnown", CASE WHEN v.closed THEN v."observedAt" END, v."observedAt"
         FROM json_to_recordset($1::json) AS v(id integer, name text, "urlSlug" text, chain text, "externalId" text, address text,
              "postalCode" text, city text, lat double precision, long double precision, source text, "openingHoursKnown" boolean,
              closed boolean, "observedAt" timestamptz)
         LEFT JOIN stores.chains c ON c.id = v.chain
         ORDER BY v.id
         ON CONFLICT (id) DO UPDATE SET
           name = excluded.name, url_slug = excluded.url_slug, chain_id = excluded.chain_id, external_id = excluded.external_id,
           address = CASE WHEN excluded.address = '' THEN s.address ELSE excluded.address END,
           postal_code = CASE WHEN excluded.postal_code = '' THEN s.postal_code ELSE excluded.postal_code END,
           city = CASE WHEN excluded.city = '' THEN s.city ELSE excluded.city END, lat = excluded.lat, long = excluded.long,
           search_name = excluded.search_name, search_doc = excluded.search_doc, source = excluded.source,
           hours_known = excluded.hours_known, closed_at = CASE WHEN excluded.closed_at IS NULL THEN NULL ELSE coalesce(s.closed_at, excluded.closed_at) END,
           observed_at = excluded.observed_at
         WHERE (s.observed_at IS NULL OR s.observed_at < excluded.observed_at) AND NOT ${CHAIN_HOLDS_SQL}
         RETURNING s.id`,
        [JSON.stringify(stores.map((s) => ({ ...s, id: s.storeId, openingHoursKnown: keepWeek.get(s.storeId) ?? s.openingHoursKnown })))],
      );
      if (applied.length === 0) return 0;
      const ids = new Set(applied.map((row) => row.id));
      const fresh = stores.filter((s) => ids.has(s.storeId));
      const storeIds = fresh.filter((s) => !keepWeek.has(s.storeId)).map((s) => s.storeId);
      await manager.query('DELETE FROM stores.opening_hours WHERE store_id = ANY ($1::int[])', [storeIds]);
      await manager.query('DELETE FROM stores.opening_exceptions WHERE store_id = ANY ($1::int[])', [storeIds]);
      const dated = fresh.filter((s) => keepWeek.has(s.storeId)).flatMap((s) => s.exceptions.map((e) => ({ storeId: s.storeId, date: e.date })));
      if (dated.length > 0) {
        await manager.query(
          `DELETE FROM stores.opening_exceptions x USING json_to_recordset($1::json) AS d("storeId" integer, date date)
           WHERE x.store_id = d."storeId" AND x.date = d.date`,
          [JSON.stringify(dated)],
        );
      }
      const hours = fresh.flatMap((s) => s.weeklyHours.map((h) => ({ storeId: s.storeId, ...h })));
      if (hours.length > 0) {
        await manager.query(
          `INSERT INTO stores.opening_hours (store_id, weekday, opens, closes, is_open_all_day)
           SELECT h."storeId", h.weekday, h.opens, h.closes, h."isOpenAllDay"
           FROM json_to_recordset($1::json) AS h("storeId" integer, weekday smallint, opens time, closes time, "isOpenAllDay" boolean)`,
          [JSON.stringify(hours)],
        );
      }
      const exceptions = fresh.flatMap((s) => s.exceptions.map((e) => ({ storeId: s.storeId, ...e })));
      if (exceptions.length > 0) {
        await manager.query(
          `INSERT INTO stores.opening_exceptions (store_id, date, opens, closes, is_open_all_day, description)
           SELECT e."storeId", e.date, e.opens, e.closes, e."isOpenAllDay", e.description
           FROM json_to_recordset($1::json) AS e("storeId" integer, date date, opens time, closes time, "isOpenAllDay" boolean, description text)`,
          [JSON.stringify(exceptions)],
        );
      }
      return applied.length;
    });
  }

  /** Returns how many offers were inserted or replaced. */
  async applyOfferUpserts(rows: readonly OfferUpsert[]): Promise<number> {
    if (rows.length === 0) return 0;
    const offers = newestBy(rows, (row) => row.offerId);
    const [{ changed }]: { changed: number }[] = await this.dataSource.query(
      `WITH changed AS (
         INSERT INTO stores.offers AS o (id, store_id, item_id, name, image, valid_until, observed_at)
         SELECT v."offerId", v."storeId", v."itemId", v.name, v.image, v."validUntil", v."observedAt"
         FROM json_to_recordset($1::json) AS v("offerId" integer, "storeId" integer, "itemId" integer, name text, image text,
              "validUntil" timestamptz, "observedAt" timestamptz)
         ORDER BY v."offerId"
         ON CONFLICT (id) DO UPDATE SET
           store_id = excluded.store_id, item_id = excluded.item_id, name = excluded.name, image = excluded.image,
           valid_until = excluded.valid_until, observed_at = excluded.observed_at
         WHERE o.observed_at IS NULL OR o.observed_at < excluded.observed_at
         RETURNING 1
       )
       SELECT count(*)::int AS changed FROM changed`,
      [JSON.stringify(offers)],
    );
    return changed;
  }
}
