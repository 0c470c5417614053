import type { PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { decodeStorePrices, encodeStorePrices, mergeStorePrices, priceFingerprint, recordFingerprint, type StorePrices } from './published-prices.repository';

const event = (overrides: Partial<PriceObservedEvent> = {}): PriceObservedEvent => ({
  itemId: 7,
  storeId: 3,
  price: 199,
  comparisonPrice: 398,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kg',
  isCampaign: false,
  observedAt: '2026-01-19T06:00:00.000Z',
  source: 's-group',
  regularPrice: null,
  ...overrides,
});

describe('published prices', () => {
  it('merges changed prices into a packed store as setting them in the decoded map and packing it again would', () => {
    const store: StorePrices = new Map();
    for (let i = 0; i < 200; i++) store.set(1000 + i * 3, { price: 100 + i, fingerprint: i * 7 - 500 });
    const packed = encodeStorePrices(store);
    // Replaced ones, and new ones before, between and after the stored ones.
    const changes = new Map([
      [1003, { price: 1, fingerprint: 2 }],
      [5, { price: 3, fingerprint: 4 }],
      [1004, { price: 5, fingerprint: 6 }],
      [999_999, { price: 7, fingerprint: 8 }],
      [1597, { price: 9, fingerprint: 10 }],
    ]);
    const expected = new Map(store);
    for (const [itemId, price] of changes) expected.set(itemId, price);
    expect(mergeStorePrices(packed, changes)).toEqual(encodeStorePrices(expected));
    expect(decodeStorePrices(mergeStorePrices(packed, changes))).toEqual(expected);
    expect(mergeStorePrices(null, changes)).toEqual(encodeStorePrices(new Map(changes)));
    expect(mergeStorePrices(packed, new Map())).toEqual(packed);
  });

  it('fingerprints what the projections show, not when or by whom it was observed', () => {
    const base = priceFingerprint(event());
    expect(priceFingerprint(event({ observedAt: '2026-02-01T00:00:00.000Z', source: 'k-group', price: 250 }))).toBe(base);
    for (const changed of [{ comparisonPrice: 399 }, { comparisonPrice: null }, { priceUnit: 'kg' }, { comparisonPriceUnit: 'l' }, { isCampaign: true }, { regularPrice: 249 }]) {
      expect(priceFingerprint(event(changed))).not.toBe(base);
    }
    expect(Number.isInteger(base) && base >= -(2 ** 31) && base < 2 ** 31).toBe(true);
  });

  it('sees a change of only a till term, and keeps the fingerprint of a price without terms as it was', () => {
    const base = priceFingerprint(event());
    expect(priceFingerprint(event({ memberPrice: null, multibuy: null, campaignStartsAt: null, averageWeightGrams: null }))).toBe(base);
    const terms = [
      { memberPrice: { card: 'k-plussa' as const, price: 150 } },
      { memberPrice: { card: 'lidl-plus' as const, price: 150 } },
      { memberPrice: { card: 'k-plussa' as const, price: 149 } },
      { multibuy: { quantity: 2, price: 300 } },
      { multibuy: { quantity: 3, price: 300 } },
      { campaignStartsAt: '2026-02-03T22:00:00.000Z' },
      { averageWeightGrams: 175 },
    ];
    const prints = terms.map((changed) => priceFingerprint(event(changed)));
    expect(new Set([base, ...prints]).size).toBe(terms.length + 1);
  });

  it('sees a change of only the deposit, and keeps the fingerprint of a price without one as it was before deposits', () => {
    const base = priceFingerprint(event());
    expect(priceFingerprint(event({ deposit: null }))).toBe(base);
    expect(priceFingerprint(event({ deposit: undefined }))).toBe(base);
    const can = priceFingerprint(event({ deposit: 15 }));
    expect(can).not.toBe(base);
    expect(priceFingerprint(event({ deposit: 40 }))).not.toBe(can);
    // The fingerprint of a deposit-less price as it was computed before deposits existed (FNV-1a of "398|kpl|kg|0|").
    let hash = 0x811c9dc5;
    for (const c of '398|kpl|kg|0|') hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
    expect(base).toBe(hash | 0);
  });

  it('sees a change of only the campaign end or the shop’s own 30-day low, and keeps the fingerprint of a price without them', () => {
    const base = priceFingerprint(event());
    expect(priceFingerprint(event({ campaignEndsAt: null, sourceLowest30d: null }))).toBe(base);
    expect(priceFingerprint(event({ campaignEndsAt: undefined, sourceLowest30d: undefined }))).toBe(base);
    const ends = priceFingerprint(event({ isCampaign: true, campaignEndsAt: '2026-01-25T21:59:59.000Z' }));
    expect(ends).not.toBe(priceFingerprint(event({ isCampaign: true })));
    expect(priceFingerprint(event({ isCampaign: true, campaignEndsAt: '2026-02-01T21:59:59.000Z' }))).not.toBe(ends);
    const low = priceFingerprint(event({ sourceLowest30d: 189 }));
    expect(low).not.toBe(base);
    expect(priceFingerprint(event({ sourceLowest30d: 179 }))).not.toBe(low);
    // A shop's low of 0 cents is not the absence of one.
    expect(priceFingerprint(event({ sourceLowest30d: 0 }))).not.toBe(base);
    // The same cents as a deposit or as the shop's low are different prices.
    expect(priceFingerprint(event({ deposit: 15 }))).not.toBe(priceFingerprint(event({ sourceLowest30d: 15 })));
    // The deposit's part is as it was: a price with a deposit and neither new field keeps its fingerprint.
    let hash = 0x811c9dc5;
    for (const c of '398|kpl|kg|0||d15') hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
    expect(priceFingerprint(event({ deposit: 15, campaignEndsAt: null }))).toBe(hash | 0);
  });

  it('packs a store’s prices into a bytea and back', () => {
    const prices: StorePrices = new Map([
      [2_000_000_001, { price: 100_000, fingerprint: -5 }],
      [12, { price: 1, fingerprint: 2 ** 31 - 1 }],
    ]);
    const packed = encodeStorePrices(prices);
    expect(packed).toHaveLength(24);
    const unpacked = decodeStorePrices(packed);
    expect([...unpacked.keys()]).toEqual([12, 2_000_000_001]);
    expect(unpacked).toEqual(prices);
    expect(decodeStorePrices(encodeStorePrices(new Map()))).toEqual(new Map());
  });
});

describe('recordFingerprint', () => {
  const store = { storeId: 7, externalId: 'S7', chain: 'prisma', name: 'Prisma Testi', address: 'Testikatu 1', observedAt: '2026-11-20T06:00:00.000Z', source: 's-group' };

  it('ignores when a store, item or offer was observed: a later run that lists it unchanged has the same fingerprint', () => {
    expect(recordFingerprint({ ...store, observedAt: '2026-11-28T06:00:00.000Z' })).toBe(recordFingerprint(store));
  });

  it('changes with any of its content', () => {
    const base = recordFingerprint(store);
    expect(recordFingerprint({ ...store, name: 'Prisma Testi 2' })).not.toBe(base);
    expect(recordFingerprint({ ...store, address: 'Testikatu 2' })).not.toBe(base);
    expect(recordFingerprint({ ...store, closed: true })).not.toBe(base);
    expect(Number.isInteger(base) && base >= -(2 ** 31) && base < 2 ** 31).toBe(true);
  });
});
