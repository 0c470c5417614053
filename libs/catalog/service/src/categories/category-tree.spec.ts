import { CategoryTree } from './category-tree';

const tree = new CategoryTree([
  { id: 1, name: 'Maito, juusto, munat ja rasvat', slug: 'maito-juusto-munat-ja-rasvat', parentCategoryId: null },
  { id: 2, name: 'Liha ja kala', slug: 'liha-ja-kala', parentCategoryId: null },
  { id: 10, name: 'Maidot', slug: 'maidot', parentCategoryId: 1 },
  { id: 11, name: 'Juustot', slug: 'juustot', parentCategoryId: 1 },
  { id: 20, name: 'Kala', slug: 'kala', parentCategoryId: 2 },
  { id: 100, name: 'Kevytmaidot', slug: 'kevytmaidot', parentCategoryId: 10 },
  { id: 101, name: 'Rasvattomat maidot', slug: 'rasvattomat-maidot', parentCategoryId: 10 },
  { id: 110, name: 'Kovat juustot', slug: 'kovat-juustot', parentCategoryId: 11 },
]);

describe('CategoryTree', () => {
  it('follows a slug path only through children of the previous category', () => {
    expect(tree.findBySlugPath(['maito-juusto-munat-ja-rasvat', 'maidot', 'kevytmaidot'])?.id).toBe(100);
    expect(tree.findBySlugPath(['maito-juusto-munat-ja-rasvat'])?.id).toBe(1);
    expect(tree.findBySlugPath(['liha-ja-kala', 'maidot'])).toBeUndefined();
    expect(tree.findBySlugPath(['maidot'])).toBeUndefined();
    expect(tree.findBySlugPath(['maito-juusto-munat-ja-rasvat', 'maidot', 'kevytmaidot', 'extra'])).toBeUndefined();
  });

  it('matches slugs case-insensitively', () => {
    expect(tree.findBySlugPath(['Maito-Juusto-Munat-ja-Rasvat', 'MAIDOT'])?.id).toBe(10);
  });

  it('gives the breadcrumb from the top-level category to the leaf', () => {
    expect(tree.pathTo(101).map((c) => c.slug)).toEqual(['maito-juusto-munat-ja-rasvat', 'maidot', 'rasvattomat-maidot']);
    expect(tree.pathTo(2).map((c) => c.id)).toEqual([2]);
    expect(tree.pathTo(999)).toEqual([]);
    expect(tree.pathTo(null)).toEqual([]);
  });

  it('lists a category with all its descendants', () => {
    expect(tree.subtreeIds(1).sort((a, b) => a - b)).toEqual([1, 10, 11, 100, 101, 110]);
    expect(tree.subtreeIds(10).sort((a, b) => a - b)).toEqual([10, 100, 101]);
    expect(tree.subtreeIds(20)).toEqual([20]);
  });

  it('survives a cycle in corrupt data', () => {
    const cyclic = new CategoryTree([
      { id: 1, name: 'A', slug: 'a', parentCategoryId: 2 },
      { id: 2, name: 'B', slug: 'b', parentCategoryId: 1 },
    ]);
    expect(cyclic.pathTo(1).map((c) => c.id)).toEqual([2, 1]);
    expect(cyclic.subtreeIds(1).sort()).toEqual([1, 2]);
  });
});
