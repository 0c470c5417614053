import { toSearchTerms } from './search-terms';

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
});
