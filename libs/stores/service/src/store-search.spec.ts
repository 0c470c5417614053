import { MAX_SEARCH_TOKENS, searchTokens } from './store-search';

describe('searchTokens', () => {
  it('splits on spaces and punctuation, hyphens included, so a slug reads as words', () => {
    expect(searchTokens('  K-Market   Kallio, Helsinki ')).toEqual(['K', 'Market', 'Kallio', 'Helsinki']);
    expect(searchTokens('k-supermarket-etu-toolo')).toEqual(['k', 'supermarket', 'etu', 'toolo']);
    expect(searchTokens('prisma/kamppi')).toEqual(['prisma', 'kamppi']);
  });

  it('keeps apostrophes inside a word', () => {
    expect(searchTokens("Stockmann's herkku")).toEqual(["Stockmann's", 'herkku']);
  });

  it('keeps Finnish letters and digits', () => {
    expect(searchTokens('Töölö 00100')).toEqual(['Töölö', '00100']);
  });

  it('drops words without letters or digits and repeated words', () => {
    expect(searchTokens('- Alepa alepa ALEPA !!')).toEqual(['Alepa']);
    expect(searchTokens('   ')).toEqual([]);
  });

  it(`matches at most ${MAX_SEARCH_TOKENS} words`, () => {
    expect(searchTokens('a b c d e f g h i j k')).toHaveLength(MAX_SEARCH_TOKENS);
  });
});
