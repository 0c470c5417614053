import { CHAIN_IDS } from '@hintakori/stores-contracts';
import type { ChainId, StoreType } from './types';

/** The chains, as the stores contract lists them (their order seeds the generated prices). */
export { CHAIN_IDS };

export const CHAINS: Record<ChainId, { displayName: string; type: StoreType }> = {
  prisma: { displayName: 'Prisma', type: 'S' },
  's-market': { displayName: 'S-Market', type: 'S' },
  alepa: { displayName: 'Alepa', type: 'S' },
  sale: { displayName: 'Sale', type: 'S' },
  abc: { displayName: 'ABC', type: 'S' },
  herkku: { displayName: 'Herkku', type: 'S' },
  kcitymarket: { displayName: 'K-Citymarket', type: 'K' },
  ksupermarket: { displayName: 'K-Supermarket', type: 'K' },
  kmarket: { displayName: 'K-Market', type: 'K' },
  nokm: { displayName: 'Neste K', type: 'K' },
  lidl: { displayName: 'Lidl', type: 'L' },
};

/** Price level relative to the national reference price. */
export const CHAIN_PRICE_FACTOR: Record<ChainId, number> = {
  lidl: 0.9,
  prisma: 0.97,
  's-market': 1.0,
  kcitymarket: 0.98,
  ksupermarket: 1.03,
  kmarket: 1.06,
  alepa: 1.05,
  sale: 1.08,
  herkku: 1.12,
  nokm: 1.18,
  abc: 1.1,
};

/** Share of the (non-exclusive) assortment a store of the chain does NOT carry: [min, max]. */
export const CHAIN_MISS_RATE: Record<ChainId, readonly [number, number]> = {
  prisma: [0.05, 0.08],
  kcitymarket: [0.05, 0.08],
  herkku: [0.06, 0.1],
  's-market': [0.07, 0.13],
  ksupermarket: [0.07, 0.13],
  alepa: [0.12, 0.18],
  kmarket: [0.12, 0.18],
  sale: [0.12, 0.18],
  abc: [0.16, 0.2],
  nokm: [0.16, 0.2],
  lidl: [0, 0],
};

/**
 * Regular opening hours: share of 24 h stores, and [Mon–Fri, Sat, Sun] variants as 'HH-HH'.
 */
export const CHAIN_HOURS: Record<ChainId, { allDay: number; variants: ReadonlyArray<readonly [string, string, string]> }> = {
  prisma: {
    allDay: 0.3,
    variants: [
      ['07-22', '07-22', '10-22'],
      ['07-23', '07-23', '09-23'],
      ['08-21', '08-21', '10-21'],
    ],
  },
  's-market': {
    allDay: 0.06,
    variants: [
      ['07-22', '07-22', '10-22'],
      ['07-23', '07-23', '10-23'],
      ['08-21', '08-21', '12-21'],
    ],
  },
  alepa: {
    allDay: 0.04,
    variants: [
      ['07-23', '07-23', '09-23'],
      ['07-23', '08-23', '10-23'],
    ],
  },
  sale: {
    allDay: 0,
    variants: [
      ['07-21', '07-21', '10-21'],
      ['08-21', '08-21', '12-21'],
      ['07-22', '08-22', '10-22'],
    ],
  },
  abc: {
    allDay: 0.6,
    variants: [
      ['06-23', '07-23', '08-23'],
      ['05-23', '06-23', '07-23'],
    ],
  },
  herkku: {
    allDay: 0,
    variants: [
      ['09-21', '09-18', '12-18'],
      ['08-21', '09-20', '12-18'],
    ],
  },
  kcitymarket: {
    allDay: 0.2,
    variants: [
      ['07-23', '07-23', '09-23'],
      ['07-22', '07-22', '10-22'],
    ],
  },
  ksupermarket: {
    allDay: 0.05,
    variants: [
      ['07-22', '07-22', '10-22'],
      ['07-23', '07-23', '09-23'],
      ['08-22', '08-22', '10-22'],
    ],
  },
  kmarket: {
    allDay: 0.03,
    variants: [
      ['07-22', '07-22', '09-22'],
      ['07-21', '08-21', '10-21'],
      ['07-23', '07-23', '10-23'],
      ['08-21', '08-21', '12-21'],
    ],
  },
  nokm: {
    allDay: 0.6,
    variants: [
      ['06-23', '07-23', '08-23'],
      ['06-22', '08-22', '09-22'],
    ],
  },
  lidl: {
    allDay: 0,
    variants: [
      ['08-22', '08-22', '10-22'],
      ['07-22', '08-22', '10-22'],
      ['08-21', '08-21', '10-21'],
    ],
  },
};

/** Which retail group's private labels a store of this type sells. */
export function groupOf(chain: ChainId): StoreType {
  return CHAINS[chain].type;
}
