import { CategoryNameMatcher, normalizeCategoryName } from './category-placement';
import { CategoryTree } from './category-tree';

const tree = new CategoryTree([
  { id: 1, name: 'Maito, juusto, munat ja rasvat', slug: 'maito-juusto-munat-ja-rasvat', parentCategoryId: null },
  { id: 10, name: 'Maidot', slug: 'maidot', parentCategoryId: 1 },
  { id: 2, name: 'Juomat', slug: 'juomat', parentCategoryId: null },
  { id: 20, name: 'Maidot', slug: 'maidot', parentCategoryId: 2 },
  { id: 3, name: 'Hedelmät ja vihannekset', slug: 'hedelmat-ja-vihannekset', parentCategoryId: null },
  { id: 4, name: 'Muut', slug: 'muut', parentCategoryId: null },
]);
const matcher = new CategoryNameMatcher(tree);

describe('category placement by name', () => {
  it('normalises case, accents and punctuation', () => {
    expect(normalizeCategoryName('  Hedelmät & VIHANNEKSET ')).toBe('hedelmat ja vihannekset');
    expect(normalizeCategoryName('Maito, juusto, munat ja rasvat')).toBe('maito juusto munat ja rasvat');
  });

  it('prefers the category whose path matches most of the feed path from the leaf up', () => {
    expect(matcher.match({ name: 'Maidot', path: ['Juomat', 'Maidot'] })).toBe(20);
    expect(matcher.match({ name: 'Maidot', path: ['MAITO JUUSTO MUNAT JA RASVAT', 'maidot'] })).toBe(10);
    // Equal evidence: the lower id wins, so the answer never depends on row order.
    expect(matcher.match({ name: 'Maidot', path: ['Jotain', 'Maidot'] })).toBe(10);
  });

  it('matches a top-level category and uses the name when there is no path', () => {
    expect(matcher.match({ name: 'Hedelmat ja vihannekset', path: [] })).toBe(3);
  });

  it('never matches the fallback category, an unknown leaf or an empty name', () => {
    expect(matcher.match({ name: 'Muut', path: ['Muut'] })).toBeUndefined();
    expect(matcher.match({ name: 'Koiranruoka', path: ['Lemmikit', 'Koiranruoka'] })).toBeUndefined();
    expect(matcher.match({ name: ' ', path: [] })).toBeUndefined();
  });
});
