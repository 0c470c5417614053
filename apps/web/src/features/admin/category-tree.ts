import type { Category } from '../../app/models';

export interface CategoryOption {
  id: number;
  name: string;
  /** Names from the top level down to this category. */
  path: string[];
  /** Lower-case path for matching. */
  searchText: string;
}

/** Every category with its full path, in tree order (parents before their children, names alphabetical). */
export function categoryOptions(categories: readonly Category[]): CategoryOption[] {
  const byParent = new Map<number | null, Category[]>();
  const ids = new Set(categories.map((c) => c.id));
  for (const category of categories) {
    const parent = category.parentCategoryId !== null && ids.has(category.parentCategoryId) ? category.parentCategoryId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
  }
  const out: CategoryOption[] = [];
  const visit = (parent: number | null, path: string[], depth: number) => {
    if (depth > 10) return; // a cycle in bad data must not hang the page
    const children = [...(byParent.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'fi'));
    for (const child of children) {
      const childPath = [...path, child.name];
      out.push({ id: child.id, name: child.name, path: childPath, searchText: childPath.join(' ').toLocaleLowerCase('fi') });
      visit(child.id, childPath, depth + 1);
    }
  };
  visit(null, [], 0);
  return out;
}

/** Options whose path contains every word of the query. */
export function filterCategoryOptions(options: readonly CategoryOption[], query: string, limit = 50): CategoryOption[] {
  const words = query.toLocaleLowerCase('fi').split(/\s+/).filter(Boolean);
  const matches = words.length === 0 ? options : options.filter((o) => words.every((w) => o.searchText.includes(w)));
  return matches.slice(0, limit);
}

export const pathLabel = (path: readonly string[]) => path.join(' › ');
