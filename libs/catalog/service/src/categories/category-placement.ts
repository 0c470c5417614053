import type { CategoryDto } from '@hintakori/catalog-contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CategoryTree } from './category-tree';
import { CategoryService } from './category.service';

/** The visible top-level category of items that neither a mapping nor a name match places. */
export const FALLBACK_CATEGORY = { name: 'Muut', slug: 'muut' } as const;

/** Case-, accent- and punctuation-insensitive form of a category name ('Maito, juusto & munat' -> 'maito juusto munat'). */
export function normalizeCategoryName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' ja ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A feed's category path (top level first); the name alone when the feed gives no path. */
export interface SourcePath {
  name: string;
  path: readonly string[];
}

/**
 * Finds our category for a feed's category by name: a candidate's own name must equal the feed's leaf
 * name; the candidate whose ancestors match most of the feed's path from the leaf upwards wins (the full
 * path best), then the deeper category, then the lower id. Our fallback category is never a match.
 */
export class CategoryNameMatcher {
  private readonly byName = new Map<string, { category: CategoryDto; path: string[] }[]>();

  constructor(tree: CategoryTree) {
    for (const category of tree.categories) {
      if (category.parentCategoryId === null && category.slug === FALLBACK_CATEGORY.slug) continue;
      const path = tree.pathTo(category.id).map((c) => normalizeCategoryName(c.name));
      const key = path[path.length - 1];
      const list = this.byName.get(key) ?? [];
      list.push({ category, path });
      this.byName.set(key, list);
    }
  }

  match(source: SourcePath): number | undefined {
    const wanted = (source.path.length > 0 ? source.path : [source.name]).map(normalizeCategoryName).filter((name) => name !== '');
    if (wanted.length === 0) return undefined;
    let best: { id: number; score: number; depth: number } | undefined;
    for (const candidate of this.byName.get(wanted[wanted.length - 1]) ?? []) {
      let score = 0;
      while (score < wanted.length && score < candidate.path.length && wanted[wanted.length - 1 - score] === candidate.path[candidate.path.length - 1 - score])
        score += 1;
      const depth = candidate.path.length;
      if (!best || score > best.score || (score === best.score && (depth > best.depth || (depth === best.depth && candidate.category.id < best.id)))) {
        best = { id: candidate.category.id, score, depth };
      }
    }
    return best?.id;
  }
}

/** Where an item goes when no admin mapping covers its feed category: a name match, else "Muut". */
@Injectable()
export class CategoryPlacement {
  private matchers = new WeakMap<CategoryTree, CategoryNameMatcher>();

  constructor(private readonly categories: CategoryService) {}

  /** Our category for each source path, in order; creates "Muut" (in `manager`'s transaction) when one is needed. */
  async defaultCategories(manager: EntityManager, sources: readonly SourcePath[]): Promise<number[]> {
    const tree = await this.categories.tree();
    let matcher = this.matchers.get(tree);
    if (!matcher) {
      matcher = new CategoryNameMatcher(tree);
      this.matchers.set(tree, matcher);
    }
    const matched = sources.map((source) => matcher.match(source));
    if (matched.every((id) => id !== undefined)) return matched as number[];
    const fallback = await this.fallbackCategory(manager);
    return matched.map((id) => id ?? fallback);
  }

  /** The id of the top-level "Muut" category, created when missing (concurrent creators end up with the same row). */
  async fallbackCategory(manager: EntityManager): Promise<number> {
    const find = async () =>
      (
        (await manager.query(`SELECT id FROM catalog.categories WHERE parent_category_id IS NULL AND slug = $1`, [FALLBACK_CATEGORY.slug])) as { id: number }[]
      )[0]?.id;
    const existing = await find();
    if (existing !== undefined) return existing;
    const created: { id: number }[] = await manager.query(
      `INSERT INTO catalog.categories (name, slug, parent_category_id) VALUES ($1, $2, NULL)
       ON CONFLICT ON CONSTRAINT categories_parent_slug_key DO NOTHING RETURNING id`,
      [FALLBACK_CATEGORY.name, FALLBACK_CATEGORY.slug],
    );
    this.categories.invalidate();
    const id = created[0]?.id ?? (await find());
    if (id === undefined) throw new Error('Could not create the fallback category "Muut"');
    return id;
  }
}
