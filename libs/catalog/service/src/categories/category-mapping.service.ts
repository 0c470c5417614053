import type { CategoryMappingDto, CreateCategoryMappingRequest, UnmappedCategoryDto } from '@hintakori/catalog-contracts';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { PLACEMENT_LOCK_KEY } from '../items/item-upsert.projection';
import { CategoryPlacement } from './category-placement';
import { CategoryService } from './category.service';

/** At most this many unmapped feed categories are listed (the most items first). */
export const MAX_UNMAPPED = 1000;

interface MappingRow {
  id: number;
  categoryId: number;
  externalType: string;
  externalId: string;
  externalName: string | null;
  itemCount: number;
  createdAt: Date | string;
}

const MAPPING_SELECT = `
  SELECT m.id, m.category_id AS "categoryId", m.external_type AS "externalType", m.external_id AS "externalId",
         s.name AS "externalName", m.created_at AS "createdAt",
         (SELECT count(*)::int FROM catalog.items i WHERE i.source_category_type = m.external_type AND i.source_category_id = m.external_id) AS "itemCount"
  FROM catalog.category_mappings m
  LEFT JOIN catalog.source_categories s ON s.external_type = m.external_type AND s.external_id = m.external_id`;

function toDto(row: MappingRow): CategoryMappingDto {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

/**
 * Admin mappings of feed categories to ours. Creating one moves the items of that feed category into the
 * mapped category at once; deleting one puts them back where the default placement (name match or "Muut")
 * puts them. Both hold the placement lock exclusively, so item batches never place by a half-changed mapping.
 */
@Injectable()
export class CategoryMappingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly categories: CategoryService,
    private readonly placement: CategoryPlacement,
  ) {}

  list(): Promise<CategoryMappingDto[]> {
    return this.dataSource.query(`${MAPPING_SELECT} ORDER BY m.external_type, m.external_id`).then((rows: MappingRow[]) => rows.map(toDto));
  }

  /** Feed categories that no mapping covers, the most items first; `currentCategoryId` is where their items sit now. */
  async unmapped(): Promise<UnmappedCategoryDto[]> {
    return this.dataSource.query(
      `SELECT s.external_type AS "externalType", s.external_id AS "externalId", s.name, s.path,
              count(i.id)::int AS "itemCount", min(i.category_id) AS "currentCategoryId"
       FROM catalog.source_categories s
       LEFT JOIN catalog.items i ON i.source_category_type = s.external_type AND i.source_category_id = s.external_id
       WHERE NOT EXISTS (SELECT 1 FROM catalog.category_mappings m WHERE m.external_type = s.external_type AND m.external_id = s.external_id)
       GROUP BY s.external_type, s.external_id
       ORDER BY count(i.id) DESC, s.external_type, s.external_id
       LIMIT ${MAX_UNMAPPED}`,
    );
  }

  async create(request: CreateCategoryMappingRequest): Promise<CategoryMappingDto> {
    const id = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(${PLACEMENT_LOCK_KEY})`);
      const category: unknown[] = await manager.query('SELECT 1 FROM catalog.categories WHERE id = $1', [request.categoryId]);
      if (category.length === 0) throw new NotFoundException(`Category ${request.categoryId} not found`);
      const inserted: { id: number }[] = await manager.query(
        `INSERT INTO catalog.category_mappings (category_id, external_type, external_id) VALUES ($1, $2, $3)
         ON CONFLICT ON CONSTRAINT category_mappings_external_key DO NOTHING RETURNING id`,
        [request.categoryId, request.externalType, request.externalId],
      );
      if (inserted.length === 0) {
        throw new ConflictException(`A mapping for ${request.externalType} category "${request.externalId}" already exists`);
      }
      await manager.query('UPDATE catalog.items SET category_id = $1 WHERE source_category_type = $2 AND source_category_id = $3', [
        request.categoryId,
        request.externalType,
        request.externalId,
      ]);
      return inserted[0].id;
    });
    return this.get(id);
  }

  /** Deletes the mapping and returns it as it was, with the number of items moved back. */
  async delete(id: number): Promise<CategoryMappingDto> {
    const [before] = await this.byId(this.dataSource.manager, id);
    if (!before) throw new NotFoundException(`Category mapping ${id} not found`);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(${PLACEMENT_LOCK_KEY})`);
      const deleted: { externalType: string; externalId: string }[] = await manager.query(
        // In a CTE: TypeORM answers a bare DELETE with [rows, count].
        'WITH d AS (DELETE FROM catalog.category_mappings WHERE id = $1 RETURNING external_type, external_id) SELECT external_type AS "externalType", external_id AS "externalId" FROM d',
        [id],
      );
      if (deleted.length === 0) throw new NotFoundException(`Category mapping ${id} not found`);
      const [{ externalType, externalId }] = deleted;
      const [source]: { name: string; path: string[] }[] = await manager.query(
        'SELECT name, path FROM catalog.source_categories WHERE external_type = $1 AND external_id = $2',
        [externalType, externalId],
      );
      const [categoryId] = await this.placement.defaultCategories(manager, [source ?? { name: '', path: [] }]);
      await manager.query('UPDATE catalog.items SET category_id = $1 WHERE source_category_type = $2 AND source_category_id = $3', [
        categoryId,
        externalType,
        externalId,
      ]);
    });
    this.categories.invalidate();
    return before;
  }

  private async get(id: number): Promise<CategoryMappingDto> {
    const [row] = await this.byId(this.dataSource.manager, id);
    if (!row) throw new NotFoundException(`Category mapping ${id} not found`);
    return row;
  }

  private async byId(manager: EntityManager, id: number): Promise<CategoryMappingDto[]> {
    const rows: MappingRow[] = await manager.query(`${MAPPING_SELECT} WHERE m.id = $1`, [id]);
    return rows.map(toDto);
  }
}
