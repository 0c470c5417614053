import type { CategoryDto } from '@hintakori/catalog-contracts';
import { Injectable } from '@nestjs/common';
import { CategoryRepository } from './category.repository';
import { CategoryTree } from './category-tree';

/** How long the category list is served from memory; categories change rarely (seeding, admin). */
export const CATEGORY_CACHE_TTL_MS = 30_000;

@Injectable()
export class CategoryService {
  private cached?: { tree: CategoryTree; expiresAt: number };
  private loading?: Promise<CategoryTree>;
  /** Bumped by invalidate(), so a load that started before the change does not refill the cache. */
  private generation = 0;

  constructor(private readonly categories: CategoryRepository) {}

  async list(): Promise<CategoryDto[]> {
    return [...(await this.tree()).categories];
  }

  /** The cached tree; concurrent callers share one load. */
  async tree(): Promise<CategoryTree> {
    if (this.cached && this.cached.expiresAt > Date.now()) return this.cached.tree;
    if (!this.loading) {
      const loading = this.load().finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  /** A tree that knows every id in `categoryIds`, reloading once when the cache is older than the data. */
  async treeWith(categoryIds: Iterable<number | null>): Promise<CategoryTree> {
    const tree = await this.tree();
    for (const id of categoryIds) {
      if (id !== null && !tree.has(id)) {
        this.invalidate();
        return this.tree();
      }
    }
    return tree;
  }

  invalidate(): void {
    this.generation += 1;
    this.cached = undefined;
    this.loading = undefined;
  }

  private async load(): Promise<CategoryTree> {
    const generation = this.generation;
    const tree = new CategoryTree(await this.categories.findAll());
    if (generation === this.generation) this.cached = { tree, expiresAt: Date.now() + CATEGORY_CACHE_TTL_MS };
    return tree;
  }
}
