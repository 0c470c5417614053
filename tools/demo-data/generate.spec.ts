import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { generateDemoData } from '@hintakori/demo-data';
import { parseArgs, run } from './generate';

describe('demo data CLI', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hintakori-demo-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the S group, K group and Lidl feeds with a manifest, reporting progress on stderr', () => {
    const stderr = new PassThrough() as unknown as NodeJS.WriteStream;
    let log = '';
    (stderr as unknown as PassThrough).on('data', (chunk) => (log += String(chunk)));
    const summary = run(['--out', dir, '--seed', '7', '--today=2026-12-20', '--size', 'tiny'], stderr);

    const expected = generateDemoData({ seed: 7, today: '2026-12-20', size: 'small' });
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ size: 'tiny', seed: 7, today: '2026-12-20', stores: expected.stores.length, items: expected.items.length });
    // Each source in two runs: the earlier one carries the prices its current one no longer lists (shown stale).
    expect(manifest.feeds.map((f: { source: string; file: string }) => [f.source, f.file])).toEqual([
      ['s-group', 's-group.earlier.jsonl'],
      ['s-group', 's-group.jsonl'],
      ['k-group', 'k-group.earlier.jsonl'],
      ['k-group', 'k-group.jsonl'],
      ['lidl', 'lidl.earlier.jsonl'],
      ['lidl', 'lidl.jsonl'],
    ]);
    const lines = (name: string) => readFileSync(join(dir, name), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    const s = lines('s-group.jsonl');
    const sStores = expected.stores.filter((st) => st.type === 'S');
    // Stores first, in id order (the registry numbers them in this order), then products, then prices.
    expect(s.slice(0, sStores.length).map((n) => n.id)).toEqual(sStores.map((st) => st.externalId));
    expect(s[sStores.length].__typename).toBe('Product');
    expect(s.some((n) => n.__typename === 'StoreProduct' && typeof n.pricing.currentPrice === 'number')).toBe(true);
    const k = lines('k-group.jsonl');
    expect(k[0]).toMatchObject({ type: 'store', geo: expect.any(Object) });
    const lidl = lines('lidl.jsonl');
    expect(lidl.filter((r) => r.recordType === 'article').every((r) => /^\d+,\d{2}$/.test(r.price))).toBe(true);
    // The stale prices (over 14 days old on 2026-12-20) are in the earlier runs only, with the same stores and
    // products in the same order (the registries' ids), and every current price of the data set is in one of them.
    const cutoff = Date.parse('2026-12-06T00:00:00Z');
    const isStale = (at: string) => Date.parse(at) < cutoff;
    const sEarlier = lines('s-group.earlier.jsonl');
    const products = (records: { __typename: string; ean?: string; id?: string }[]) => records.filter((n) => n.__typename !== 'StoreProduct').map((n) => n.ean ?? n.id);
    expect(products(sEarlier)).toEqual(products(s.filter((n) => n.__typename !== 'Campaign')));
    const sPrices = s.filter((n) => n.__typename === 'StoreProduct');
    const sEarlierPrices = sEarlier.filter((n) => n.__typename === 'StoreProduct');
    expect(sEarlierPrices.length).toBeGreaterThan(0);
    expect(sEarlier.some((n) => n.__typename === 'Campaign')).toBe(false);
    const pair = (n: { storeId: string; ean: string }) => `${n.storeId}/${n.ean}`;
    const currentOf = (prices: { storeId: string; ean: string; priceUpdatedAt: string }[]) => new Map(prices.map((n) => [pair(n), n.priceUpdatedAt]));
    const sCurrent = currentOf(sPrices);
    const sStale = currentOf(sEarlierPrices);
    expect([...sStale.values()].every(isStale)).toBe(true);
    expect([...sCurrent.values()].some(isStale)).toBe(false);
    expect([...sStale.keys()].filter((key) => sCurrent.has(key))).toEqual([]);
    const sPriced = expected.stores.filter((st) => st.type === 'S').length;
    expect(sPriced).toBeGreaterThan(0);
    const expectedS = [...expected.prices()].filter((p) => expected.stores.find((st) => st.id === p.storeId)?.type === 'S');
    expect(sCurrent.size + sStale.size).toBe(expectedS.length);
    expect(sStale.size).toBe(expectedS.filter((p) => isStale(p.updatedAt)).length);
    // Lidl's earlier run is its whole article list (an article is its product and its price); its current one drops the stale ones.
    const lidlEarlier = lines('lidl.earlier.jsonl').filter((r) => r.recordType === 'article');
    const lidlCurrent = lidl.filter((r) => r.recordType === 'article');
    expect(lidlEarlier.length).toBeGreaterThan(lidlCurrent.length);
    // (an article's history comes before it: the last line of an EAN is its current price)
    const lidlNow = new Map(lidlCurrent.map((r) => [r.ean as string, r.validFrom as string]));
    expect([...lidlNow.values()].some(isStale)).toBe(false);
    expect([...new Map(lidlEarlier.map((r) => [r.ean as string, r.validFrom as string])).values()].some(isStale)).toBe(true);
    expect(summary).toMatchObject({ stores: expected.stores.length, items: expected.items.length, prices: expected.priceCount });
    expect(log).toContain('100%');
  });

  it('writes one whole feed per source with --whole (what the benchmarks time)', () => {
    const stderr = new PassThrough() as unknown as NodeJS.WriteStream;
    run(['--out', dir, '--seed', '7', '--today=2026-12-20', '--size', 'tiny', '--whole'], stderr);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.feeds.map((f: { file: string }) => f.file)).toEqual(['s-group.jsonl', 'k-group.jsonl', 'lidl.jsonl']);
    const expected = generateDemoData({ seed: 7, today: '2026-12-20', size: 'small' });
    const sStores = new Set(expected.stores.filter((st) => st.type === 'S').map((st) => st.id));
    const sPrices = readFileSync(join(dir, 's-group.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((n) => n.__typename === 'StoreProduct');
    expect(new Set(sPrices.map((n) => `${n.storeId}/${n.ean}`)).size).toBe([...expected.prices()].filter((p) => sStores.has(p.storeId)).length);
  });

  it('rejects missing or malformed arguments', () => {
    expect(() => parseArgs([])).toThrow(/--out is required/);
    expect(() => parseArgs(['--out', dir, '--seed', 'abc'])).toThrow(/--seed must be an integer/);
    expect(() => parseArgs(['--out', dir, '--size', 'huge'])).toThrow(/--size/);
    expect(() => parseArgs(['--out', dir, '--colour', 'red'])).toThrow(/Unknown argument/);
    expect(() => parseArgs(['--out'])).toThrow(/Missing value/);
    expect(parseArgs(['--out', dir, '--seed', '-3', '--today', '2027-01-01', '--size', 'finland'])).toEqual({ out: dir, seed: -3, today: '2027-01-01', size: 'finland' });
  });
});
