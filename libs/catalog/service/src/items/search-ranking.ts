/**
 * The search ranking, computed in the service on the candidates the database found (see item-search.repository.ts).
 * All text here is normalized as `catalog.search_normalize` does (lower case, no accents). A search word's
 * `pattern` is its roots as regular-expression alternatives ('leipa|leip|leiv'), letters and digits only, other
 * characters escaped.
 *
 * Relevance, higher first:
 *   2 × text level  mean over the search words of the best word match in the product name (the name without its
 *                   leading brand): 4 the word itself or the head of a compound ("ruisleipä" for 'leipä'),
 *                   2 a compound's first part or a part before a hyphen ("leipäjuusto", "lohi-perunasose"),
 *                   1 inside a word. A match only in the brand counts 2 (whole word) or 1.
 * + category level mean over the words of the best match in the item's category or its parent category name:
 *                   4 the word ("Omenat ja päärynät" for 'omenat'), 3 a compound's head ("Ruisleivät"), 2 first part.
 * + 0.25           the product name starts with the first search word.
 *
 * Ties (sales-neutral, nothing paid or sold counts): fewer descriptive words in the product name (plainer:
 * "ruisleipä" before "gluteeniton leipä"), then the shorter word holding the search word (a compound of fewer
 * parts: "ruisleipä" before "ruispaahtoleipä"), then availability in the chosen stores, then Finnish alphabetical
 * name, then id.
 */

/** A product the database found for the search words, with what the ranking needs. */
export interface SearchCandidate {
  id: number;
  name: string;
  /** The normalized name. */
  searchName: string;
  /** The normalized brand, or null. */
  brand: string | null;
  /** The normalized names of the item's category and of its parent ('' when none). */
  category: string;
  parentCategory: string;
  /** How many of the chosen stores price it. */
  availability: number;
}

/** Words of normalized text: runs of letters, digits, ',', '.' and '-'. */
const WORD_SEPARATOR = /[^\p{L}\p{N},.-]+/u;
const UNITS = new Set(['kpl', 'kg', 'dl', 'cl', 'ml', 'rl', 'kk', 'pkt', 'prk', 'tl']);
const DESCRIPTIVE = /^[\p{L}-]{2,}$/u;

/** The compiled expressions of one search word's pattern. */
export interface WordMatcher {
  whole: RegExp;
  head: RegExp;
  start: RegExp;
  inside: RegExp;
}

export function wordMatcher(pattern: string): WordMatcher {
  return {
    whole: new RegExp(`^(?:${pattern}).{0,3}$`),
    head: new RegExp(`^.{3,}(?:${pattern}).{0,3}$`),
    start: new RegExp(`^(?:${pattern})`),
    inside: new RegExp(`(?:${pattern})`),
  };
}

/** A phrase as the ranking reads it: its words, and each word's parts between hyphens. */
export interface SplitPhrase {
  words: readonly string[];
  parts: readonly (readonly string[])[];
}

const NO_WORDS: SplitPhrase = { words: [], parts: [] };

export function splitPhrase(phrase: string | null): SplitPhrase {
  if (!phrase) return NO_WORDS;
  const words = phrase.split(WORD_SEPARATOR);
  return { words, parts: words.map((word) => word.split('-')) };
}

/**
 * How well a search word matches the words of a phrase, the best over its words:
 *   4  a word is the search word, maybe inflected ('leipa' ~ "leipa", "leivat"),
 *   headLevel  the search word ends a compound word: it is the compound's head ("ruisleipa", "kevytmaito"),
 *   2  a word starts with it (a compound's first part "leipajuusto", or a part before a hyphen "lohi-perunasose"),
 *   1  it occurs inside a word,
 *   0  nowhere.
 * A part before a hyphen is a modifier ("omena-kaneli", "pasta- ja riisiateriat"): at most 2.
 */
export function wordLevel(phrase: string | null, word: WordMatcher, headLevel: number): number {
  return splitWordLevel(splitPhrase(phrase), word, headLevel);
}

/** wordLevel of a phrase split beforehand (the index splits every item's once). */
export function splitWordLevel(phrase: SplitPhrase, word: WordMatcher, headLevel: number): number {
  let best = 0;
  for (const parts of phrase.parts) {
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k];
      // Every other level's match holds the word, so a part without it (most parts) costs one test.
      if (part === '' || !word.inside.test(part)) continue;
      const last = k === parts.length - 1;
      let level = 1;
      if (word.whole.test(part)) level = last ? 4 : 2;
      else if (word.head.test(part)) level = last ? headLevel : 1;
      else if (word.start.test(part)) level = 2;
      if (level > best) best = level;
      if (best === 4) return best;
    }
  }
  return best;
}

/**
 * Words of a product name that describe it (not sizes, counts or units): "gluteeniton leipa 300 g" has 2,
 * "ruisleipa 6 kpl 330 g" 1. Fewer is plainer.
 */
export function plainWords(phrase: string): number {
  return phrase.split(/\s+/u).filter((word) => DESCRIPTIVE.test(word) && !UNITS.has(word)).length;
}

/**
 * The length of the shortest word containing the search word: a compound with fewer parts is plainer
 * ("ruisleipa" before "ruispaahtoleipa" for 'leipa'). 1000 when no word contains it.
 */
export function matchLength(phrase: string, word: WordMatcher): number {
  return splitMatchLength(splitPhrase(phrase), word);
}

/** matchLength of a phrase split beforehand. */
export function splitMatchLength(phrase: SplitPhrase, word: WordMatcher): number {
  let shortest = 1000;
  for (const text of phrase.words) {
    if (word.inside.test(text)) shortest = Math.min(shortest, Array.from(text).length);
  }
  return shortest;
}

/** The name without its leading brand ("valio kevytmaito" -> "kevytmaito" for brand "valio"). */
export function productName(candidate: Pick<SearchCandidate, 'brand' | 'searchName'>): string {
  const { brand, searchName } = candidate;
  return brand && searchName.startsWith(`${brand} `) ? searchName.slice(brand.length + 1) : searchName;
}

const brandLevel = (level: number) => (level === 0 ? 0 : level === 4 ? 2 : 1);

/** What scoring reads of a candidate (availability only breaks the ties it leaves). */
export type ScoredFields = Omit<SearchCandidate, 'availability'>;

/** A candidate with the ranking's keys that do not depend on the chosen stores. */
export interface Scored<C extends ScoredFields = ScoredFields> {
  candidate: C;
  /** Relevance × 100, rounded half away from zero to an integer (the relevance to two decimals). */
  relevance: number;
  plainWords: number;
  matchLength: number;
}

/** What scoring needs of a candidate beyond its fields; the in-memory index keeps it per item (search-index.ts). */
export interface Precomputed {
  /** productName(candidate). */
  product: string;
  /** plainWords(product). */
  plainWords: number;
  /** splitPhrase(product) and splitPhrase(brand). */
  productWords: SplitPhrase;
  brandWords: SplitPhrase;
  /** The candidate's category and parent category names as one key (categoryKey). */
  categoryKey: string;
}

/** What scoring knows of a candidate beyond its fields, computed for it (the tables' path) or kept (the index). */
export function precompute(candidate: Pick<SearchCandidate, 'brand' | 'searchName' | 'category' | 'parentCategory'>): Precomputed {
  const product = productName(candidate);
  return { product, plainWords: plainWords(product), productWords: splitPhrase(product), brandWords: splitPhrase(candidate.brand), categoryKey: categoryKey(candidate) };
}

function categoryKey(candidate: Pick<SearchCandidate, 'category' | 'parentCategory'>): string {
  return `${candidate.category}\u0000${candidate.parentCategory}`;
}

/**
 * The relevance, plainness and match length of each candidate (the keys before availability); `patterns` are the
 * search words' patterns (at least one).
 */
export function scoreCandidates<C extends ScoredFields>(candidates: readonly C[], patterns: readonly string[], precomputed: (candidate: C) => Precomputed = precompute): Scored<C>[] {
  const words = patterns.map(wordMatcher);
  const n = words.length;
  const categoryLevels = new Map<string, number>();
  return candidates.map((candidate) => {
    const known = precomputed(candidate);
    let textSum = 0;
    let lengthSum = 0;
    for (const word of words) {
      textSum += Math.max(splitWordLevel(known.productWords, word, 4), brandLevel(splitWordLevel(known.brandWords, word, 4)));
      lengthSum += splitMatchLength(known.productWords, word);
    }
    let categorySum = categoryLevels.get(known.categoryKey);
    if (categorySum === undefined) {
      categorySum = 0;
      for (const word of words) categorySum += Math.max(wordLevel(candidate.category, word, 3), wordLevel(candidate.parentCategory, word, 3));
      categoryLevels.set(known.categoryKey, categorySum);
    }
    const startsWith = words[0].start.test(known.product) ? 1 : 0;
    // relevance × 100 = (200 × textSum + 100 × categorySum) / n + 25 × startsWith, exact in integers.
    const numerator = 200 * textSum + 100 * categorySum + 25 * startsWith * n;
    return { candidate, relevance: Math.floor((2 * numerator + n) / (2 * n)), plainWords: known.plainWords, matchLength: lengthSum };
  });
}

/** Order of the keys before availability: relevance, then plainer, then shorter match. */
export function compareScores(a: Scored, b: Scored): number {
  return b.relevance - a.relevance || a.plainWords - b.plainWords || a.matchLength - b.matchLength;
}

/**
 * Orders the candidates by the ranking above; `patterns` are the search words' patterns (at least one).
 * `collator` compares names as Finnish.
 */
export function rankCandidates(candidates: readonly SearchCandidate[], patterns: readonly string[], collator: Intl.Collator): SearchCandidate[] {
  const ranked = scoreCandidates(candidates, patterns);
  ranked.sort(
    (a, b) =>
      compareScores(a, b) ||
      b.candidate.availability - a.candidate.availability ||
      collator.compare(a.candidate.name, b.candidate.name) ||
      a.candidate.id - b.candidate.id,
  );
  return ranked.map((entry) => entry.candidate);
}
