import type { NutrientValue, SourceCategoryRef } from '@hintakori/price-ingest-contracts';
import { slugOr } from '../../feeds/adapters/common';
import type { FeedProduct } from '../../feeds/feed-record';
import { checkedEan, isObject, obj, RecordError, type Json } from '../../feeds/values';
import type { SourceHttp } from '../source-http';

export const OPEN_FOOD_FACTS_SOURCE = 'open-food-facts';

/** The public API (production). Staging is https://world.openfoodfacts.net (HTTP basic auth off:off). */
export const OPEN_FOOD_FACTS_URL = 'https://world.openfoodfacts.org';

/** An Open Food Facts product read within this time is taken from the HTTP cache without asking again. */
export const OFF_PRODUCT_FRESH_MS = 30 * 24 * 60 * 60 * 1000;

/** The product fields offProductToFeed reads; the API is asked for these only (`fields=`). */
export const OFF_PRODUCT_FIELDS = [
  'code',
  'product_name_fi',
  'product_name',
  'product_name_en',
  'generic_name_fi',
  'generic_name',
  'generic_name_en',
  'brands',
  'image_front_url',
  'image_url',
  'ingredients_text_fi',
  'ingredients_text',
  'ingredients_text_en',
  'origins_tags',
  'origins',
  'countries_tags',
  'categories_hierarchy',
  'categories_tags',
  'nutriments',
  'product_quantity',
  'product_quantity_unit',
  'quantity',
] as const;

/** Country tags of the Open Food Facts taxonomy in Finnish (origins); others are shown from the tag itself. */
const COUNTRIES_FI: Record<string, string> = {
  finland: 'Suomi',
  sweden: 'Ruotsi',
  norway: 'Norja',
  denmark: 'Tanska',
  iceland: 'Islanti',
  estonia: 'Viro',
  latvia: 'Latvia',
  lithuania: 'Liettua',
  russia: 'Venäjä',
  ukraine: 'Ukraina',
  poland: 'Puola',
  germany: 'Saksa',
  netherlands: 'Alankomaat',
  belgium: 'Belgia',
  luxembourg: 'Luxemburg',
  france: 'Ranska',
  'united-kingdom': 'Iso-Britannia',
  ireland: 'Irlanti',
  spain: 'Espanja',
  portugal: 'Portugali',
  italy: 'Italia',
  greece: 'Kreikka',
  austria: 'Itävalta',
  switzerland: 'Sveitsi',
  'czech-republic': 'Tšekki',
  slovakia: 'Slovakia',
  hungary: 'Unkari',
  slovenia: 'Slovenia',
  croatia: 'Kroatia',
  romania: 'Romania',
  bulgaria: 'Bulgaria',
  turkey: 'Turkki',
  cyprus: 'Kypros',
  israel: 'Israel',
  morocco: 'Marokko',
  egypt: 'Egypti',
  'south-africa': 'Etelä-Afrikka',
  kenya: 'Kenia',
  'cote-d-ivoire': 'Norsunluurannikko',
  ghana: 'Ghana',
  'united-states': 'Yhdysvallat',
  canada: 'Kanada',
  mexico: 'Meksiko',
  'costa-rica': 'Costa Rica',
  colombia: 'Kolumbia',
  ecuador: 'Ecuador',
  peru: 'Peru',
  brazil: 'Brasilia',
  chile: 'Chile',
  argentina: 'Argentiina',
  china: 'Kiina',
  japan: 'Japani',
  'south-korea': 'Etelä-Korea',
  india: 'Intia',
  'sri-lanka': 'Sri Lanka',
  thailand: 'Thaimaa',
  vietnam: 'Vietnam',
  indonesia: 'Indonesia',
  australia: 'Australia',
  'new-zealand': 'Uusi-Seelanti',
  'european-union': 'EU',
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function firstText(product: Json, fields: readonly string[]): string | null {
  for (const field of fields) {
    const value = text(product[field]);
    if (value) return value;
  }
  return null;
}

function tags(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim()) : [];
}

/** 'en:semi-skimmed-milks' → 'Semi skimmed milks'. */
function tagLabel(tag: string): string {
  const words = tag.replace(/^[a-z]{2}:/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function origin(product: Json): string | null {
  const names = tags(product.origins_tags)
    .filter((t) => t !== 'en:unknown')
    .map((t) => (t.startsWith('en:') ? COUNTRIES_FI[t.slice(3)] : undefined) ?? tagLabel(t));
  if (names.length > 0) return [...new Set(names)].join(', ');
  return text(product.origins);
}

function amount(nutriments: Json, key: string): number | null {
  const raw = nutriments[key];
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.replace(',', '.')) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : null;
}

function decimal(value: number, decimals: number): string {
  return value.toFixed(decimals).replace('.', ',');
}

/** Grams as on a Finnish label: whole grams from 10 g, else tenths (salt: hundredths below 1 g). */
function grams(value: number, fine = false): string {
  if (value >= 10) return `${decimal(value, 0)} g`;
  return `${decimal(value, fine && value < 1 ? 2 : 1)} g`;
}

const GRAM_ROWS: { name: string; key: string; fine?: boolean }[] = [
  { name: 'Rasva', key: 'fat_100g' },
  { name: 'josta tyydyttyneitä', key: 'saturated-fat_100g' },
  { name: 'Hiilihydraatit', key: 'carbohydrates_100g' },
  { name: 'josta sokereita', key: 'sugars_100g' },
  { name: 'Ravintokuitu', key: 'fiber_100g' },
  { name: 'Proteiini', key: 'proteins_100g' },
  { name: 'Suola', key: 'salt_100g', fine: true },
];

/** The nutrition declaration per 100 g / 100 ml as the rows of a Finnish label ("Ravintosisältö"). */
function nutrition(value: unknown): NutrientValue[] {
  if (!isObject(value)) return [];
  const rows: NutrientValue[] = [];
  // energy_100g is in kJ in Open Food Facts; energy-kj_100g is the declared kJ when given.
  const kj = amount(value, 'energy-kj_100g') ?? amount(value, 'energy_100g');
  const kcal = amount(value, 'energy-kcal_100g');
  const energy = [kj !== null ? `${decimal(kj, 0)} kJ` : null, kcal !== null ? `${decimal(kcal, 0)} kcal` : null].filter(Boolean).join(' / ');
  if (energy) rows.push({ name: 'Energia', value: energy, ri: null });
  for (const row of GRAM_ROWS) {
    const grams100 = amount(value, row.key);
    if (grams100 !== null) rows.push({ name: row.name, value: grams(grams100, row.fine), ri: null });
  }
  return rows;
}

function unitKind(unit: string): 'kg' | 'l' | null {
  const u = unit.trim().toLowerCase();
  if (['g', 'kg', 'mg', 'gr', 'gram', 'grams'].includes(u)) return 'kg';
  if (['ml', 'cl', 'dl', 'l', 'ltr', 'litre', 'liter'].includes(u)) return 'l';
  return null;
}

/** Price unit 'kpl' (a package) or 'kg' (sold by weight), and the comparison unit from the package size. */
function units(product: Json): { priceUnit: string; comparisonPriceUnit: string } {
  const quantity = text(product.quantity) ?? '';
  if (/(\bper\b|\/|à)\s*kg\b|\birto/i.test(quantity)) return { priceUnit: 'kg', comparisonPriceUnit: 'kg' };
  const declared = text(product.product_quantity_unit);
  const fromField = declared && product.product_quantity !== undefined ? unitKind(declared) : null;
  const match = /(\d+(?:[.,]\d+)?)\s*(kg|mg|g|ml|cl|dl|l)\b/i.exec(quantity);
  const kind = fromField ?? (match ? unitKind(match[2]) : null);
  return { priceUnit: 'kpl', comparisonPriceUnit: kind ?? 'kpl' };
}

/** The most specific category tag with the hierarchy (general → specific) that leads to it. */
function category(product: Json): SourceCategoryRef {
  // categories_hierarchy lists the product's categories and all their parents, ordered general → specific.
  const path = tags(product.categories_hierarchy).length > 0 ? tags(product.categories_hierarchy) : tags(product.categories_tags);
  if (path.length === 0) return { externalType: OPEN_FOOD_FACTS_SOURCE, externalId: 'en:unknown', name: 'Unknown', path: ['en:unknown'] };
  const specific = path[path.length - 1];
  return { externalType: OPEN_FOOD_FACTS_SOURCE, externalId: specific, name: tagLabel(specific), path };
}

/**
 * An Open Food Facts product (the `product` of an API answer, or a line of the JSONL export; a whole API answer is
 * unwrapped) as a FeedProduct: Finnish texts first. `ean`: the code the product was asked by (Open Food Facts may
 * answer a normalised code); default the product's `code`. Throws RecordError with the reason.
 */
export function offProductToFeed(raw: unknown, ean?: string): FeedProduct {
  let product = obj(raw, 'product');
  if (isObject(product.product) && 'status' in product) product = product.product;
  const code = checkedEan(ean ?? product.code);
  const name = firstText(product, ['product_name_fi', 'product_name', 'generic_name_fi', 'generic_name', 'product_name_en', 'generic_name_en']);
  if (!name) throw new RecordError(`product ${code} has no name in Open Food Facts`);
  const genericName = firstText(product, ['generic_name_fi', 'generic_name']);
  const brand = text(product.brands)?.split(',')[0].trim() || null;
  return {
    ean: code,
    name,
    urlSlug: slugOr(undefined, name),
    pictureUrl: firstText(product, ['image_front_url', 'image_url']),
    brandName: brand,
    originCountry: origin(product),
    description: genericName && genericName !== name ? genericName : null,
    ingredients: firstText(product, ['ingredients_text_fi', 'ingredients_text', 'ingredients_text_en']),
    nutritionalContent: nutrition(product.nutriments),
    ...units(product),
    category: category(product),
    source: OPEN_FOOD_FACTS_SOURCE,
  };
}

/** The API v2 URL of a product, asking only for the fields offProductToFeed reads. */
export function offProductUrl(base: string, ean: string): string {
  return `${base.replace(/\/+$/, '')}/api/v2/product/${encodeURIComponent(ean)}.json?fields=${OFF_PRODUCT_FIELDS.join(',')}`;
}

export type OffLookup = { found: true; product: Json } | { found: false };

/**
 * Asks Open Food Facts for one product (rate class 'product', a copy younger than 30 days from the cache). Unknown
 * products are answered 404 (older deployments: 200 with status 0); both are { found: false }. Throws the http
 * errors, and RecordError for an answer that is not an API answer.
 */
export async function fetchOffProduct(http: SourceHttp, base: string, ean: string): Promise<OffLookup> {
  const answer = await http.get(offProductUrl(base, ean), { rateClass: 'product', freshForMs: OFF_PRODUCT_FRESH_MS });
  if (answer.status === 404) return { found: false };
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new RecordError(`Open Food Facts answered ${answer.status} for ${ean} with something else than JSON`);
  }
  if (isObject(body) && body.status === 1 && isObject(body.product)) return { found: true, product: body.product };
  if (isObject(body) && (body.status === 0 || body.status === '0')) return { found: false };
  throw new RecordError(`Open Food Facts answered ${answer.status} for ${ean} without a product or a status`);
}

/** The product of an EAN from Open Food Facts, normalised; null when Open Food Facts does not know it. */
export async function lookupOffProduct(http: SourceHttp, base: string, ean: string): Promise<FeedProduct | null> {
  const lookup = await fetchOffProduct(http, base, ean);
  return lookup.found ? offProductToFeed(lookup.product, ean) : null;
}
