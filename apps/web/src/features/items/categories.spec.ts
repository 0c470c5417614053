import { buildCategoryTree, categoryPath } from '../../kit/product/categories.slice';
import { resolveCategoryPath } from './components/CategoryPage';

const categories = [
  { id: 1, name: 'Maito, juusto, munat ja rasvat', slug: 'maito-juusto-munat-ja-rasvat', parentCategoryId: null },
  { id: 2, name: 'Maidot', slug: 'maidot', parentCategoryId: 1 },
  { id: 3, name: 'Kevytmaidot', slug: 'kevytmaidot', parentCategoryId: 2 },
  { id: 4, name: 'Juomat', slug: 'juomat', parentCategoryId: null },
];

describe('categories', () => {
  it('builds a three-level tree', () => {
    const tree = buildCategoryTree(categories);
    expect(tree.map((c) => c.slug)).toEqual(['maito-juusto-munat-ja-rasvat', 'juomat']);
    expect(tree[0].children[0].children[0].name).toBe('Kevytmaidot');
  });

  it('finds the path of a category and resolves URL slugs', () => {
    expect(categoryPath(categories, 3).map((c) => c.slug)).toEqual(['maito-juusto-munat-ja-rasvat', 'maidot', 'kevytmaidot']);
    expect(resolveCategoryPath(categories, ['maito-juusto-munat-ja-rasvat', 'maidot']).map((c) => c.name)).toEqual([
      'Maito, juusto, munat ja rasvat',
      'Maidot',
    ]);
    expect(resolveCategoryPath([], ['tuntematon'])).toEqual([{ name: 'tuntematon', slug: 'tuntematon' }]);
  });
});
