import type { CategoryDto } from '@hintakori/catalog-contracts';

/** The category hierarchy in memory: slug paths, breadcrumbs and subtrees without database round trips. */
export class CategoryTree {
  private readonly byId = new Map<number, CategoryDto>();
  private readonly children = new Map<number | null, CategoryDto[]>();

  /** `categories` in the order ListCategories answers with (parent, then name). */
  constructor(readonly categories: readonly CategoryDto[]) {
    for (const category of categories) {
      this.byId.set(category.id, category);
      const siblings = this.children.get(category.parentCategoryId) ?? [];
      siblings.push(category);
      this.children.set(category.parentCategoryId, siblings);
    }
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  /** Follows the slugs from a top-level category down; each slug must name a child of the previous one. */
  findBySlugPath(slugs: readonly string[]): CategoryDto | undefined {
    let parentId: number | null = null;
    let found: CategoryDto | undefined;
    for (const slug of slugs) {
      const wanted = slug.toLowerCase();
      found = this.children.get(parentId)?.find((category) => category.slug.toLowerCase() === wanted);
      if (!found) return undefined;
      parentId = found.id;
    }
    return found;
  }

  /** The breadcrumb from the top-level category to `id`; empty for an unknown id. */
  pathTo(id: number | null): CategoryDto[] {
    const path: CategoryDto[] = [];
    const seen = new Set<number>();
    let current = id === null ? undefined : this.byId.get(id);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      path.unshift(current);
      current = current.parentCategoryId === null ? undefined : this.byId.get(current.parentCategoryId);
    }
    return path;
  }

  /** `id` and the ids of all its descendants. */
  subtreeIds(id: number): number[] {
    const ids: number[] = [];
    const seen = new Set<number>();
    const stack = [id];
    while (stack.length > 0) {
      const next = stack.pop() as number;
      if (seen.has(next)) continue;
      seen.add(next);
      ids.push(next);
      for (const child of this.children.get(next) ?? []) stack.push(child.id);
    }
    return ids;
  }
}
