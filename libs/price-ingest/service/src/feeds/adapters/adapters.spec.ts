import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FeedRecord } from '../feed-record';
import { adapterFor, splitCsvLine } from './index';

const FIXTURES = join(__dirname, '../../../fixtures');

function parseFixture(source: string, file: string): FeedRecord[] {
  const parse = adapterFor(source).createParser();
  return readFileSync(join(FIXTURES, file), 'utf8')
    .split('\n')
    .flatMap((line, i) => parse(line, i + 1));
}

const ofKind = <K extends FeedRecord['kind']>(records: FeedRecord[], kind: K) => records.filter((r): r is Extract<FeedRecord, { kind: K }> => r.kind === kind);

describe('S group adapter', () => {
  const records = parseFixture('s-group', 's-group.jsonl');

  it('normalises stores with weekly hours, 24 h days and exceptions', () => {
    const [store] = ofKind(records, 'store');
    expect(store.value).toMatchObject({ externalId: '545959800', chain: 'prisma', type: 'S', city: 'Helsinki', postalCode: '00100', lat: 60.168, long: 24.931 });
    expect(store.value.weeklyHours[0]).toEqual({ weekday: 1, opens: '07:00', closes: '23:00', isOpenAllDay: false });
    expect(store.value.weeklyHours[6]).toEqual({ weekday: 7, opens: null, closes: null, isOpenAllDay: true });
    expect(store.value.exceptions).toEqual([{ date: '2026-12-24', opens: '07:00', closes: '13:00', isOpenAllDay: false, description: 'Jouluaatto' }]);
  });

  it('reads a store without weekly hours (null or absent) as hours unknown, not closed every day', () => {
    const parse = adapterFor('s-group').createParser();
    const line = readFileSync(join(FIXTURES, 's-group.jsonl'), 'utf8').split('\n')[0];
    const known = ofKind(parse(line, 1), 'store')[0];
    expect(known.value.openingHoursKnown).toBeUndefined();
    for (const hours of [null, undefined]) {
      const [store] = ofKind(parse(JSON.stringify({ ...JSON.parse(line), weeklyOpeningHours: hours, openingHourExceptions: [] }), 1), 'store');
      expect(store.value).toMatchObject({ weeklyHours: [], openingHoursKnown: false });
    }
  });

  it('turns the hierarchy path (leaf first) into a top-first category and euros into cents', () => {
    const [product] = ofKind(records, 'product');
    expect(product.value.category).toEqual({
      externalType: 's-group',
      externalId: 'Maito, munat ja rasvat > Maidot > Kevytmaidot',
      name: 'Kevytmaidot',
      path: ['Maito, munat ja rasvat', 'Maidot', 'Kevytmaidot'],
    });
    expect(product.value).toMatchObject({ priceUnit: 'kpl', comparisonPriceUnit: 'l' });
    const [price] = ofKind(records, 'price');
    expect(price.value).toMatchObject({ externalStoreId: '545959800', price: 99, comparisonPrice: 109, isCampaign: true, observedAt: '2026-01-19T06:10:00.000Z' });
    expect(ofKind(records, 'offer')[0].value).toMatchObject({ name: 'Valio Kevytmaito -10 %', validUntil: '2026-12-31T22:00:00.000Z' });
  });

  it('rejects malformed records with a reason and keeps going', () => {
    const reasons = ofKind(records, 'reject').map((r) => `${r.recordKind}: ${r.reason}`);
    expect(reasons).toEqual([
      expect.stringMatching(/^store: unknown S group brand "NOT-A-CHAIN"/),
      expect.stringMatching(/^product: malformed EAN/),
      expect.stringMatching(/^line: not valid JSON/),
      expect.stringMatching(/^line: unknown __typename "Basket"/),
    ]);
    // Absurd prices parse (the run rejects them with the unknown references, knowing the registries).
    expect(ofKind(records, 'price').map((p) => p.value.price)).toEqual([99, -100, 125000, 109, 219]);
  });
});

describe('K group adapter', () => {
  const records = parseFixture('k-group', 'k-group.jsonl');

  it('reads stores, localized products and the category tree', () => {
    const [store] = ofKind(records, 'store');
    expect(store.value).toMatchObject({ externalId: 'N1783', chain: 'kmarket', type: 'K', lat: 60.187, long: 24.953 });
    expect(store.value.weeklyHours[6]).toMatchObject({ weekday: 7, isOpenAllDay: true });
    const [product] = ofKind(records, 'product');
    expect(product.value).toMatchObject({ ean: '6410405082657', name: 'Pirkka kevytmaito 1 l', brandName: 'Pirkka', category: { path: ['Maito, munat ja rasvat', 'Maidot'] } });
  });

  it('reads a store without openingHours as hours unknown', () => {
    const parse = adapterFor('k-group').createParser();
    const line = readFileSync(join(FIXTURES, 'k-group.jsonl'), 'utf8').split('\n').find((l) => l.includes('"type":"store"')) as string;
    const { openingHours: _hours, ...withoutHours } = JSON.parse(line);
    const [store] = ofKind(parse(JSON.stringify(withoutHours), 1), 'store');
    expect(store.value).toMatchObject({ weeklyHours: [], exceptions: [], openingHoursKnown: false });
    expect(ofKind(parse(line, 1), 'store')[0].value.openingHoursKnown).toBeUndefined();
  });

  it('uses the discount or a better multi-buy price per piece, and marks it a campaign', () => {
    const prices = ofKind(records, 'price').map((p) => p.value);
    expect(prices[0]).toMatchObject({ price: 95, comparisonPrice: 95, comparisonPriceUnit: 'l', isCampaign: false, regularPrice: null });
    // The shelf (normal) price is kept beside the campaign price.
    expect(prices[1]).toMatchObject({ price: 67, comparisonPrice: 79, isCampaign: true, regularPrice: expect.any(Number) });
    expect(prices[1].regularPrice).toBeGreaterThan(67);
    expect(prices[2].price).toBe(0);
  });

  it('rejects out-of-range coordinates, nameless products, bad prices and non-JSON lines', () => {
    const reasons = ofKind(records, 'reject').map((r) => `${r.recordKind}: ${r.reason}`);
    expect(reasons).toEqual([
      expect.stringMatching(/^store: latitude 123 is out of range/),
      expect.stringMatching(/^product: localizedName.finnish/),
      expect.stringMatching(/^price: pricing.normal.price "abc" is not a price/),
      expect.stringMatching(/^line: not valid JSON/),
    ]);
  });
});

describe('Lidl adapter', () => {
  const records = parseFixture('lidl', 'lidl.jsonl');

  it('reads an article as its product and one national price for every store', () => {
    const [product] = ofKind(records, 'product');
    expect(product.value).toMatchObject({ ean: '4056489000017', comparisonPriceUnit: 'l', category: { name: 'Kevytmaidot' } });
    const [price] = ofKind(records, 'price');
    expect(price.value).toMatchObject({ externalStoreId: null, price: 89, comparisonPrice: 89, observedAt: '2026-01-18T22:00:00.000Z' });
    const stores = ofKind(records, 'store');
    expect(stores[0].value.exceptions).toEqual([{ date: '2026-12-25', opens: null, closes: null, isOpenAllDay: false, description: 'Joulupäivä' }]);
    expect(stores[1].value.weeklyHours[6].isOpenAllDay).toBe(true);
  });

  it('rejects a store without seven days of hours and an article without a price', () => {
    const reasons = ofKind(records, 'reject').map((r) => `${r.recordKind}: ${r.reason}`);
    expect(reasons).toEqual([expect.stringMatching(/^store: hours must list the seven weekdays/), expect.stringMatching(/^product: price "ilmainen" is not a price/)]);
    expect(ofKind(records, 'price').map((p) => p.value.price)).toEqual([89, 120000]);
  });
});

describe('generic CSV / JSONL adapter', () => {
  it('reads the documented CSV columns, quoted fields and decimal commas', () => {
    const records = parseFixture('csv:test', 'generic.csv');
    expect(ofKind(records, 'store')[0].value).toMatchObject({ externalId: 'T1', chain: 'prisma', type: 'S' });
    expect(ofKind(records, 'product')[0].value).toMatchObject({ name: 'Testituote, iso', category: { externalType: 'csv:test', path: ['Juomat', 'Mehut'] } });
    expect(ofKind(records, 'price').map((p) => [p.value.externalStoreId, p.value.price, p.value.isCampaign])).toEqual([
      ['T1', 249, true],
      ['T1', 0, false],
      ['T2', 100, false],
    ]);
    expect(ofKind(records, 'reject').map((r) => r.reason)).toEqual([expect.stringMatching(/expected 17 fields, got 16/), expect.stringMatching(/expected 17 fields, got 2/)]);
  });

  it('reads JSON Lines and rejects a price without one', () => {
    const records = parseFixture('jsonl:test', 'generic.jsonl');
    expect(records.map((r) => r.kind)).toEqual(['store', 'product', 'price', 'offer', 'reject']);
  });

  it('splits quoted CSV fields', () => {
    expect(splitCsvLine('a,"b, c","d ""e"""')).toEqual(['a', 'b, c', 'd "e"']);
    expect(() => splitCsvLine('"open')).toThrow(/unterminated/);
  });

  it('refuses unknown sources', () => {
    expect(() => adapterFor('acme')).toThrow(/Unknown source/);
  });
});

describe('deposits (pantti)', () => {
  const pricesOf = (source: string, lines: string[]) => {
    const parse = adapterFor(source).createParser();
    return lines.flatMap((line, i) => parse(line, i + 1));
  };
  const depositOf = (records: FeedRecord[]) => ofKind(records, 'price').map((p) => [p.value.price, p.value.deposit ?? null]);
  const reasonsOf = (records: FeedRecord[]) => ofKind(records, 'reject').map((r) => r.reason);

  it('S group: pricing.deposit in euros, apart from the price', () => {
    const node = (pricing: object) => JSON.stringify({ __typename: 'StoreProduct', storeId: '1', ean: '6415600501811', priceUpdatedAt: '2026-01-19T06:10:00.000Z', pricing });
    const records = pricesOf('s-group', [node({ currentPrice: 1.99, deposit: 0.15 }), node({ currentPrice: 2.49 }), node({ currentPrice: 1, deposit: 'paljon' })]);
    expect(depositOf(records)).toEqual([
      [199, 15],
      [249, null],
    ]);
    expect(reasonsOf(records)).toEqual([expect.stringMatching(/^pricing.deposit "paljon" is not a price/)]);
  });

  it('K group: pricing.deposit beside the normal or discount price', () => {
    const record = (pricing: object) => JSON.stringify({ type: 'price', storeId: 'N1', ean: '6415600501811', fetchedAt: '2026-01-19T06:10:00.000Z', pricing });
    const records = pricesOf('k-group', [record({ normal: { price: 2.19 }, deposit: 0.4 }), record({ normal: { price: 2.19 }, discount: { price: 1.89 }, deposit: '0,40' }), record({ normal: { price: 1 } })]);
    expect(depositOf(records)).toEqual([
      [219, 40],
      [189, 40],
      [100, null],
    ]);
  });

  it('Lidl: an article\'s deposit, "0,15" like its price', () => {
    const article = (extra: object) =>
      JSON.stringify({ recordType: 'article', ean: '4056489000017', title: 'Vichy 0,5 l', categoryPath: 'Juomat > Vedet', price: '0,79', validFrom: '2026-01-18T22:00:00.000Z', ...extra });
    expect(depositOf(pricesOf('lidl', [article({ deposit: '0,20' }), article({})]))).toEqual([
      [79, 20],
      [79, null],
    ]);
  });

  it('generic CSV and JSON Lines: a deposit column in euros, empty for none', () => {
    const csv = pricesOf('csv:test', ['kind,storeId,ean,price,deposit', 'price,T1,6415600501811,"1,29","0,15"', 'price,T1,6415600501828,2.49,', 'price,T1,6415600501835,1,x']);
    expect(depositOf(csv)).toEqual([
      [129, 15],
      [249, null],
    ]);
    expect(reasonsOf(csv)).toEqual([expect.stringMatching(/^deposit "x" is not a price/)]);
    expect(depositOf(pricesOf('jsonl:test', [JSON.stringify({ kind: 'price', storeId: 'T1', ean: '6415600501811', price: 1.29, deposit: 0.4 })]))).toEqual([[129, 40]]);
  });
});
