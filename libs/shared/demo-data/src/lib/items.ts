import { gtinCheckDigit } from '@hintakori/shared-util';
import { GS1_PREFIX, brandInfo } from './brands';
import { CATALOG } from './catalog';
import { list, type Defaults, type LeafDef, type MidDef, type ProductDef, type Storage, type TopDef } from './catalog-types';
import { nutritionRows, type NutritionKey } from './nutrition';
import { shelfPrice } from './money';
import { Rng, hashString } from './prng';
import { demoDeposit } from './deposits';
import { parseSize } from './sizes';
import { uniqueSlug } from './slugify';
import type { DemoCategory, DemoItem, StoreType } from './types';

/** Facts about an item that the price model needs but the public item shape does not carry. */
export interface ItemMeta {
  /** Package size in comparison units (1 for loose goods priced per kg). */
  quantity: number;
  /** Private label of this retail group, if any. */
  own: StoreType | undefined;
  /** 0–1: how widely the item is stocked. */
  popularity: number;
  /** Cents: the container deposit (pantti) of a drink (demoDeposit); null for everything else. */
  deposit: number | null;
}

export interface Catalog {
  categories: DemoCategory[];
  items: DemoItem[];
  meta: ItemMeta[];
}

const DEFAULT_ITEMS_PER_LEAF = 15;
const SMALL_ITEMS_PER_LEAF = 3;
const LOOSE = '-';

const STORAGE_SENTENCES: Record<Storage, readonly string[]> = {
  cold: ['Säilytä jääkaapissa +2…+6 °C.', 'Avattu pakkaus säilytetään jääkaapissa ja käytetään muutaman päivän kuluessa.'],
  fresh: ['Säilytä viileässä.', 'Huuhtele ennen käyttöä.'],
  frozen: ['Säilytä pakastimessa −18 °C:ssa tai kylmemmässä.', 'Sulatettua tuotetta ei saa pakastaa uudelleen.'],
  dry: ['Säilytä kuivassa ja huoneenlämmössä.', 'Säilytä avattu pakkaus tiiviisti suljettuna.'],
  bread: ['Säilytä huoneenlämmössä, voidaan pakastaa.', 'Paras tuoreena.'],
  drink: ['Säilytä viileässä, avattuna jääkaapissa.', 'Tarjoile kylmänä.'],
  home: ['Säilytä lasten ulottumattomissa.', 'Lue käyttöohje ennen käyttöä.'],
};

const capitalize = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** True when a 13-digit code has a valid GS1 check digit. */
export function isValidEan13(ean: string): boolean {
  return /^\d{13}$/.test(ean) && gtinCheckDigit(ean.slice(0, 12)) === Number(ean[12]);
}

/**
 * Private labels are pushed back in the variant queues so that most items are national brands that
 * every chain can sell (private labels are exclusive to their group's stores).
 */
function labelPenalty(brand: string): number {
  const own = brandInfo(brand).own;
  if (!own || own === 'L') return 0;
  return brand === 'X-tra' || brand === 'Kotimaista' || brand === 'Kokkikartano' || brand === 'K-Menu' ? 0.4 : 0.2;
}

class ItemFactory {
  private readonly rng: Rng;
  private readonly names = new Set<string>();
  private readonly slugs = new Set<string>();
  private readonly eans = new Set<string>();
  readonly items: DemoItem[] = [];
  readonly meta: ItemMeta[] = [];

  constructor(
    seed: number,
    private readonly perLeaf: (leaf: LeafDef) => number,
  ) {
    this.rng = new Rng(hashString(`items:${seed}`));
  }

  private ean(brand: string): string {
    const info = brandInfo(brand);
    let company: string;
    if (info.own === 'L') company = '4056489';
    else {
      // Finnish brands and the S/K private labels carry Finnish (64) codes; imports their country's prefix.
      const country = info.origin && !info.own ? (GS1_PREFIX[info.origin] ?? '5') : '64';
      const digits = String(hashString(brand) % 100000000).padStart(8, '0');
      company = (country + digits).slice(0, 7);
    }
    for (;;) {
      const first12 = company + String(this.rng.int(0, 99999)).padStart(5, '0');
      const ean = first12 + gtinCheckDigit(first12);
      if (!this.eans.has(ean)) {
        this.eans.add(ean);
        return ean;
      }
    }
  }

  addLeaf(top: TopDef, mid: MidDef, leaf: LeafDef, categoryId: number, topSlug: string): void {
    const rng = this.rng;
    const chain: Defaults[] = [leaf, mid, top];
    const inherit = <K extends keyof Defaults>(key: K, product?: ProductDef): Defaults[K] | undefined => {
      if (product && key in product && (product as Defaults)[key] !== undefined) return (product as Defaults)[key];
      for (const level of chain) if (level[key] !== undefined) return level[key];
      return undefined;
    };
    const products: ProductDef[] = (typeof leaf.p === 'string' ? leaf.p.split(';') : leaf.p).map((p) => (typeof p === 'string' ? { n: p.trim() } : p));

    // Every product gets a shuffled queue of brand × size variants; take them round-robin.
    const queues = rng.shuffle(products).map((product) => {
      const brands = list(inherit('b', product));
      const sizes = list(inherit('s', product));
      if (brands.length === 0 || sizes.length === 0) throw new Error(`No brands or sizes for '${product.n}' in '${leaf.name}'`);
      const variants: Array<{ brand: string; size: string; key: number }> = [];
      for (const brand of brands) for (const size of sizes) variants.push({ brand, size, key: rng.float() + labelPenalty(brand) });
      return { product, sizes, variants: variants.sort((a, b) => a.key - b.key) };
    });
    const target = this.perLeaf(leaf);
    let made = 0;
    while (made < target && queues.some((q) => q.variants.length > 0)) {
      for (const queue of queues) {
        if (made >= target) break;
        const variant = queue.variants.shift();
        if (!variant) continue;
        if (this.make(queue.product, queue.sizes, variant.brand, variant.size, inherit, categoryId, topSlug, [mid.name, leaf.name])) made++;
      }
    }
  }

  private make(
    product: ProductDef,
    sizes: readonly string[],
    brand: string,
    size: string,
    inherit: <K extends keyof Defaults>(key: K, product?: ProductDef) => Defaults[K] | undefined,
    categoryId: number,
    topSlug: string,
    [midName, leafName]: readonly [string, string],
  ): boolean {
    const rng = this.rng;
    const stem = product.n;
    const bare = product.raw ? stem : `${brand} ${stem}`;
    const loose = size === LOOSE;
    const name = capitalize(loose ? bare : `${bare} ${size}`);
    if (this.names.has(name)) return false;
    this.names.add(name);

    const parsed = loose ? null : parseSize(name);
    const quantity = Math.round((parsed?.quantity ?? 1) * 1e6) / 1e6;
    const comparisonPriceUnit = loose ? 'kg' : (parsed?.unit ?? 'kpl');

    const ppu = (product.ppu ?? inherit('ppu')) as readonly [number, number] | undefined;
    if (!ppu) throw new Error(`No price range for '${name}'`);
    const info = brandInfo(brand);
    // Smaller packs cost a little more per unit, bigger ones a little less.
    const sameUnit = sizes
      .filter((s) => s !== LOOSE)
      .map((s) => parseSize(`x ${s}`))
      .filter((p) => p && p.unit === comparisonPriceUnit);
    const reference = sameUnit.length > 0 ? Math.exp(sameUnit.reduce((sum, p) => sum + Math.log(p!.quantity), 0) / sameUnit.length) : quantity;
    const sizeFactor = Math.min(1.6, Math.max(0.7, Math.pow(quantity / reference, -0.3)));
    // Private labels sit in the cheaper part of the range, national brands in the upper part.
    const position = info.own ? rng.range(0, 0.55) : rng.range(0.3, 1);
    const euros = (ppu[0] + (ppu[1] - ppu[0]) * position) * info.factor * sizeFactor * quantity;
    const basePrice = shelfPrice(Math.max(15, Math.round(euros * 100)));

    const origins = product.o !== undefined ? list(product.o) : info.origin ? [info.origin] : list(inherit('o'));
    // Finnish national brands are made in Finland whenever that is an option for the product.
    const finnishBrand = !info.own && !info.origin && !info.variesByOrigin;
    const originCountry = finnishBrand && origins.includes('Suomi') ? 'Suomi' : origins.length > 0 ? rng.pick(origins) : 'Suomi';

    const ingredients = (product.i ?? (inherit('i') as string | undefined) ?? '{P}').replace(/\{P\}/g, capitalize(stem));
    const nutKey = (product.nut !== undefined ? product.nut : inherit('nut')) as NutritionKey | null | undefined;
    const nutritionalContent = nutKey ? nutritionRows(nutKey, rng, rng.chance(0.75)) : [];

    const storage = (inherit('st') as Storage | undefined) ?? 'dry';
    const templates = (inherit('d') as readonly string[] | undefined) ?? ['{P} on laadukas valinta arkeen.'];
    const fill = (t: string) => t.replace(/\{P\}/g, capitalize(bare)).replace(/\{p\}/g, stem).replace(/\{b\}/g, brand);
    const first = rng.int(0, templates.length - 1);
    const sentences = [fill(templates[first])];
    if (templates.length > 1 && rng.chance(0.45)) sentences.push(fill(templates[(first + 1 + rng.int(0, templates.length - 2)) % templates.length]));
    if (sentences.length < 3 && rng.chance(0.35))
      sentences.push(originCountry === 'Suomi' ? rng.pick(['Kotimainen tuote.', 'Valmistettu Suomessa.']) : `Alkuperämaa: ${originCountry}.`);
    if (sentences.length < 3 && rng.chance(0.6)) sentences.push(rng.pick(STORAGE_SENTENCES[storage]));

    const staple = Boolean(inherit('staple'));
    const popularity = info.own ? 0.6 + 0.4 * rng.float() : staple ? 0.55 + 0.45 * rng.float() : 0.75 * rng.float();

    this.items.push({
      id: this.items.length + 1,
      ean: this.ean(brand),
      name,
      urlSlug: uniqueSlug(name, this.slugs),
      pictureUrl: `/images/products/${topSlug}.svg`,
      brandName: brand,
      originCountry,
      description: sentences.join(' '),
      ingredients,
      nutritionalContent,
      categoryId,
      priceUnit: loose ? 'kg' : 'kpl',
      comparisonPriceUnit,
      basePrice,
    });
    this.meta.push({ quantity, own: info.own, popularity, deposit: demoDeposit(midName, leafName, name) });
    return true;
  }
}

/** Builds the category tree (ids in depth-first order) and the items of every leaf. */
/** Items per leaf category in the national ('finland') size, relative to the standard size: 10,000+ items. */
export const FINLAND_ITEMS_FACTOR = 6;

export function generateCatalog(seed: number, small: boolean, itemsFactor = 1): Catalog {
  const categories: DemoCategory[] = [];
  const slugs = new Set<string>();
  const factory = new ItemFactory(seed, (leaf) => (small ? SMALL_ITEMS_PER_LEAF : (leaf.n ?? DEFAULT_ITEMS_PER_LEAF) * itemsFactor));
  const addCategory = (name: string, parent: DemoCategory | null): DemoCategory => {
    const category: DemoCategory = {
      id: categories.length + 1,
      name,
      slug: uniqueSlug(name, slugs, parent?.slug),
      parentCategoryId: parent?.id ?? null,
    };
    categories.push(category);
    return category;
  };
  for (const top of CATALOG) {
    const topCategory = addCategory(top.name, null);
    for (const mid of top.children) {
      const midCategory = addCategory(mid.name, topCategory);
      for (const leaf of mid.leaves) {
        const leafCategory = addCategory(leaf.name, midCategory);
        factory.addLeaf(top, mid, leaf, leafCategory.id, topCategory.slug);
      }
    }
  }
  return { categories, items: factory.items, meta: factory.meta };
}
