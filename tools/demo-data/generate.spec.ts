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
    expect(manifest.feeds.map((f: { source: string }) => f.source)).toEqual(['s-group', 'k-group', 'lidl']);
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
    expect(summary).toMatchObject({ stores: expected.stores.length, items: expected.items.length, prices: expected.priceCount });
    expect(log).toContain('100%');
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
