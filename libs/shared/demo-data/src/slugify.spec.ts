import { slugify } from './index';
import { uniqueSlug } from './lib/slugify';

describe('slugify', () => {
  it.each([
    ['Alepa Töölöntori', 'alepa-toolontori'],
    ['K-Market Kallio', 'k-market-kallio'],
    ['Maito, juusto, munat ja rasvat', 'maito-juusto-munat-ja-rasvat'],
    ['Arla Luomu kevytmaito 1,5 l', 'arla-luomu-kevytmaito-1-5-l'],
    ['Åland – Ärrä & Öljy', 'aland-arra-oljy'],
    ['  --Neste K  Hermanni-- ', 'neste-k-hermanni'],
    ["Ben & Jerry's Chocolate Fudge Brownie 465 ml", 'ben-jerry-s-chocolate-fudge-brownie-465-ml'],
    ['Président Brie', 'president-brie'],
    ['Karhu III olut 4,6 % 0,33 l', 'karhu-iii-olut-4-6-0-33-l'],
  ])('%s -> %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('makes slugs unique with a suffix', () => {
    const used = new Set<string>();
    expect(uniqueSlug('Maidot', used)).toBe('maidot');
    expect(uniqueSlug('Maidot', used, 'Lapset')).toBe('maidot-lapset');
    expect(uniqueSlug('Maidot', used, 'Lapset')).toBe('maidot-2');
  });
});
