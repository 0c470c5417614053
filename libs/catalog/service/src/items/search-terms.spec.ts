import { toSearchTerms, wordRoots } from './search-terms';

describe('toSearchTerms', () => {
  it('lower-cases and splits on whitespace, keeping Finnish letters and decimal commas', () => {
    expect(toSearchTerms('  Valio  Kevytmaito 1,5l ')).toMatchObject({ tokens: ['valio', 'kevytmaito', '1,5l'], text: 'valio kevytmaito 1,5l' });
    expect(toSearchTerms('Jäätelö')?.tokens).toEqual(['jäätelö']);
  });

  it('drops characters that could break the full-text query or a LIKE pattern', () => {
    expect(toSearchTerms(`maito' & !juusto | 100% _x\\ (kerma):*`)?.tokens).toEqual(['maito', 'juusto', '100', 'x', 'kerma']);
  });

  it('returns null when nothing searchable is left', () => {
    expect(toSearchTerms('')).toBeNull();
    expect(toSearchTerms('   ')).toBeNull();
    expect(toSearchTerms('&& -- ...')).toBeNull();
  });

  it('turns on substring matching from 3 and typo tolerance from 5 characters', () => {
    expect(toSearchTerms('ma')).toMatchObject({ matchInfix: false, matchFuzzy: false });
    expect(toSearchTerms('mai')).toMatchObject({ matchInfix: true, matchFuzzy: false });
    expect(toSearchTerms('juutso')).toMatchObject({ matchInfix: true, matchFuzzy: true });
  });

  it('bounds very long input instead of failing', () => {
    const terms = toSearchTerms(`${'a'.repeat(5000)} ${'b '.repeat(100)}`);
    expect(terms?.tokens).toHaveLength(1);
    expect(terms?.tokens[0]).toHaveLength(50);
    expect(toSearchTerms('a b c d e f g h i j k')?.tokens).toHaveLength(8);
  });

  it('splits hyphenated words and gives each word its pattern of Finnish roots, accent-free', () => {
    const terms = toSearchTerms('WC-paperi leipää');
    expect(terms?.words.map((word) => word.text)).toEqual(['wc', 'paperi', 'leipaa']);
    expect(terms?.words[2].pattern).toBe('leipaa|leipa|leip|leiv');
    expect(terms?.words.map((word) => word.correctable)).toEqual([false, true, true]);
    expect(toSearchTerms('1,5l')?.words[0].pattern).toBe('1\\,5l');
  });
});

describe('wordRoots', () => {
  it('strips Finnish case and plural endings and the final vowel, keeping at least 3 letters', () => {
    expect(wordRoots('omenat')).toContain('omena');
    expect(wordRoots('kahvia')).toEqual(expect.arrayContaining(['kahvi', 'kahv']));
    expect(wordRoots('banaaneja')).toContain('banaan');
    expect(wordRoots('perunoita')).toContain('perun');
    expect(wordRoots('voita')).toContain('voi');
    expect(wordRoots('tee')).toEqual(['tee']);
    expect(wordRoots('voi')).toEqual(['voi']);
  });

  it('adds the weak consonant grade, so the stem reaches the other forms', () => {
    expect(wordRoots('nakkeja')).toContain('nak'); // nakit
    expect(wordRoots('leipa')).toContain('leiv'); // leivat
    expect(wordRoots('maito')).toContain('maid'); // maidot
    expect(wordRoots('tomaatteja')).toContain('tomaat'); // tomaatit
  });

  it('leaves numbers alone', () => {
    expect(wordRoots('500')).toEqual(['500']);
  });
});
