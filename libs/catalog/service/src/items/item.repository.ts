import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Page } from '../validation/request-validation';
import { availabilitySql, ItemRow, withItemDetails } from './item-rows';
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

@Injectable()
export class ItemRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The items of `ids` in that order, unknown ids skipped, with prices in `storeIds`. */
  findByIds(ids: readonly number[], storeIds: readonly number[]): Promise<ItemRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(BY_IDS_SQL, [storeIds, ids]);
  }

  /** Items of the given categories: available in more of `storeIds` first, then by name. */
  findByCategories(categoryIds: readonly number[], storeIds: readonly number[], page: Page): Promise<ItemRow[]> {
    return this.dataSource.query(BY_CATEGORIES_SQL, [storeIds, categoryIds, page.limit, page.offset]);
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
