import { eanFields, eanText, EntryWriter, LINE_ENTRY_BYTES, LineCache, type LineEntry, lineHash, lineHashBytes, packEntries, readEntry, unitsKey } from './published-lines';

const entry = (line: string, overrides: Partial<LineEntry> = {}): LineEntry => {
  const [h1, h2] = lineHash(line);
  return {
    h1,
    h2,
    storeId: 3,
    itemId: 7,
    price: 199,
    fingerprint: -12345,
    units: unitsKey('kpl', 'kg'),
    ...eanFields('6400000000017'),
    observedAt: Date.parse('2026-01-19T06:00:00.000Z'),
    ...overrides,
  };
};

describe('published lines', () => {
  it('hashes the same text alike and a line that differs in one character (or only in length) otherwise', () => {
    const line = '{"__typename":"StoreProduct","storeId":"S1","ean":"6400000000017","price":1.99,"name":"Jäätelö"}';
    expect(lineHash(line)).toEqual(lineHash(`${line}`));
    const variants = [line.replace('1.99', '1.98'), line.replace('S1', 'S2'), `${line} `, line.slice(0, -1), line.replace('ä', 'a'), `${line}\u00e4`];
    const hashes = new Set([line, ...variants].map((text) => lineHash(text).join(':')));
    expect(hashes.size).toBe(variants.length + 1);
    for (const half of lineHash(line)) expect(Number.isInteger(half) && half >= -(2 ** 31) && half < 2 ** 31).toBe(true);
  });

  it("hashes a line's bytes where they lie as its text's UTF-8, and a change in any one byte otherwise", () => {
    const line = '{"storeId":"S1","ean":"6400000000017","price":1.99,"name":"Jäätelö"}';
    const bytes = Buffer.from(`xx\n${line}\nyy`);
    const out = new Int32Array(2);
    lineHashBytes(bytes, 3, 3 + Buffer.byteLength(line), out);
    expect([out[0], out[1]]).toEqual(lineHash(line));
    const own = Buffer.from(line);
    const seen = new Set<string>();
    for (let i = 0; i < own.length; i++) {
      const changed = Buffer.from(own);
      changed[i] ^= 1;
      lineHashBytes(changed, 0, changed.length, out);
      seen.add(`${out[0]}:${out[1]}`);
    }
    seen.add(lineHash(line).join(':'));
    expect(seen.size).toBe(own.length + 1);
  });

  it('spreads 200,000 lines that differ only in a price and a store over distinct 64-bit hashes', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i++)
      seen.add(lineHash(`{"storeId":"S${i % 300}","ean":"64000${String(i).padStart(8, '0')}","price":${(i % 997) / 100}}`).join(':'));
    expect(seen.size).toBe(200_000);
  });

  it('packs entries in hash order, keeps EAN digits and leading zeros, a missing time, and the last of a repeated line', () => {
    const entries = [
      entry('a', eanFields('00012345')),
      entry('b', { observedAt: Number.NaN, storeId: 2 ** 31 - 1, itemId: 1, price: 100_000, fingerprint: -(2 ** 31) }),
      entry('c', eanFields('12345678901234')),
      entry('a', { ...eanFields('00012345'), price: 250 }),
    ];
    const packed = packEntries(entries);
    expect(packed.length).toBe(3 * LINE_ENTRY_BYTES);
    const read = [0, 1, 2].map((i) => readEntry(packed, i));
    const ordered = [...read].sort((x, y) => x.h1 - y.h1 || x.h2 - y.h2);
    expect(read).toEqual(ordered);
    const cache = new LineCache(packed);
    expect(cache.size).toBe(3);
    expect(cache.find(...lineHash('a'))).toEqual(entries[3]);
    expect(cache.find(...lineHash('b'))).toEqual(entries[1]);
    expect(eanText(cache.find(...lineHash('c')) as LineEntry)).toBe('12345678901234');
    expect(eanText(cache.find(...lineHash('a')) as LineEntry)).toBe('00012345');
    expect(cache.find(...lineHash('d'))).toBeNull();
    expect(new LineCache(Buffer.alloc(0)).find(...lineHash('a'))).toBeNull();
  });

  it('orders entries that share the first half of their hash by the second, the last of a repeated hash kept', () => {
    const at = (h1: number, h2: number, itemId: number) => entry('x', { h1, h2, itemId });
    const entries = [at(5, 9, 1), at(-7, 3, 2), at(5, -2, 3), at(5, 9, 4), at(2 ** 31 - 1, 0, 5), at(-(2 ** 31), 0, 6), at(5, 0, 7)];
    const packed = packEntries(entries);
    expect(Array.from({ length: packed.length / LINE_ENTRY_BYTES }, (_, i) => readEntry(packed, i)).map((e) => [e.h1, e.h2, e.itemId])).toEqual([
      [-(2 ** 31), 0, 6],
      [-7, 3, 2],
      [5, -2, 3],
      [5, 0, 7],
      [5, 9, 4],
      [2 ** 31 - 1, 0, 5],
    ]);
    const cache = new LineCache(packed);
    expect(cache.find(5, 9)?.itemId).toBe(4);
    expect(cache.find(5, 0)?.itemId).toBe(7);
    expect(cache.find(5, 1)).toBeNull();
  });

  it('finds every one of many entries and none of other lines', () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => `line ${i}`);
    const cache = new LineCache(packEntries(lines.map((line, i) => entry(line, { itemId: i + 1 }))));
    lines.forEach((line, i) => expect(cache.find(...lineHash(line))?.itemId).toBe(i + 1));
    for (let i = 5_000; i < 5_100; i++) expect(cache.find(...lineHash(`line ${i}`))).toBeNull();
  });

  it('collects entries past its first buffer, copies packed ones as they are, and keeps at most its limit', () => {
    const lines = Array.from({ length: 3_000 }, (_, i) => `row ${i}`);
    const remembered = new LineCache(packEntries(lines.slice(0, 10).map((line, i) => entry(line, { itemId: 10_000 + i, observedAt: Number.NaN }))));
    const writer = new EntryWriter();
    lines.forEach((line, i) => writer.add(entry(line, { itemId: i + 1 })));
    // A remembered entry copied over a new one of the same line: the last one is kept.
    expect(remembered.copyTo(writer, remembered.indexOf(...lineHash('row 3')))).toBe(true);
    expect(writer.count).toBe(3_001);
    const cache = new LineCache(writer.packed());
    expect(cache.size).toBe(3_000);
    expect(cache.find(...lineHash('row 2999'))?.itemId).toBe(3_000);
    expect(cache.find(...lineHash('row 3'))).toMatchObject({ itemId: 10_003, observedAt: Number.NaN });
    const small = new EntryWriter(2);
    expect([small.add(entry('a')), small.add(entry('b')), small.add(entry('c'))]).toEqual([true, true, false]);
    expect(new LineCache(small.packed()).size).toBe(2);
  });

  it('keys units so that a change of either unit shows', () => {
    const base = unitsKey('kpl', 'kg');
    expect(unitsKey('kpl', 'kg')).toBe(base);
    expect(new Set([base, unitsKey('kg', 'kg'), unitsKey('kpl', 'l'), unitsKey('kpl|kg', ''), unitsKey('kp', 'l|kg')]).size).toBe(5);
  });
});
