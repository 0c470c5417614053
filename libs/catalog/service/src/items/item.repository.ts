import { type FieldSourceDto, MAX_ALTERNATIVES } from '@hintakori/catalog-contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Page } from './page';
import type { ItemHeadRow } from './item-json';
import { availabilitySql, ITEM_COLUMNS_SQL, ItemRow, LOWEST_PRICE_30D_SQL, withItemDetails } from './item-rows';
import type { NutrientColumn } from './item.entity';

export interface NewItem {
  id: number;
  ean: string | null;
  name: string;
  urlSlug: string;
  pictureUrl: string;
  brandName: string;
  originCountry: string;
  description: string;
  ingredients: string;
  nutritionalContent: NutrientColumn[];
  categoryId: number | null;
}

const BY_IDS_SQL = withItemDetails(`SELECT ids.id, ids.ord FROM unnest($2::int[]) WITH ORDINALITY AS ids(id, ord)`);

const BY_CATEGORIES_SQL = withItemDetails(`
  SELECT i.id, row_number() OVER (ORDER BY ${availabilitySql('i.id')} DESC, i.name COLLATE catalog.finnish, i.id) AS ord
  FROM catalog.items i
  WHERE i.category_id = ANY ($2::int[])
  ORDER BY ord
  LIMIT $3 OFFSET $4`);

/**
 * The item's lowest comparison price in the chosen stores (its most common comparison unit there), then the
 * items of the same leaf category and unit whose lowest comparison price in those stores is below it, best
 * first. Index-backed: items by category, prices by (item, store).
 */
const ALTERNATIVES_SQL = `
  WITH target AS (
    SELECT i.category_id, p.comparison_price_unit AS unit, min(p.comparison_price) AS best
    FROM catalog.items i
    JOIN catalog.store_prices p ON p.item_id = i.id AND p.store_id = ANY ($1::int[])
    WHERE i.id = $2 AND p.comparison_price IS NOT NULL AND p.comparison_price_unit <> ''
    GROUP BY i.category_id, p.comparison_price_unit
    ORDER BY count(*) DESC, p.comparison_price_unit
    LIMIT 1
  )
  SELECT target.unit, target.best,
         coalesce((
           SELECT json_agg(json_build_object('itemId', c.item_id, 'comparisonPrice', c.best) ORDER BY c.best, c.item_id)
           FROM (
             SELECT p.item_id, min(p.comparison_price) AS best
             FROM catalog.items i
             JOIN catalog.store_prices p ON p.item_id = i.id AND p.store_id = ANY ($1::int[])
             WHERE i.category_id = target.category_id AND i.id <> $2
               AND p.comparison_price_unit = target.unit AND p.comparison_price IS NOT NULL
             GROUP BY p.item_id
             HAVING min(p.comparison_price) < target.best
             ORDER BY best, p.item_id
             LIMIT ${MAX_ALTERNATIVES}
           ) c), '[]'::json) AS alternatives
  FROM target`;

/**
 * A store's campaign prices ($1) with the 30-day low of each, only real discounts when $2; real discounts first
 * (biggest saving first), then campaigns without an earlier price, then campaigns not below the low; by name
 * within each. One page ($3, $4) and the count of all that match. Prices of items catalog does not know yet are left out.
 * The partial index store_prices_store_campaign_idx finds the store's campaign rows.
 */
const STORE_CAMPAIGNS_SQL = `
  WITH c AS (
    SELECT p.item_id, p.price, ${LOWEST_PRICE_30D_SQL} AS low
    FROM catalog.store_prices p
    WHERE p.store_id = $1 AND p.is_campaign
  ), r AS (
    SELECT c.item_id, c.price, c.low, i.name, CASE WHEN c.low IS NULL THEN NULL ELSE c.price < c.low END AS real
    FROM c JOIN catalog.items i ON i.id = c.item_id
    WHERE NOT $2::boolean OR c.price < c.low
  )
  SELECT (SELECT count(*)::int FROM r) AS total,
         coalesce((
           SELECT json_agg(json_build_object('itemId', pg.item_id, 'price', pg.price, 'lowestPrice30d', pg.low,
                                             'isRealDiscount', pg.real, 'saving', pg.saving) ORDER BY pg.ord)
           FROM (
             SELECT r.*, CASE WHEN r.real THEN r.low - r.price END AS saving,
                    row_number() OVER (ORDER BY CASE WHEN r.real THEN 0 WHEN r.real IS NULL THEN 1 ELSE 2 END,
                                                CASE WHEN r.real THEN r.low - r.price END DESC NULLS LAST,
                                                r.name COLLATE catalog.finnish, r.item_id) AS ord
             FROM r
             ORDER BY ord
             LIMIT $3 OFFSET $4
           ) pg), '[]'::json) AS rows`;

export interface StoreCampaignRow {
  itemId: number;
  price: number;
  lowestPrice30d: number | null;
  isRealDiscount: boolean | null;
  saving: number | null;
}

export interface AlternativesRow {
  unit: string;
  best: number;
  alternatives: { itemId: number; comparisonPrice: number }[];
}

@Injectable()
export class ItemRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The items of `ids` in that order, unknown ids skipped, with prices in `storeIds`. */
  findByIds(ids: readonly number[], storeIds: readonly number[]): Promise<ItemRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(BY_IDS_SQL, [storeIds, ids]);
  }

  /**
   * The item a scanned code names: the code as the feeds may have written it (EAN-13, its GTIN-14 form with a
   * leading 0, or a UPC-A without the EAN-13's leading 0); the lowest id when several items share it.
   */
  async findIdByEan(ean: string): Promise<number | undefined> {
    const forms = [ean, `0${ean}`];
    if (ean.length === 13 && ean.startsWith('0')) forms.push(ean.slice(1));
    const rows: { id: number }[] = await this.dataSource.query('SELECT min(id) AS id FROM catalog.items WHERE ean = ANY ($1::text[])', [forms]);
    return rows[0]?.id ?? undefined;
  }

  /** Where each of an item's non-empty fields came from (catalog.items.field_sources), in field order. */
  async findFieldSources(id: number): Promise<FieldSourceDto[]> {
    const rows: { field: string; source: string; at: string | null }[] = await this.dataSource.query(
      `SELECT f.key AS field, f.value->>'source' AS source, f.value->>'at' AS at
       FROM catalog.items i, jsonb_each(i.field_sources) f WHERE i.id = $1 ORDER BY f.key`,
      [id],
    );
    return rows.map((r) => ({ field: r.field, source: r.source, observedAt: r.at ? new Date(r.at).toISOString() : null }));
  }

  /** The items' own columns (no prices), in no particular order; unknown ids are skipped. */
  findHeads(ids: readonly number[]): Promise<ItemHeadRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(`SELECT ${ITEM_COLUMNS_SQL} FROM catalog.items i WHERE i.id = ANY ($1::int[])`, [ids]);
  }

  /** Items of the given categories: available in more of `storeIds` first, then by name. */
  findByCategories(categoryIds: readonly number[], storeIds: readonly number[], page: Page): Promise<ItemRow[]> {
    return this.dataSource.query(BY_CATEGORIES_SQL, [storeIds, categoryIds, page.limit, page.offset]);
  }

  /** See ALTERNATIVES_SQL; undefined when no chosen store has a comparison price of the item. */
  async findAlternatives(itemId: number, storeIds: readonly number[]): Promise<AlternativesRow | undefined> {
    const rows: AlternativesRow[] = await this.dataSource.query(ALTERNATIVES_SQL, [storeIds, itemId]);
    return rows[0];
  }

  /** See STORE_CAMPAIGNS_SQL. */
  async findStoreCampaigns(storeId: number, realOnly: boolean, page: Page): Promise<{ total: number; rows: StoreCampaignRow[] }> {
    const [result]: { total: number; rows: StoreCampaignRow[] }[] = await this.dataSource.query(STORE_CAMPAIGNS_SQL, [storeId, realOnly, page.limit, page.offset]);
    return result;
  }

  /** The ids of `ids` that are not items, in the order given. */
  async findMissingIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT ids.id FROM unnest($1::int[]) WITH ORDINALITY AS ids(id, ord)
       WHERE NOT EXISTS (SELECT 1 FROM catalog.items i WHERE i.id = ids.id)
       ORDER BY ids.ord`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  async insertMany(manager: EntityManager, items: readonly NewItem[]): Promise<void> {
    if (items.length === 0) return;
    await manager.query(
      `INSERT INTO catalog.items (id, ean, name, url_slug, picture_url, brand_name, origin_country, description, ingredients, nutritional_content, category_id)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::jsonb[], $11::int[])`,
      [
        items.map((i) => i.id),
        items.map((i) => i.ean),
        items.map((i) => i.name),
        items.map((i) => i.urlSlug),
        items.map((i) => i.pictureUrl),
        items.map((i) => i.brandName),
        items.map((i) => i.originCountry),
        items.map((i) => i.description),
        items.map((i) => i.ingredients),
        items.map((i) => JSON.stringify(i.nutritionalContent)),
        items.map((i) => i.categoryId),
      ],
    );
  }
}
