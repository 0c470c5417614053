import { checkEvent, type CheckedEvent } from '@hintakori/platform-messaging';
import { canonicalIsoTime, ItemUpsertedEvent, sourceIdOf } from '@hintakori/price-ingest-contracts';
import { OPEN_DATA_SOURCE_IDS } from '@hintakori/shared-util';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CategoryPlacement } from '../categories/category-placement';
import type { NutrientColumn } from './item.entity';

/** The item fields whose source is kept (catalog.items.field_sources), with their columns. */
const SOURCED_FIELDS = [
  ['name', 'name'],
  ['brandName', 'brand_name'],
  ['pictureUrl', 'picture_url'],
  ['originCountry', 'origin_country'],
  ['description', 'description'],
  ['ingredients', 'ingredients'],
  ['nutritionalContent', 'nutritional_content'],
] as const;

/** The fields open data may fill (an item always has a name). */
const FILLABLE_FIELDS = SOURCED_FIELDS.filter(([field]) => field !== 'name');

const isOpenSource = (source: string) => OPEN_DATA_SOURCE_IDS.includes(source);

/** The open sources as a SQL array literal (constant ids). */
const OPEN_SOURCES_SQL = `'{${OPEN_DATA_SOURCE_IDS.join(',')}}'::text[]`;

/** `{field: {source, at}}` for the fields the event gives (non-empty). */
function fieldSourcesOf(item: ItemUpsert): Record<string, { source: string; at: string }> {
  const out: Record<string, { source: string; at: string }> = {};
  if (!item.source) return out;
  for (const [field] of SOURCED_FIELDS) {
    const value = item[field];
    if (Array.isArray(value) ? value.length > 0 : value !== '') out[field] = { source: item.source, at: item.observedAt };
  }
  return out;
}

/** A column's "empty" test (text '' or an empty JSON array). */
const emptySql = (column: string) => (column.endsWith('nutritional_content') ? `jsonb_array_length(${column}) = 0` : `${column} = ''`);

/** The item fields that are text or null on the wire and text ('' for none) once checked. */
type OptionalTextField = 'pictureUrl' | 'brandName' | 'originCountry' | 'description' | 'ingredients';

/**
 * An item from a feed, checked (the `items.upserted` event without its transport fields): its name and category keys
 * trimmed, no text '' rather than null, its category named, its time in canonical UTC.
 */
export type ItemUpsert = Pick<ItemUpsertedEvent, 'itemId' | 'ean' | 'name' | 'urlSlug' | 'observedAt'> &
  Record<OptionalTextField, string> & {
    nutritionalContent: NutrientColumn[];
    category: Omit<ItemUpsertedEvent['category'], 'name'> & { name: string };
    /** The source of the event ('' when it names none); open-data sources only fill empty fields. */
    source: string;
  };

const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;

/** A category's own name when it is text of at most 500 characters without NUL (else the item's category is named by its path or id). */
const categoryName = (name: unknown): string | null => (typeof name === 'string' && name.length <= 500 && !name.includes('\u0000') ? name : null);

/** Checks one `items.upserted` payload from the wire against ItemUpsertedEvent; a bad event is reported, never thrown. */
export function parseItemUpsertedEvent(input: unknown, now: Date = new Date()): CheckedEvent<ItemUpsert> {
  const checked = checkEvent(ItemUpsertedEvent, input);
  if (!checked.ok) return checked;
  const event = checked.event;
  const at = Date.parse(event.observedAt);
  if (at - now.getTime() > MAX_FUTURE_MS) return { ok: false, reason: 'observedAt is more than a day in the future' };
  const { category } = event;
  const externalId = category.externalId.trim();
  return {
    ok: true,
    event: {
      itemId: event.itemId,
      ean: event.ean,
      name: event.name.trim(),
      urlSlug: event.urlSlug,
      pictureUrl: event.pictureUrl ?? '',
      brandName: event.brandName ?? '',
      originCountry: event.originCountry ?? '',
      description: event.description ?? '',
      ingredients: event.ingredients ?? '',
      nutritionalContent: event.nutritionalContent.map((n) => ({ name: n.name, value: n.value, ri: n.ri })),
      category: { externalType: category.externalType.trim(), externalId, name: categoryName(category.name) ?? category.path[category.path.length - 1] ?? externalId, path: category.path },
      observedAt: canonicalIsoTime(event.observedAt, at),
      source: sourceIdOf(event.source) ?? '',
    },
  };
}

/** A chain feed's field replaces the stored one, except that an empty one keeps what open data filled. */
const KEEP_OPEN_FILLS_SQL = FILLABLE_FIELDS.map(
  ([field, column]) =>
    `${column} = CASE WHEN NOT (${emptySql(`excluded.${column}`)}) OR coalesce(i.field_sources->'${field}'->>'source', '') <> ALL (${OPEN_SOURCES_SQL}) THEN excluded.${column} ELSE i.${column} END`,
).join(',\n             ');

/**
 * Rank of a field's source for open data's fills: the reporter's text (Open Prices) below Open Food Facts, and both
 * below a chain's shop or feed (or a seeded value, which names no source): the best source for each field wins.
 */
const fieldRankSql = (sourceExpr: string) => `CASE coalesce(${sourceExpr}, '') WHEN 'open-prices' THEN 1 WHEN 'open-food-facts' THEN 2 ELSE 3 END`;

/**
 * Whether open data fills this field now: the event gives it, and the stored one is empty or came from a worse open
 * source (Open Food Facts' name replaces the one a shopper typed into Open Prices).
 */
const fillsSql = (field: string, column: string) =>
  `NOT (${emptySql(`excluded.${column}`)}) AND (${column === 'name' ? 'false' : emptySql(`i.${column}`)} OR ${fieldRankSql(`i.field_sources->'${field}'->>'source'`)} < ${fieldRankSql(`excluded.field_sources->'${field}'->>'source'`)})`;

/** Open data fills a field where the stored one is empty or from a worse open source. */
const FILL_EMPTY_SQL = SOURCED_FIELDS.map(([field, column]) => `${column} = CASE WHEN ${fillsSql(field, column)} THEN excluded.${column} ELSE i.${column} END`).join(
  ',\n             ',
);

/** The sources of the fields the fill changes. */
const FILLED_SOURCES_SQL = `jsonb_strip_nulls(jsonb_build_object(${SOURCED_FIELDS.map(
  ([field, column]) => `'${field}', CASE WHEN ${fillsSql(field, column)} THEN excluded.field_sources->'${field}' END`,
).join(', ')}))`;

/** Whether the fill changes anything (so a replay is not counted). */
const FILL_CHANGES_SQL = SOURCED_FIELDS.map(([field, column]) => `(${fillsSql(field, column)})`).join(' OR ');

/**
 * Open data places an item only while open data placed it before (a chain feed's category stays), and not below the
 * source that placed it (Open Prices' category does not replace Open Food Facts').
 */
const OPEN_PLACED_SQL = `(i.source_category_type = ANY (${OPEN_SOURCES_SQL}) AND ${fieldRankSql('i.source_category_type')} <= ${fieldRankSql('excluded.source_category_type')})`;

/**
 * The upsert of item records (itemRecords) into catalog.items: `observedAt` is the stored event time (NULL: any
 * later event replaces the item), `onConflict` the SET and WHERE of an existing item. Answers the ids written.
 */
function upsertItemsSql(observedAt: string, onConflict: string): string {
  return `WITH changed AS (
           INSERT INTO catalog.items AS i (id, ean, name, url_slug, picture_url, brand_name, origin_country, description, ingredients,
                                          nutritional_content, category_id, source_category_type, source_category_id, field_sources,
                                          observed_at, updated_at)
           SELECT o.id, o.ean, o.name, o."urlSlug", o."pictureUrl", o."brandName", o."originCountry", o.description, o.ingredients,
                  o."nutritionalContent", o."categoryId", o."sourceType", o."sourceId", o."fieldSources", ${observedAt}, o."observedAt"
           FROM json_to_recordset($1::json) AS o(id integer, ean text, name text, "urlSlug" text, "pictureUrl" text, "brandName" text,
                "originCountry" text, description text, ingredients text, "nutritionalContent" jsonb, "categoryId" integer,
                "sourceType" text, "sourceId" text, "fieldSources" jsonb, "observedAt" timestamptz)
           ORDER BY o.id
           ON CONFLICT (id) DO UPDATE SET ${onConflict}
           RETURNING i.id
         )
         SELECT coalesce(array_agg(id), '{}') AS changed FROM changed`;
}

const UPSERT_FEED_ITEMS_SQL = upsertItemsSql(
  'o."observedAt"',
  `ean = excluded.ean, name = excluded.name, url_slug = excluded.url_slug, ${KEEP_OPEN_FILLS_SQL},
             category_id = excluded.category_id,
             source_category_type = excluded.source_category_type, source_category_id = excluded.source_category_id,
             field_sources = i.field_sources || excluded.field_sources,
             observed_at = excluded.observed_at, updated_at = excluded.updated_at
           WHERE i.observed_at IS NULL OR i.observed_at < excluded.observed_at`,
);

const UPSERT_OPEN_ITEMS_SQL = upsertItemsSql(
  'NULL',
  `${FILL_EMPTY_SQL},
             category_id = CASE WHEN ${OPEN_PLACED_SQL} THEN excluded.category_id ELSE i.category_id END,
             source_category_type = CASE WHEN ${OPEN_PLACED_SQL} THEN excluded.source_category_type ELSE i.source_category_type END,
             source_category_id = CASE WHEN ${OPEN_PLACED_SQL} THEN excluded.source_category_id ELSE i.source_category_id END,
             field_sources = i.field_sources || ${FILLED_SOURCES_SQL},
             updated_at = now()
           WHERE ${FILL_CHANGES_SQL}
              OR (${OPEN_PLACED_SQL} AND (i.source_category_type, i.source_category_id) IS DISTINCT FROM (excluded.source_category_type, excluded.source_category_id))`,
);

/** The upsert's records: each item with its placement and the sources of its fields. */
function itemRecords(items: readonly ItemUpsert[], categoryIds: readonly number[]) {
  return items.map((item, i) => ({
    id: item.itemId,
    ean: item.ean,
    name: item.name,
    urlSlug: item.urlSlug,
    pictureUrl: item.pictureUrl,
    brandName: item.brandName,
    originCountry: item.originCountry,
    description: item.description,
    ingredients: item.ingredients,
    nutritionalContent: item.nutritionalContent,
    categoryId: categoryIds[i],
    sourceType: item.category.externalType,
    sourceId: item.category.externalId,
    fieldSources: fieldSourcesOf(item),
    observedAt: item.observedAt,
  }));
}

/**
 * Serialises placement against mapping changes: item batches hold it shared, creating or deleting a
 * mapping holds it exclusively, so no batch places items by a mapping that is being changed.
 */
export const PLACEMENT_LOCK_KEY = "hashtextextended('hintakori.catalog.placement', 0)";

/** The newest event per key, first seen winning among equal times. */
function newestBy<T extends { observedAt: string }>(rows: readonly T[], key: (row: T) => string): T[] {
  const newest = new Map<string, T>();
  for (const row of rows) {
    const current = newest.get(key(row));
    if (!current || Date.parse(row.observedAt) > Date.parse(current.observedAt)) newest.set(key(row), row);
  }
  return [...newest.values()];
}

const sourceKey = (c: { externalType: string; externalId: string }) => `${c.externalType}\u0000${c.externalId}`;

/**
 * Projects item master data: monotonic per item (a stored item is replaced only by a strictly newer event;
 * items seeded without an event time take any event). Each item is placed by an admin mapping of its feed
 * category, else by a name match in our tree, else in "Muut"; its feed category is remembered so mappings
 * can move it later, and the feed categories are kept for the admin area.
 */
@Injectable()
export class ItemUpsertProjection {
  constructor(
    private readonly dataSource: DataSource,
    private readonly placement: CategoryPlacement,
  ) {}

  /** One transaction for the feeds' items and one for open data's; returns how many items were inserted or changed. */
  async applyItemUpserts(rows: readonly ItemUpsert[]): Promise<number> {
    const open = rows.filter((row) => isOpenSource(row.source));
    const feeds = open.length === 0 ? rows : rows.filter((row) => !isOpenSource(row.source));
    return (await this.applyFeedItems(feeds)) + (await this.applyOpenItems(open));
  }

  /** Chain and partner feeds: monotonic per item, the whole item replaced (but see KEEP_OPEN_FILLS_SQL). */
  private async applyFeedItems(rows: readonly ItemUpsert[]): Promise<number> {
    if (rows.length === 0) return 0;
    const newest = newestBy(rows, (row) => String(row.itemId)).sort((a, b) => a.itemId - b.itemId);
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock_shared(${PLACEMENT_LOCK_KEY})`);
      // Events not newer than the stored item are dropped before placement (which may create "Muut").
      const stale: { id: number }[] = await manager.query(
        `SELECT i.id FROM catalog.items i
         JOIN json_to_recordset($1::json) AS o(id integer, "observedAt" timestamptz) ON o.id = i.id
         WHERE i.observed_at >= o."observedAt"`,
        [JSON.stringify(newest.map((item) => ({ id: item.itemId, observedAt: item.observedAt })))],
      );
      const staleIds = new Set(stale.map((row) => row.id));
      return this.upsert(manager, UPSERT_FEED_ITEMS_SQL, newest.filter((item) => !staleIds.has(item.itemId)));
    });
  }

  /**
   * Open data (Open Food Facts, Open Prices): a new item is created (placed like any, with no event time, so the
   * first chain feed's event replaces it); an existing one only gets the fields it lacks, and its category only
   * while open data placed it. Filling is idempotent: a replay finds the fields filled and changes nothing.
   */
  private async applyOpenItems(rows: readonly ItemUpsert[]): Promise<number> {
    if (rows.length === 0) return 0;
    const items = newestBy(rows, (row) => String(row.itemId)).sort((a, b) => a.itemId - b.itemId);
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock_shared(${PLACEMENT_LOCK_KEY})`);
      return this.upsert(manager, UPSERT_OPEN_ITEMS_SQL, items);
    });
  }

  /** Places the items, writes them with `upsertSql` and remembers the feed categories of those written. */
  private async upsert(manager: EntityManager, upsertSql: string, items: readonly ItemUpsert[]): Promise<number> {
    if (items.length === 0) return 0;
    const categoryIds = await this.placeAll(manager, items);
    const [{ changed }]: { changed: number[] }[] = await manager.query(upsertSql, [JSON.stringify(itemRecords(items, categoryIds))]);
    if (changed.length === 0) return 0;
    // The feed categories of the items written (a replayed or older event leaves no trace here either).
    const applied = new Set(changed);
    const sources = newestBy(
      items.filter((item) => applied.has(item.itemId)).map((item) => ({ ...item.category, observedAt: item.observedAt })),
      sourceKey,
    ).sort((a, b) => a.externalType.localeCompare(b.externalType) || a.externalId.localeCompare(b.externalId));
    await manager.query(
      `INSERT INTO catalog.source_categories AS s (external_type, external_id, name, path, observed_at)
       SELECT c."externalType", c."externalId", c.name, ARRAY(SELECT json_array_elements_text(c.path)), c."observedAt"
       FROM json_to_recordset($1::json) AS c("externalType" text, "externalId" text, name text, path json, "observedAt" timestamptz)
       ON CONFLICT (external_type, external_id) DO UPDATE SET name = excluded.name, path = excluded.path, observed_at = excluded.observed_at
       WHERE s.observed_at < excluded.observed_at`,
      [JSON.stringify(sources)],
    );
    return changed.length;
  }

  /** Our category for each item (same order): its feed category's mapping, else the default placement. */
  private async placeAll(manager: EntityManager, items: readonly ItemUpsert[]): Promise<number[]> {
    const refs = items.map((item) => item.category);
    const mapped: { externalType: string; externalId: string; categoryId: number }[] = await manager.query(
      `SELECT m.external_type AS "externalType", m.external_id AS "externalId", m.category_id AS "categoryId"
       FROM catalog.category_mappings m
       JOIN unnest($1::text[], $2::text[]) AS k(external_type, external_id) ON m.external_type = k.external_type AND m.external_id = k.external_id`,
      [refs.map((r) => r.externalType), refs.map((r) => r.externalId)],
    );
    const byKey = new Map(mapped.map((m) => [sourceKey(m), m.categoryId]));
    const unmapped = refs.filter((ref) => !byKey.has(sourceKey(ref)));
    const defaults = unmapped.length > 0 ? await this.placement.defaultCategories(manager, unmapped) : [];
    let next = 0;
    return refs.map((ref) => byKey.get(sourceKey(ref)) ?? defaults[next++]);
  }
}
