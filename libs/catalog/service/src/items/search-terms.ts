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
  /**
   * The words the ranking matches against the words of names and category names (tokens split at hyphens,
   * lower-cased and without accents, as `catalog.search_normalize` does), each with its Finnish roots.
   */
  words: SearchWord[];
}

export interface SearchWord {
  /** The word as typed, accent-free ('leipää' -> 'leipaa'). */
  text: string;
  /**
   * A regular expression (alternatives, longest first) matching the start of the word's forms: the word, the word
   * without its case ending ('leipaa' -> 'leipa'), without its final vowel ('leip') and with weak consonant grade
   * ('leiv', as in "leivät"). Letters and digits only, other characters escaped.
   */
  pattern: string;
  /** Whether typo correction may replace it (letters only, 5 or more). */
  correctable: boolean;
}

const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 50;
const MAX_TEXT_LENGTH = 200;

/**
 * Finnish case and plural endings (accent-free, so 'ä' endings look like 'a' ones), longest first: partitive
 * (-a, -ta, -ja, -ita), plural (-t), genitive (-n, -en, -iden), inessive, elative, adessive, ablative, allative,
 * translative, essive.
 */
const ENDINGS = ['iden', 'itten', 'issa', 'ista', 'illa', 'ilta', 'ille', 'iksi', 'ita', 'ina', 'ssa', 'sta', 'lla', 'lta', 'lle', 'ksi', 'ja', 'ia', 'ta', 'na', 'en', 'a', 't', 'n'];
const MIN_ROOT = 3;
const VOWEL_END = /[aeiouy]$/;

/** Accent-free lower case, like the database's `catalog.search_normalize` (unaccent + lower). */
export function normalizeWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The forms whose prefix the ranking looks for in a name's words, longest first. */
export function wordRoots(word: string): string[] {
  const roots = new Set<string>([word]);
  if (/^\p{L}+$/u.test(word) && word.length > MIN_ROOT) {
    for (const ending of ENDINGS) {
      if (word.endsWith(ending) && word.length - ending.length >= MIN_ROOT) roots.add(word.slice(0, -ending.length));
    }
    for (const root of [...roots]) if (VOWEL_END.test(root) && root.length > MIN_ROOT) roots.add(root.slice(0, -1));
    // Consonant gradation: 'nakkeja' -> 'nakk' -> 'nak' (nakit), 'leip' -> 'leiv' (leivät), 'mait' -> 'maid' (maidot).
    for (const root of [...roots]) {
      if (root === word) continue;
      if (/(kk|pp|tt)$/.test(root)) roots.add(root.slice(0, -1));
      else if (/[aeiouy]p$/.test(root)) roots.add(`${root.slice(0, -1)}v`);
      else if (/[aeiouy]t$/.test(root) && root.length > MIN_ROOT) roots.add(`${root.slice(0, -1)}d`);
    }
  }
  return [...roots].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

const escapeRegExp = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`);

export function toSearchWord(word: string): SearchWord {
  const text = normalizeWord(word);
  return { text, pattern: wordRoots(text).map(escapeRegExp).join('|'), correctable: /^\p{L}{5,}$/u.test(text) };
}

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
  const words = tokens
    .flatMap((token) => (/\p{N}/u.test(token) ? [token] : token.split('-')))
    .filter((word) => word.length > 0)
    .slice(0, MAX_TOKENS)
    .map(toSearchWord);
  return { tokens, text, matchInfix: letters >= 3, matchFuzzy: letters >= 5, words };
}
