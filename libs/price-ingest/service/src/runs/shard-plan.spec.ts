import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FEED_LIMITS, type FeedLine } from '../feeds/feed-input';
import { decodeSeen, encodeSeen } from './feed-run-shards.repository';
import { partBudget, type PullPart, storeInPart } from '../sources/pull-source';
import { openShard, planShards, type ShardRange, unsplittable } from './shard-plan';

/** A K group feed: stores, products, then prices (each line about 100 bytes), as the chain's export orders them. */
function kGroupFeed(stores: number, products: number): string[] {
  const lines: string[] = [];
  for (let s = 1; s <= stores; s++) lines.push(JSON.stringify({ type: 'store', id: `N${s}`, name: `K-Market Testi ${s}` }));
  for (let p = 1; p <= products; p++) lines.push(JSON.stringify({ type: 'product', ean: `64${String(p).padStart(11, '0')}`, localizedName: { finnish: `Tuote ${p}` } }));
  for (let p = 1; p <= products; p++) {
    for (let s = 1; s <= stores; s++) lines.push(JSON.stringify({ type: 'price', storeId: `N${s}`, ean: `64${String(p).padStart(11, '0')}`, pricing: { normal: { price: 1.99, unitPrice: { value: 1.99, unit: 'kpl' } }, discount: null, batch: null }, fetchedAt: '2026-11-09T06:30:11.000Z' }));
  }
  return lines;
}

async function linesOf(location: string, range: ShardRange): Promise<string[]> {
  const input = openShard(location, range, DEFAULT_FEED_LIMITS);
  const out: string[] = [];
  for await (const line of input.lines as AsyncIterable<FeedLine>) out.push(typeof line === 'string' ? line : `<overlong ${line.bytes}>`);
  input.close();
  return out;
}

describe('shard plan', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'shard-plan-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cuts a file into its head (the lines before the first price) and line-aligned parts that hold every line once', async () => {
    const lines = kGroupFeed(10, 200);
    const file = join(dir, 'k-group.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const size = readFileSync(file).length;
    const plan = await planShards('k-group', file, { shardBytes: 40_000, pullParts: 0, maxShards: 64 }, DEFAULT_FEED_LIMITS);
    expect(plan).not.toBeNull();
    const ranges = plan as ShardRange[];
    expect(ranges.length).toBeGreaterThan(4);
    expect(ranges.map((r) => r.shardNo)).toEqual(ranges.map((_, i) => i));
    // Contiguous from the first byte to the last.
    expect(ranges[0].startByte).toBe(0);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i].startByte).toBe(ranges[i - 1].endByte);
    expect(ranges[ranges.length - 1].endByte).toBe(size);
    // The head is the stores and the products, nothing else.
    expect(await linesOf(file, ranges[0])).toEqual(lines.slice(0, 210));
    // Every part starts at a line and the parts read back as the file's lines, in order, each once.
    const read: string[] = [];
    for (const range of ranges) read.push(...(await linesOf(file, range)));
    expect(read).toEqual(lines);
  });

  it('keeps to INGEST_MAX_SHARDS and leaves a file of one part whole', async () => {
    const file = join(dir, 'k-group-max.jsonl');
    writeFileSync(file, `${kGroupFeed(10, 200).join('\n')}\n`);
    expect(await planShards('k-group', file, { shardBytes: 1000, pullParts: 0, maxShards: 3 }, DEFAULT_FEED_LIMITS)).toHaveLength(3);
    expect(await planShards('k-group', file, { shardBytes: 10_000_000, pullParts: 0, maxShards: 64 }, DEFAULT_FEED_LIMITS)).toBeNull();
    expect(await planShards('k-group', file, { shardBytes: 0, pullParts: 0, maxShards: 64 }, DEFAULT_FEED_LIMITS)).toBeNull();
  });

  it('a last line without its line break is read once', async () => {
    const lines = kGroupFeed(4, 50);
    const file = join(dir, 'k-group-no-eol.jsonl');
    writeFileSync(file, lines.join('\n'));
    const ranges = (await planShards('k-group', file, { shardBytes: 2000, pullParts: 0, maxShards: 64 }, DEFAULT_FEED_LIMITS)) as ShardRange[];
    const read: string[] = [];
    for (const range of ranges) read.push(...(await linesOf(file, range)));
    expect(read).toEqual(lines);
  });

  it('reads whole what cannot be entered half-way', () => {
    expect(unsplittable('s-group', 'https://example.org/feed.jsonl')).toMatch(/not a local file/);
    expect(unsplittable('s-group', '/data/s.jsonl.gz')).toMatch(/\.gz/);
    expect(unsplittable('csv:acme', '/data/acme.csv')).toMatch(/header/);
    expect(unsplittable('osm', '')).not.toBeNull();
    expect(unsplittable('open-prices', '')).toMatch(/not asked store by store/);
    expect(unsplittable('k-group', '/data/k.jsonl')).toBeNull();
    expect(unsplittable('lidl', '/data/lidl.jsonl')).toBeNull();
  });
});

describe('a chain shop’s pull split by store', () => {
  const settings = { shardBytes: 8 << 20, pullParts: 4, maxShards: 64 };

  it('is planned as its store listing and INGEST_PULL_PARTS price parts, within INGEST_MAX_SHARDS', async () => {
    for (const source of ['s-kaupat', 'k-ruoka']) {
      expect(unsplittable(source, '')).toBeNull();
      expect((await planShards(source, '', settings, DEFAULT_FEED_LIMITS))?.map((r) => r.shardNo)).toEqual([0, 1, 2, 3, 4]);
    }
    expect(await planShards('s-kaupat', 'http://127.0.0.1:1/graphql', { ...settings, maxShards: 3 }, DEFAULT_FEED_LIMITS)).toHaveLength(3);
    expect(await planShards('s-kaupat', '', { ...settings, pullParts: 0 }, DEFAULT_FEED_LIMITS)).toBeNull();
    expect(await planShards('s-kaupat', '', { ...settings, pullParts: 1 }, DEFAULT_FEED_LIMITS)).toBeNull();
    // Sources not asked store by store stay whole.
    expect(await planShards('osm', '', settings, DEFAULT_FEED_LIMITS)).toBeNull();
    expect(await planShards('open-prices', '', settings, DEFAULT_FEED_LIMITS)).toBeNull();
  });

  it('gives every store to exactly one price part, none to the head, and splits the budget', () => {
    const stores = Array.from({ length: 400 }, (_, i) => `s-kaupat:${700000 + i * 7}`);
    const parts: PullPart[] = [1, 2, 3, 4].map((no) => ({ no, parts: 5 }));
    const share = parts.map((part) => stores.filter((id) => storeInPart(id, part)));
    for (const id of stores) {
      expect(share.filter((list) => list.includes(id))).toHaveLength(1);
      expect(storeInPart(id, { no: 0, parts: 5 })).toBe(false);
      expect(storeInPart(id, undefined)).toBe(true);
    }
    // Spread over the parts (each has some of 400 stores), and the same answer every time (a retried part agrees).
    for (const list of share) expect(list.length).toBeGreaterThan(50);
    expect(stores.filter((id) => storeInPart(id, parts[2]))).toEqual(share[2]);

    expect(partBudget(100, { no: 1, parts: 5 })).toBe(25);
    expect(partBudget(3, { no: 2, parts: 5 })).toBe(1);
    expect(partBudget(100, { no: 0, parts: 5 })).toBe(0);
    expect(partBudget(100, undefined)).toBe(100);
    expect(partBudget(Number.POSITIVE_INFINITY, { no: 1, parts: 5 })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('a part’s seen prices', () => {
  it('encode and decode to their union', () => {
    const a = new Map([
      [1, new Set([10, 11])],
      [2, new Set([10])],
    ]);
    const b = new Map([[1, new Set([12])]]);
    const union = decodeSeen(encodeSeen(b), decodeSeen(encodeSeen(a)));
    expect(union).toEqual(
      new Map([
        [1, new Set([10, 11, 12])],
        [2, new Set([10])],
      ]),
    );
    expect(decodeSeen(encodeSeen(new Map()))).toEqual(new Map());
  });
});
