import type { Handover } from '../lib/handover';

/**
 * Everything shop-specific lives in one adapter per group: where the shop is, and how to search it.
 * A future direct add-to-cart (only on a publicly documented API) would slot in here.
 */
export interface ShopAdapter {
  group: Handover['type'];
  /** Shop name as shoppers know it. */
  name: string;
  /** The name in the elative case, for "Hae …sta" ("search from"). */
  nameElative: string;
  /** Hostnames the shop is served from. */
  hosts: string[];
  /** Match patterns for the manifest (content script and host permission). */
  matches: string[];
  /** A link that searches the shop for a product (EAN or name). */
  searchUrl(term: string): string;
}

export const S_GROUP: ShopAdapter = {
  group: 'S',
  name: 'S-kaupat',
  nameElative: 'S-kaupoista',
  hosts: ['www.s-kaupat.fi', 's-kaupat.fi'],
  matches: ['https://www.s-kaupat.fi/*', 'https://s-kaupat.fi/*'],
  searchUrl: (term) => `https://www.s-kaupat.fi/hakutulokset?queryString=${encodeURIComponent(term)}`,
};

export const K_GROUP: ShopAdapter = {
  group: 'K',
  name: 'K-Ruoka',
  nameElative: 'K-Ruoasta',
  hosts: ['www.k-ruoka.fi', 'k-ruoka.fi'],
  matches: ['https://www.k-ruoka.fi/*', 'https://k-ruoka.fi/*'],
  searchUrl: (term) => `https://www.k-ruoka.fi/kauppa/tuotehaku?haku=${encodeURIComponent(term)}`,
};

export const SHOPS: ShopAdapter[] = [S_GROUP, K_GROUP];

export function shopForHost(hostname: string): ShopAdapter | null {
  return SHOPS.find((shop) => shop.hosts.includes(hostname.toLowerCase())) ?? null;
}
