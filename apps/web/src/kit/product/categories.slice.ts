import type { UnknownAction } from '@reduxjs/toolkit';
import { createAction } from '../../app/actions';
import type { Category } from '../../app/models';

export interface CategoriesState {
  list: Category[];
  loaded: boolean;
}

const initialState: CategoriesState = { list: [], loaded: false };

/** Dispatched by the getCategories endpoint (items.api.ts) each time it has fetched the list. */
export const categoriesReceived = createAction<Category[]>('categories/categoriesReceived');

/** Categories are loaded once at startup and held here. */
export function categoriesReducer(state: CategoriesState = initialState, action: UnknownAction): CategoriesState {
  return categoriesReceived.match(action) ? { list: action.payload, loaded: true } : state;
}

export interface CategoryNode extends Category {
  children: CategoryNode[];
}

/** Builds the category tree (roots first, children in server order). */
export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const c of categories) nodes.set(c.id, { ...c, children: [] });
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentCategoryId !== null ? nodes.get(node.parentCategoryId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The slug path from the root to a category, e.g. ['maito-juusto-munat-ja-rasvat', 'maidot']. */
export function categoryPath(categories: readonly Category[], id: number): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path: Category[] = [];
  let current = byId.get(id);
  while (current && path.length < 10) {
    path.unshift(current);
    current = current.parentCategoryId !== null ? byId.get(current.parentCategoryId) : undefined;
  }
  return path;
}
