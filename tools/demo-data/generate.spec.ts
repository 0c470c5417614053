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

  it('writes the JSON files and one price per line, reporting progress on stderr', () => {
    const stderr = new PassThrough();
    let log = '';
    stderr.on('data', (chunk) => (log += String(chunk)));
    const summary = run(['--out', dir, '--seed', '7', '--today=2026-12-20', '--size', 'small'], stderr);

    const expected = generateDemoData({ seed: 7, today: '2026-12-20', size: 'small' });
    const read = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8'));
    expect(read('stores.json')).toEqual(expected.stores);
    expect(read('categories.json')).toEqual(expected.categories);
    expect(read('items.json')).toEqual(expected.items);
    expect(read('offers.json')).toEqual(expected.offers);

    const lines = readFileSync(join(dir, 'prices.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBe(expected.priceCount);
    expect(JSON.parse(lines[0])).toEqual(expected.prices()[Symbol.iterator]().next().value);
    expect(summary).toMatchObject({ stores: expected.stores.length, items: expected.items.length, prices: expected.priceCount });
    expect(log).toContain(`prices ${expected.priceCount}/${expected.priceCount} (100%)`);
  });

  it('rejects missing or malformed arguments', () => {
    expect(() => parseArgs([])).toThrow(/--out is required/);
    expect(() => parseArgs(['--out', dir, '--seed', 'abc'])).toThrow(/--seed must be an integer/);
    expect(() => parseArgs(['--out', dir, '--size', 'huge'])).toThrow(/--size/);
    expect(() => parseArgs(['--out', dir, '--colour', 'red'])).toThrow(/Unknown argument/);
    expect(() => parseArgs(['--out'])).toThrow(/Missing value/);
    expect(parseArgs(['--out', dir, '--seed', '-3', '--today', '2027-01-01'])).toEqual({ out: dir, seed: -3, today: '2027-01-01' });
  });
});
