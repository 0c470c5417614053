// Reads what the shop's own page shows: a product page's EAN and prices, the cart page's lines, and the store the
// shopper chose in the shop. Pure functions of a Document (and the page's localStorage), so the jsdom tests read the
// same stand-in pages the browser e2e serves. Nothing here touches the network; what is read is checked (EAN check
// digit, cents in range, units from a fixed table) before it leaves the content script.
//
// Where each shape comes from (public code, facts and field names only):
// - S-kaupat product URL `/tuote/<slug>/<ean>`; the page is a Next.js app whose `__NEXT_DATA__` carries the Apollo
//   cache with the product (a public meal planner's S-kaupat page parser reads it), whose fields are the web shop
//   API's (`ean`, `price`, `pricing { currentPrice regularPrice campaignPrice comparisonPrice comparisonUnit }`, units
//   KGM/LTR/PCE: libs/price-ingest/service/fixtures/s-kaupat/README.md). Visible text: `[data-test-id="product-name"]`,
//   `[data-test-id="display-price"]`, `[data-test-id="product-info-ean"]` (public scrapers of s-kaupat.fi).
// - S-kaupat's chosen store: localStorage `store-data`, `{"storeData":{"storeId":"639126291","deliveryStore":{"id":…}}}`
//   (a public script that presets an S-kaupat store writes exactly that key).
// - K-Ruoka product URL `/kauppa/tuote/<slug>-<ean>`; its product objects carry `ean` and `mobilescan.pricing.normal
//   {price, unitPrice {value, unit}}` with an optional `discount {price, startDate, endDate}` (the recorded K-Ruoka API
//   answers of libs/price-ingest/service/fixtures/k-ruoka/README.md; a public parser reads them from the page's
//   application state); visible price `.price` (public scrapers of k-ruoka.fi).
// - Any page: schema.org JSON-LD `Product` with `gtin13` and `offers` (price, priceSpecification).
import { isEan } from './ean';
import type { ShopAdapter } from '../shops';

/** What a product page shows, in cents. */
export interface ShownProduct {
  ean: string;
  /** The price the shopper pays now (a campaign price during a campaign). */
  price: number;
  /** The shelf price beside a campaign price; absent without a campaign. */
  regularPrice?: number;
  /** The unit price as shown, with its unit (`kg`, `l`, `kpl`). */
  comparisonPrice?: number;
  comparisonUnit?: string;
}

export interface CartLine {
  ean: string;
  quantity: number;
}

const MAX_PRICE = 1_000_000;
const MAX_COMPARISON_PRICE = 100_000_000;
/** The shops' unit codes (GS1/UN and plain) → the unit as a report carries it. */
const UNITS: Record<string, string> = { kgm: 'kg', kg: 'kg', ltr: 'l', l: 'l', pce: 'kpl', kpl: 'kpl', pc: 'kpl', st: 'kpl', grm: 'g', g: 'g', mlt: 'ml', ml: 'ml', m: 'm', mtr: 'm' };

/** Euros (a number or a "1.99"/"1,99" string) → cents within 1…max, else null. */
function euroCents(value: unknown, max: number = MAX_PRICE): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(?:[.,]\d{1,2})?\s*$/.test(value) ? Number(value.replace(',', '.')) : NaN;
  if (!Number.isFinite(n)) return null;
  const cents = Math.round(n * 100);
  return cents >= 1 && cents <= max ? cents : null;
}

function unitOf(value: unknown): string | null {
  return typeof value === 'string' ? (UNITS[value.trim().toLowerCase()] ?? null) : null;
}

/** "1,99 €" (also "1,99", "1.99 €", with NBSPs) → 199; null when the text holds no price. */
export function centsFromText(text: string | null | undefined): number | null {
  const match = /(\d{1,5})(?:[,.](\d{1,2}))?\s*€?/.exec((text ?? '').replace(/\s+/g, ' '));
  if (!match) return null;
  return euroCents(`${match[1]}.${(match[2] ?? '0').padEnd(2, '0')}`);
}

/** "3,49 €/kg" → { price: 349, unit: 'kg' }; null unless both a price and a known unit are there. */
export function comparisonFromText(text: string | null | undefined): { price: number; unit: string } | null {
  const match = /(\d{1,6})[,.](\d{2})\s*€?\s*\/\s*([a-zA-Z]{1,4})\b/.exec((text ?? '').replace(/\s+/g, ' '));
  if (!match) return null;
  const price = euroCents(`${match[1]}.${match[2]}`, MAX_COMPARISON_PRICE);
  const unit = unitOf(match[3]);
  return price !== null && unit ? { price, unit } : null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON the page embeds for its own use: JSON-LD, Next.js' `__NEXT_DATA__`, other `application/json` scripts. */
function embeddedJson(doc: Document): unknown[] {
  const found: unknown[] = [];
  for (const script of doc.querySelectorAll('script[type="application/ld+json"], script[type="application/json"], script#__NEXT_DATA__')) {
    const text = script.textContent ?? '';
    if (text.length > 8_000_000) continue; // not a page's state: do not stall the page parsing it
    try {
      found.push(JSON.parse(text));
    } catch {
      // a script that is not JSON is not ours to read
    }
  }
  return found;
}

/** Every object in the trees (bounded: a huge state is walked only so far). */
function* objects(roots: unknown[]): Generator<Json> {
  const stack = [...roots];
  let seen = 0;
  while (stack.length > 0 && seen < 500_000) {
    const value = stack.pop();
    seen++;
    if (Array.isArray(value)) stack.push(...value);
    else if (isObject(value)) {
      yield value;
      for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
}

const types = (node: Json): string[] => [node['@type']].flat().filter((t): t is string => typeof t === 'string');

/** schema.org `Product` with this EAN: `offers.price`, a `ListPrice` specification as the shelf price, a unit price. */
function fromJsonLd(node: Json, ean: string): ShownProduct | null {
  if (!types(node).includes('Product')) return null;
  if (![node.gtin13, node.gtin, node.gtin8, node.ean].some((g) => String(g ?? '') === ean)) return null;
  const offer = [node.offers].flat().find(isObject);
  const price = offer ? euroCents(offer.price) : null;
  if (!offer || price === null) return null;
  const shown: ShownProduct = { ean, price };
  for (const spec of [offer.priceSpecification].flat().filter(isObject)) {
    const reference = isObject(spec.referenceQuantity) ? spec.referenceQuantity : null;
    if (reference) {
      const unit = unitOf(reference.unitCode) ?? unitOf(reference.unitText);
      const value = euroCents(spec.price, MAX_COMPARISON_PRICE);
      if (unit && value !== null && (reference.value === undefined || Number(reference.value) === 1)) Object.assign(shown, { comparisonPrice: value, comparisonUnit: unit });
    } else if (String(spec.priceType ?? '').endsWith('ListPrice')) {
      const regular = euroCents(spec.price);
      if (regular !== null && regular > price) shown.regularPrice = regular;
    }
  }
  return shown;
}

/** An S-kaupat product object (the web shop API's fields) with this EAN. */
function fromSKaupatState(node: Json, ean: string): ShownProduct | null {
  if (String(node.ean ?? '') !== ean) return null;
  const pricing = isObject(node.pricing) ? node.pricing : {};
  const price = euroCents(pricing.currentPrice ?? node.price);
  if (price === null) return null;
  const shown: ShownProduct = { ean, price };
  const regular = euroCents(pricing.regularPrice);
  // A campaign: the shop gives the campaign price beside the regular one.
  if (regular !== null && regular > price && (pricing.campaignPrice !== null && pricing.campaignPrice !== undefined)) shown.regularPrice = regular;
  const comparison = euroCents(pricing.comparisonPrice ?? node.comparisonPrice, MAX_COMPARISON_PRICE);
  const unit = unitOf(pricing.comparisonUnit ?? node.comparisonUnit);
  if (comparison !== null && unit) Object.assign(shown, { comparisonPrice: comparison, comparisonUnit: unit });
  return shown;
}

/** A K-Ruoka product object with this EAN: the discount valid now, else the normal price. */
function fromKRuokaState(node: Json, ean: string, now: number): ShownProduct | null {
  if (String(node.ean ?? '') !== ean || !isObject(node.mobilescan) || !isObject(node.mobilescan.pricing)) return null;
  const pricing = node.mobilescan.pricing;
  const normal = isObject(pricing.normal) ? pricing.normal : null;
  const regular = normal ? euroCents(normal.price) : null;
  if (!normal || regular === null) return null;
  const discount = isObject(pricing.discount) ? pricing.discount : null;
  const started = !discount?.startDate || Date.parse(String(discount.startDate)) <= now;
  const notEnded = !discount?.endDate || Date.parse(String(discount.endDate)) >= now;
  const discounted = discount && started && notEnded ? euroCents(discount.price) : null;
  const current = discounted !== null && discounted < regular ? discount : null;
  const shown: ShownProduct = { ean, price: current ? (discounted as number) : regular };
  if (current) shown.regularPrice = regular;
  const unitPrice = isObject((current ?? normal).unitPrice) ? ((current ?? normal).unitPrice as Json) : null;
  const comparison = unitPrice ? euroCents(unitPrice.value, MAX_COMPARISON_PRICE) : null;
  const unit = unitPrice ? unitOf(unitPrice.unit) : null;
  if (comparison !== null && unit) Object.assign(shown, { comparisonPrice: comparison, comparisonUnit: unit });
  return shown;
}

/** The visible text, when the page carries no structured data for this EAN. */
function fromText(shop: ShopAdapter, doc: Document, ean: string): ShownProduct | null {
  if (shop.id === 's-kaupat') {
    // The shop's single-page navigation replaces the page under us: only a page that names this EAN is this product.
    const eanText = doc.querySelector('[data-test-id="product-info-ean"]')?.textContent ?? '';
    if (!eanText.includes(ean)) return null;
    const price = centsFromText(doc.querySelector('[data-test-id="display-price"]')?.textContent);
    if (price === null) return null;
    const comparison = comparisonFromText(doc.querySelector('[data-test-id*="comparisonPrice"]')?.textContent);
    return comparison ? { ean, price, comparisonPrice: comparison.price, comparisonUnit: comparison.unit } : { ean, price };
  }
  const price = centsFromText(doc.querySelector('.price')?.textContent);
  return price === null ? null : { ean, price };
}

/**
 * The product the page at `pathname` shows, or null while it shows none (not a product page, the page not yet drawn,
 * the data of another product: the shops' state keeps the first page's products after a single-page navigation).
 */
export function readProduct(shop: ShopAdapter, doc: Document, pathname: string, now: number = Date.now()): ShownProduct | null {
  const ean = shop.productEan(pathname);
  if (!ean || !isEan(ean)) return null;
  const nodes = [...objects(embeddedJson(doc))];
  for (const node of nodes) {
    const shown = fromJsonLd(node, ean) ?? (shop.id === 's-kaupat' ? fromSKaupatState(node, ean) : fromKRuokaState(node, ean, now));
    if (shown) return shown;
  }
  return fromText(shop, doc, ean);
}

const SHOP_STORE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The shop's own id of the store the shopper chose there, or null when the page does not say. S-kaupat keeps it in its
 * localStorage `store-data`; K-Ruoka's place for it is not publicly documented, so none is read there (and no price
 * is shared from K-Ruoka: a report needs its store).
 */
export function readShopStoreId(shop: ShopAdapter, storage: Pick<Storage, 'getItem'>): string | null {
  if (shop.id !== 's-kaupat') return null;
  let data: unknown;
  try {
    data = JSON.parse(storage.getItem('store-data') ?? 'null');
  } catch {
    return null;
  }
  const storeData = isObject(data) && isObject(data.storeData) ? data.storeData : null;
  const delivery = storeData && isObject(storeData.deliveryStore) ? storeData.deliveryStore : null;
  const id = String(storeData?.storeId ?? delivery?.id ?? '');
  return SHOP_STORE_ID.test(id) ? id : null;
}

const LINE_CONTAINERS = 'li, tr, article, [role="listitem"]';

/**
 * The cart page's lines (`pageUrl`: the page's address, which relative links resolve against): each product link (the shop's product URL, so the EAN) with the quantity of its line (the
 * line's number field, else "N kpl" in its text, else 1). A product linked twice in one line (picture and name) is
 * one line. The cart pages' markup is not publicly documented: only the product links' shape is the shops' own.
 */
export function readCartLines(shop: ShopAdapter, doc: Document, pageUrl: string): CartLine[] {
  const lines = new Map<string, number>();
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    let url: URL;
    try {
      url = new URL(link.getAttribute('href') ?? '', pageUrl);
    } catch {
      continue;
    }
    if (!shop.hosts.includes(url.hostname)) continue;
    const ean = shop.productEan(url.pathname);
    if (!ean || !isEan(ean) || lines.has(ean)) continue;
    lines.set(ean, quantityOf(link.closest(LINE_CONTAINERS)));
  }
  return [...lines].map(([ean, quantity]) => ({ ean, quantity }));
}

function quantityOf(line: Element | null): number {
  if (!line) return 1;
  const input = line.querySelector<HTMLInputElement>('input[type="number"], input[inputmode="numeric"], input[inputmode="decimal"]');
  const raw = input?.value || input?.getAttribute('value') || /(\d+)\s*kpl\b/.exec(line.textContent ?? '')?.[1] || '1';
  const n = Math.ceil(Number(raw.replace(',', '.')));
  return Number.isFinite(n) ? Math.min(Math.max(n, 1), 99) : 1;
}
