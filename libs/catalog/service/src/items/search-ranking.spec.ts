import { matchLength, plainWords, productName, rankCandidates, type SearchCandidate, wordLevel, wordMatcher } from './search-ranking';
import { toSearchWord } from './search-terms';

const matcher = (word: string) => wordMatcher(toSearchWord(word).pattern);
const finnish = new Intl.Collator('fi-FI');

let nextId = 1;
const candidate = (name: string, extra: Partial<SearchCandidate> = {}): SearchCandidate => ({
  id: nextId++,
  name,
  searchName: name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''),
  brand: null,
  category: '',
  parentCategory: '',
  availability: 1,
  ...extra,
});
const names = (ranked: SearchCandidate[]) => ranked.map((c) => c.name);

describe('wordLevel', () => {
  it('scores the word itself and its inflected forms 4', () => {
    expect(wordLevel('leipa 500 g', matcher('leipä'), 4)).toBe(4);
    expect(wordLevel('tuoreet leivat', matcher('leipä'), 4)).toBe(4);
  });

  it("scores a compound's head with the head level, its first part 2, the inside 1", () => {
    expect(wordLevel('ruisleipa', matcher('leipä'), 4)).toBe(4);
    expect(wordLevel('ruisleivat', matcher('leipä'), 3)).toBe(3);
    expect(wordLevel('leipajuusto', matcher('leipä'), 4)).toBe(2);
    expect(wordLevel('ruisleipajuusto', matcher('leipä'), 4)).toBe(1);
    expect(wordLevel('kahvikerma', matcher('maito'), 4)).toBe(0);
  });

  it('keeps a part before a hyphen at 2 at most', () => {
    expect(wordLevel('omena-kaneli', matcher('omena'), 4)).toBe(2);
    expect(wordLevel('kaneli-omena', matcher('omena'), 4)).toBe(4);
    expect(wordLevel('pasta- ja riisiateriat', matcher('pasta'), 3)).toBe(2);
  });

  it('is 0 for a missing phrase', () => {
    expect(wordLevel(null, matcher('maito'), 4)).toBe(0);
    expect(wordLevel('', matcher('maito'), 4)).toBe(0);
  });
});

describe('plainWords and matchLength', () => {
  it('counts descriptive words, not sizes or units', () => {
    expect(plainWords('gluteeniton leipa 300 g')).toBe(2);
    expect(plainWords('ruisleipa 6 kpl 330 g')).toBe(1);
  });

  it('measures the shortest word holding the search word, 1000 when none', () => {
    expect(matchLength('ruispaahtoleipa ja ruisleipa', matcher('leipä'))).toBe('ruisleipa'.length);
    expect(matchLength('kahvikerma', matcher('maito'))).toBe(1000);
  });
});

describe('productName', () => {
  it('drops a leading brand', () => {
    expect(productName(candidate('Valio kevytmaito 1 l', { brand: 'valio' }))).toBe('kevytmaito 1 l');
    expect(productName(candidate('Kevytmaito Valio 1 l', { brand: 'valio' }))).toBe('kevytmaito valio 1 l');
  });
});

describe('rankCandidates', () => {
  it('puts the plain product before compounds that only start with the word', () => {
    const ranked = rankCandidates(
      [candidate('Omenasose lapsille 120 g'), candidate('Omenasiideri 0,33 l'), candidate('Omenat 1 kg', { category: 'omenat ja paarynat' })],
      [toSearchWord('omenat').pattern],
      finnish,
    );
    expect(names(ranked)[0]).toBe('Omenat 1 kg');
  });

  it('uses the category: a word naming the category outweighs a name match alone', () => {
    const ranked = rankCandidates(
      [candidate('Kahvikerma 2 dl', { category: 'kermat' }), candidate('Juhla Mokka kahvi 500 g', { brand: 'juhla mokka', category: 'kahvit' })],
      [toSearchWord('kahvia').pattern],
      finnish,
    );
    expect(names(ranked)).toEqual(['Juhla Mokka kahvi 500 g', 'Kahvikerma 2 dl']);
  });

  it('breaks ties by plainness, then compound length, then availability, then Finnish order, then id', () => {
    const pattern = [toSearchWord('leipä').pattern];
    expect(names(rankCandidates([candidate('Gluteeniton leipä 300 g'), candidate('Ruisleipä 300 g')], pattern, finnish))).toEqual([
      'Ruisleipä 300 g',
      'Gluteeniton leipä 300 g',
    ]);
    expect(names(rankCandidates([candidate('Ruispaahtoleipä'), candidate('Ruisleipä')], pattern, finnish))).toEqual(['Ruisleipä', 'Ruispaahtoleipä']);
    expect(names(rankCandidates([candidate('Ruisleipä A', { availability: 1 }), candidate('Ruisleipä B', { availability: 3 })], pattern, finnish))).toEqual([
      'Ruisleipä B',
      'Ruisleipä A',
    ]);
    // Finnish order: å, ä and ö come after z.
    expect(names(rankCandidates([candidate('Ruisleipä Ö'), candidate('Ruisleipä Z')], pattern, finnish))).toEqual(['Ruisleipä Z', 'Ruisleipä Ö']);
    const first = candidate('Ruisleipä');
    const second = candidate('Ruisleipä');
    expect(rankCandidates([second, first], pattern, finnish).map((c) => c.id)).toEqual([first.id, second.id]);
  });

  it('averages over the search words and rewards a name starting with the first one', () => {
    const patterns = ['kevytmaito', 'laktoositon'].map((word) => toSearchWord(word).pattern);
    const ranked = rankCandidates(
      [candidate('Laktoositon kevytmaitojuoma'), candidate('Kevytmaito laktoositon 1 l'), candidate('Laktoositon kevytmaito 1 l')],
      patterns,
      finnish,
    );
    expect(names(ranked)).toEqual(['Kevytmaito laktoositon 1 l', 'Laktoositon kevytmaito 1 l', 'Laktoositon kevytmaitojuoma']);
  });
});
