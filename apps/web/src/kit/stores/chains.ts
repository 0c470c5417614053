import type { Chain, StoreType } from '../../app/models';

/** The name of every chain of the stores contract's list (a chain added there fails the typecheck until it is named). */
export const CHAIN_NAMES: Record<Chain, string> & Partial<Record<string, string>> = {
  prisma: 'Prisma',
  's-market': 'S-Market',
  alepa: 'Alepa',
  sale: 'Sale',
  abc: 'ABC',
  herkku: 'Herkku',
  kcitymarket: 'K-Citymarket',
  ksupermarket: 'K-Supermarket',
  kmarket: 'K-Market',
  nokm: 'Neste K',
  lidl: 'Lidl',
};

export function chainName(chain: string): string {
  return CHAIN_NAMES[chain] ?? chain;
}

export function chainLogoUrl(chain: string): string {
  return `/images/chains/${CHAIN_NAMES[chain] ? chain : 'default'}.svg`;
}

/** Online shops of the groups for the buy hand-over; Lidl has none. */
export const GROUP_SHOPS: Partial<Record<StoreType, { name: string; url: string }>> = {
  S: { name: 'S-kaupat', url: 'https://www.s-kaupat.fi/' },
  K: { name: 'K-Ruoka', url: 'https://www.k-ruoka.fi/' },
};

/** 'K' is the K group; the API also marks Lidl with 'L'; everything else is the S group. */
export function storeGroup(type: string): StoreType {
  if (type === 'K') return 'K';
  if (type === 'L') return 'L';
  return 'S';
}
