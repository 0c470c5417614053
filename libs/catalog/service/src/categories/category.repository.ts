import type { CategoryDto } from '@hintakori/catalog-contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface NewCategory {
  id: number;
  name: string;
  slug: string;
  parentCategoryId: number | null;
}

@Injectable()
export class CategoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** All categories: top level first, then by parent, siblings in Finnish alphabetical order. */
  findAll(): Promise<CategoryDto[]> {
    return this.dataSource.query(`
      SELECT id, name, slug, parent_category_id AS "parentCategoryId"
      FROM catalog.categories
      ORDER BY parent_category_id NULLS FIRST, name COLLATE catalog.finnish, id`);
  }

  /** Bulk insert with the given ids (one statement, so parents may come after their children). */
  async insertMany(manager: EntityManager, categories: readonly NewCategory[]): Promise<void> {
    if (categories.length === 0) return;
    await manager.query(
      `INSERT INTO catalog.categories (id, name, slug, parent_category_id)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[])`,
      [categories.map((c) => c.id), categories.map((c) => c.name), categories.map((c) => c.slug), categories.map((c) => c.parentCategoryId)],
    );
    await manager.query(`SELECT setval(pg_get_serial_sequence('catalog.categories', 'id'), (SELECT max(id) FROM catalog.categories))`);
  }
}
