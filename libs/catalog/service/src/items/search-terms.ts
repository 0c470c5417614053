/** What a shopper typed, reduced to the parts the search query uses. */
export interface SearchTerms {
  /** Words to match as (stemmed) prefixes, all of which must occur. */
  tokens: string[];
  /** The tokens joined by single spaces; compared against names as a substring and for typo tolerance. */
  text: string;
  /** Substring matching needs at least one trigram: 3 characters. */
  matchInfix: boolean;
  /** Typo tolerance on shorter text matches nearly everything, so it starts at 5 characters. */
  matchFuzzy: boolean;
}

const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 50;
const MAX_TEXT_LENGTH = 200;

/**
 * Splits search text into tokens of letters and digits (keeping inner '.', ',' and '-' as in '1,5'),
 * lower-cased. Returns null when nothing searchable is left.
 */
export function toSearchTerms(search: string): SearchTerms | null {
  const tokens = search
    .slice(0, MAX_TEXT_LENGTH)
    .normalize('NFC')
    .toLowerCase()
    .split(/\s+/u)
    .map((word) => word.replace(/[^\p{L}\p{N}.,-]+/gu, '').replace(/^[.,-]+|[.,-]+$/g, ''))
    .filter((token) => /[\p{L}\p{N}]/u.test(token))
    .slice(0, MAX_TOKENS)
    .map((token) => token.slice(0, MAX_TOKEN_LENGTH));
  if (tokens.length === 0) return null;
  const text = tokens.join(' ');
  const letters = text.replace(/[^\p{L}\p{N}]/gu, '').length;
  return { tokens, text, matchInfix: letters >= 3, matchFuzzy: letters >= 5 };
}
