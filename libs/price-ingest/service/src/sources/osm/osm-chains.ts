/**
 * The grocery chains Hintakori compares, as OpenStreetMap tags them. The Wikidata ids are those of the
 * name-suggestion-index (osmlab/name-suggestion-index, data/brands: shop/supermarket, shop/convenience and
 * amenity/fuel for ABC); it has no entry for Herkku, which is recognised by its brand or name only.
 */
export interface OsmChain {
  /** Hintakori's chain id. */
  id: string;
  type: 'S' | 'K' | 'L';
  /** The chain's display name (a store without an OSM `name` is called this plus its city). */
  displayName: string;
  /** `brand:wikidata` of the chain, when the name-suggestion-index has one. */
  wikidata: string | null;
  /** Lower-case `brand` values (spaces and hyphens normalised) that mean the chain. */
  brands: readonly string[];
  /** A `name` starting with one of these (lower-case, normalised, followed by a space or the end) means the chain. */
  namePrefixes: readonly string[];
  /**
   * The name is an ordinary word ('Sale', 'Herkku', 'ABC'): a name alone means the chain only on a food shop or a
   * fuel station (a bakery called 'Herkku Leipomo' is not one).
   */
  commonWord?: boolean;
}

export const OSM_CHAINS: readonly OsmChain[] = [
  { id: 'prisma', type: 'S', displayName: 'Prisma', wikidata: 'Q12047031', brands: ['prisma'], namePrefixes: ['prisma'] },
  { id: 's-market', type: 'S', displayName: 'S-market', wikidata: 'Q11891613', brands: ['s-market'], namePrefixes: ['s-market'] },
  { id: 'alepa', type: 'S', displayName: 'Alepa', wikidata: 'Q4716167', brands: ['alepa'], namePrefixes: ['alepa'] },
  { id: 'sale', type: 'S', displayName: 'Sale', wikidata: 'Q11892046', brands: ['sale'], namePrefixes: ['sale'], commonWord: true },
  { id: 'abc', type: 'S', displayName: 'ABC', wikidata: 'Q10397504', brands: ['abc'], namePrefixes: ['abc'], commonWord: true },
  { id: 'herkku', type: 'S', displayName: 'Herkku', wikidata: null, brands: ['herkku', 'sokos herkku'], namePrefixes: ['herkku', 'sokos herkku'], commonWord: true },
  { id: 'kcitymarket', type: 'K', displayName: 'K-Citymarket', wikidata: 'Q11868561', brands: ['k-citymarket'], namePrefixes: ['k-citymarket'] },
  { id: 'ksupermarket', type: 'K', displayName: 'K-Supermarket', wikidata: 'Q5408668', brands: ['k-supermarket'], namePrefixes: ['k-supermarket'] },
  { id: 'kmarket', type: 'K', displayName: 'K-Market', wikidata: 'Q11868562', brands: ['k-market'], namePrefixes: ['k-market'] },
  { id: 'nokm', type: 'K', displayName: 'Neste K', wikidata: 'Q42901270', brands: ['neste k'], namePrefixes: ['neste k'] },
  { id: 'lidl', type: 'L', displayName: 'Lidl', wikidata: 'Q151954', brands: ['lidl'], namePrefixes: ['lidl'] },
];

const BY_WIKIDATA = new Map(OSM_CHAINS.filter((c) => c.wikidata).map((c) => [c.wikidata as string, c]));
const BY_BRAND = new Map(OSM_CHAINS.flatMap((c) => c.brands.map((b) => [b, c] as const)));
// Longest prefix first: 'neste k' before any shorter one, 'sokos herkku' before 'herkku'.
const PREFIXES = OSM_CHAINS.flatMap((c) => c.namePrefixes.map((p) => [p, c] as const)).sort((a, b) => b[0].length - a[0].length);

/** `shop` values a grocery store carries in OSM. */
const FOOD_SHOPS = new Set(['supermarket', 'convenience', 'department_store', 'grocery', 'food', 'general', 'deli', 'wholesale']);

/** Lower case, one space between words, hyphens without spaces around them ('K - market' → 'k-market'). */
export function normaliseName(value: string): string {
  return value
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The chain of an OSM element: its `brand:wikidata` (the most reliable), else its `brand`, else the start of its
 * `name`. A `brand` of another chain (e.g. 'Neste' for a plain fuel station) still lets the name decide, because
 * shops inside stations are often tagged with the station's brand.
 */
export function chainOf(tags: Record<string, string>): OsmChain | null {
  const wikidata = tags['brand:wikidata'];
  if (wikidata) {
    for (const id of wikidata.split(';')) {
      const chain = BY_WIKIDATA.get(id.trim());
      if (chain) return chain;
    }
  }
  const brand = tags.brand ? BY_BRAND.get(normaliseName(tags.brand)) : undefined;
  if (brand) return brand;
  const name = tags.name ? normaliseName(tags.name) : '';
  const foodShop = FOOD_SHOPS.has(tags.shop?.trim().toLowerCase() ?? '') || tags.amenity === 'fuel';
  for (const [prefix, chain] of PREFIXES) {
    if ((name === prefix || name.startsWith(`${prefix} `)) && (foodShop || !chain.commonWord)) return chain;
  }
  return null;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Overpass QL (POSIX extended, case-insensitive) regex for a `brand` or `name` that may be a chain: a known prefix
 * followed by a space or the end. Hyphens and spaces are matched loosely, as in normaliseName.
 */
export function chainNameRegex(): string {
  const prefixes = [...new Set(OSM_CHAINS.flatMap((c) => [...c.brands, ...c.namePrefixes]))].sort();
  const loose = prefixes.map((p) =>
    p
      .split(' ')
      .map((word) => word.split('-').map(escapeRegex).join(' *- *'))
      .join(' +'),
  );
  return `^(${loose.join('|')})( |$)`;
}

/** The chains' Wikidata ids for an exact-match regex in Overpass QL. */
export function chainWikidataRegex(): string {
  return `^(${OSM_CHAINS.flatMap((c) => (c.wikidata ? [c.wikidata] : [])).join('|')})$`;
}
