import type { Handover } from '../lib/handover';

/**
 * Everything shop-specific lives in one adapter per group: where the shop is, how to search it, and where its product
 * and cart pages are (lib/shop-page.ts reads them). A future direct add-to-cart (only on a publicly documented API)
 * would slot in here.
 */
export interface ShopAdapter {
  group: Handover['type'];
  /** The shop as `GET /api/stores/byShopStoreId?shop=` names it. */
  id: 's-kaupat' | 'k-ruoka';
  /** Shop name as shoppers know it. */
  name: string;
  /** The name in the elative case, for "Hae …sta" ("search from"). */
  nameElative: string;
  /** Hostnames the shop is served from. */
  hosts: string[];
  /** Match patterns for the manifest (content script). */
  matches: string[];
  /** A link that searches the shop for a product (EAN or name). */
  searchUrl(term: string): string;
  /** The EAN a product page's path names, or null when the path is no product page. */
  productEan(pathname: string): string | null;
  /** Whether the path is the shop's cart page. */
  isCartPage(pathname: string): boolean;
}

/** Decoded path without a trailing slash; a path that is not valid percent-encoding stays as it is. */
function plainPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // keep it as it came
  }
  return path.replace(/\/+$/, '');
}

export const S_GROUP: ShopAdapter = {
  group: 'S',
  id: 's-kaupat',
  name: 'S-kaupat',
  nameElative: 'S-kaupoista',
  hosts: ['www.s-kaupat.fi', 's-kaupat.fi'],
  matches: ['https://www.s-kaupat.fi/*', 'https://s-kaupat.fi/*'],
  searchUrl: (term) => `https://www.s-kaupat.fi/hakutulokset?queryString=${encodeURIComponent(term)}`,
  // `/tuote/<slug>/<ean>`, as the shop links its products (e.g. /tuote/kotimaista-kevytmaito-1-l/6414893386488); links
  // with one more segment after the EAN are seen in public code too (…/6411300000494/1000).
  productEan: (pathname) => /^\/tuote\/[^/]+\/(\d{8}|\d{13})(?:\/[^/]*)?$/.exec(plainPath(pathname))?.[1] ?? null,
  isCartPage: (pathname) => plainPath(pathname) === '/ostoskori',
};

export const K_GROUP: ShopAdapter = {
  group: 'K',
  id: 'k-ruoka',
  name: 'K-Ruoka',
  nameElative: 'K-Ruoasta',
  hosts: ['www.k-ruoka.fi', 'k-ruoka.fi'],
  matches: ['https://www.k-ruoka.fi/*', 'https://k-ruoka.fi/*'],
  searchUrl: (term) => `https://www.k-ruoka.fi/kauppa/tuotehaku?haku=${encodeURIComponent(term)}`,
  // `/kauppa/tuote/<slug>-<ean>` (e.g. /kauppa/tuote/pirkka-iii-olut-033l-45-tlk-si-6410405091260): the EAN ends the slug.
  productEan: (pathname) => /^\/kauppa\/tuote\/(?:[^/]*-)?(\d{8}|\d{13})$/.exec(plainPath(pathname))?.[1] ?? null,
  isCartPage: (pathname) => plainPath(pathname) === '/kauppa/ostoskori',
};

export const SHOPS: ShopAdapter[] = [S_GROUP, K_GROUP];

export function shopForHost(hostname: string): ShopAdapter | null {
  return SHOPS.find((shop) => shop.hosts.includes(hostname.toLowerCase())) ?? null;
}
