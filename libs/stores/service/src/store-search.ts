/** At most this many words of a store search are matched; the rest are ignored. */
export const MAX_SEARCH_TOKENS = 8;

/**
 * Splits a store search into words the way stores.search_key normalises text: apostrophes stay
 * inside a word, any other punctuation separates words (so the slug 'k-market-kallio' is the words
 * 'k', 'market', 'kallio'); words without a letter or digit are dropped. Duplicates count once.
 */
export function searchTokens(search: string): string[] {
  const words = search
    .normalize('NFC')
    .split(/[^\p{L}\p{N}\p{M}'’´`]+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const seen = new Set<string>();
  const tokens: string[] = [];
  for (const word of words) {
    const key = word.toLocaleLowerCase('fi');
    if (seen.has(key)) continue;
    seen.add(key);
    tokens.push(word);
    if (tokens.length === MAX_SEARCH_TOKENS) break;
  }
  return tokens;
}
