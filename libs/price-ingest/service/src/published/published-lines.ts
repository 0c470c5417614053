import { DataSource } from 'typeorm';

/**
 * What a feed line of a source read as the last time a run read it whole (ingest.published_lines): the 64-bit hash of
 * the raw line and the one price it gave, resolved. A later run that meets the same bytes again need not parse them:
 * the price is the same (the source's parser reads each line on its own; SourceAdapter.lineCacheVersion), and when
 * what the source last published for that store and item still equals it, the line is an unchanged price
 * (runs/unchanged-lines.ts checks that and everything else the price depends on before it skips the line).
 */
export interface LineEntry {
  /** The line's hash, two 32-bit halves (lineHash). */
  h1: number;
  h2: number;
  storeId: number;
  itemId: number;
  /** The event's cents and priceFingerprint, as the line gave them. */
  price: number;
  fingerprint: number;
  /** unitsKey of the item's units the event fell back on (the item's own row may change them). */
  units: number;
  /** The EAN's digits as a number (below 10^14: exact) and how many there are (for the leading zeros): eanText. */
  eanCode: number;
  eanDigits: number;
  /** The time the line gave the price in ms; NaN: none (the run's start). */
  observedAt: number;
}

/** Bytes per entry: h1 h2 store item cents fingerprint units (int4), EAN digits (uint8, 3 spare), EAN, time (float8). */
export const LINE_ENTRY_BYTES = 48;
/** Entries per stored row (a row stays a few MB). */
const ENTRIES_PER_PART = 100_000;

/** An EAN as an entry keeps it. */
export function eanFields(ean: string): Pick<LineEntry, 'eanCode' | 'eanDigits'> {
  return { eanCode: Number(ean), eanDigits: ean.length };
}

/** The EAN of an entry, as text. */
export function eanText(entry: Pick<LineEntry, 'eanCode' | 'eanDigits'>): string {
  return String(entry.eanCode).padStart(entry.eanDigits, '0');
}

/** FNV-1a of the item units an event fell back on, as a signed int4. */
export function unitsKey(priceUnit: string, comparisonPriceUnit: string): number {
  const text = `${priceUnit}|${comparisonPriceUnit}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/**
 * A 64-bit hash of a line's text in two 32-bit halves: FNV-1a over the UTF-16 code units beside a multiply–xorshift
 * lane with other constants, each mixed with the length at the end. Not cryptographic: a line is skipped only when
 * both halves match an entry, one chance in about 2^64 / entries that a different line does.
 */
export function lineHash(text: string): [number, number] {
  let a = 0x811c9dc5 | 0;
  let b = 0x27d4eb2f | 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x85ebca6b);
    b ^= b >>> 15;
  }
  a = Math.imul(a ^ (a >>> 16) ^ n, 0x7feb352d);
  a ^= a >>> 15;
  b = Math.imul(b ^ (b >>> 13) ^ n, 0xc2b2ae35);
  b ^= b >>> 16;
  return [a | 0, b | 0];
}

function compareHash(a1: number, a2: number, b1: number, b2: number): number {
  return a1 !== b1 ? (a1 < b1 ? -1 : 1) : a2 !== b2 ? (a2 < b2 ? -1 : 1) : 0;
}

export function writeEntry(buffer: Buffer, index: number, entry: LineEntry): void {
  const at = index * LINE_ENTRY_BYTES;
  buffer.writeInt32LE(entry.h1, at);
  buffer.writeInt32LE(entry.h2, at + 4);
  buffer.writeInt32LE(entry.storeId, at + 8);
  buffer.writeInt32LE(entry.itemId, at + 12);
  buffer.writeInt32LE(entry.price, at + 16);
  buffer.writeInt32LE(entry.fingerprint, at + 20);
  buffer.writeInt32LE(entry.units, at + 24);
  buffer.writeUInt8(entry.eanDigits, at + 28);
  buffer.writeUInt8(0, at + 29);
  buffer.writeUInt16LE(0, at + 30);
  buffer.writeDoubleLE(entry.eanCode, at + 32);
  buffer.writeDoubleLE(entry.observedAt, at + 40);
}

export function readEntry(buffer: Buffer, index: number): LineEntry {
  const at = index * LINE_ENTRY_BYTES;
  return {
    h1: buffer.readInt32LE(at),
    h2: buffer.readInt32LE(at + 4),
    storeId: buffer.readInt32LE(at + 8),
    itemId: buffer.readInt32LE(at + 12),
    price: buffer.readInt32LE(at + 16),
    fingerprint: buffer.readInt32LE(at + 20),
    units: buffer.readInt32LE(at + 24),
    eanCode: buffer.readDoubleLE(at + 32),
    eanDigits: buffer.readUInt8(at + 28),
    observedAt: buffer.readDoubleLE(at + 40),
  };
}

/** The entries' indexes in hash order (ties: input order). */
function hashOrder(entries: readonly LineEntry[]): number[] {
  const byHash = (x: number, y: number) => compareHash(entries[x].h1, entries[x].h2, entries[y].h1, entries[y].h2) || x - y;
  if (entries.length >= 2 ** 21) return entries.map((_, i) => i).sort(byHash);
  // h1 · 2^21 + index is exact in a double (at most 2^52): a typed-array sort orders by h1, then input order, without
  // a comparator call per comparison; the rare runs of one h1 are then put in h2 order.
  const keys = new Float64Array(entries.length);
  for (let i = 0; i < entries.length; i++) keys[i] = entries[i].h1 * 2 ** 21 + i;
  keys.sort();
  const order = Array.from(keys, (key) => key - Math.floor(key / 2 ** 21) * 2 ** 21);
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && entries[order[end]].h1 === entries[order[start]].h1) end++;
    if (end - start > 1) order.splice(start, end - start, ...order.slice(start, end).sort(byHash));
    start = end;
  }
  return order;
}

/** Entries ordered by hash (duplicates of one hash: the last one), packed. */
export function packEntries(entries: readonly LineEntry[]): Buffer {
  const order = hashOrder(entries);
  const kept: number[] = [];
  for (const i of order) {
    const last = kept[kept.length - 1];
    if (last !== undefined && compareHash(entries[last].h1, entries[last].h2, entries[i].h1, entries[i].h2) === 0) kept[kept.length - 1] = i;
    else kept.push(i);
  }
  const buffer = Buffer.alloc(kept.length * LINE_ENTRY_BYTES);
  kept.forEach((i, index) => writeEntry(buffer, index, entries[i]));
  return buffer;
}

/** The lines of a source's last whole run, looked up by hash (a binary search over the packed, ordered entries). */
export class LineCache {
  private readonly h1: Int32Array;
  private readonly h2: Int32Array;

  constructor(private readonly packed: Buffer) {
    const count = Math.floor(packed.length / LINE_ENTRY_BYTES);
    this.h1 = new Int32Array(count);
    this.h2 = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      this.h1[i] = packed.readInt32LE(i * LINE_ENTRY_BYTES);
      this.h2[i] = packed.readInt32LE(i * LINE_ENTRY_BYTES + 4);
    }
  }

  get size(): number {
    return this.h1.length;
  }

  /** The entry of a line with this hash, or null. */
  find(h1: number, h2: number): LineEntry | null {
    let low = 0;
    let high = this.h1.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const order = compareHash(this.h1[middle], this.h2[middle], h1, h2);
      if (order === 0) return readEntry(this.packed, middle);
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return null;
  }
}

/**
 * ingest.published_lines: per source, the entries of its last whole run (rows of at most 100,000 entries, in hash
 * order) and the version of the parser that read them; entries of another version are not used. Losing them only
 * costs the next run its parsing.
 */
export class PublishedLinesStore {
  constructor(private readonly dataSource: DataSource) {}

  async load(source: string, version: string): Promise<LineCache> {
    const rows: { entries: Buffer }[] = await this.dataSource.query(
      'SELECT entries FROM ingest.published_lines WHERE source = $1 AND version = $2 ORDER BY part',
      [source, version],
    );
    return new LineCache(Buffer.concat(rows.map((row) => row.entries)));
  }

  /** Replaces the source's entries. */
  async save(source: string, version: string, entries: readonly LineEntry[]): Promise<void> {
    const packed = packEntries(entries);
    const parts: Buffer[] = [];
    const partBytes = ENTRIES_PER_PART * LINE_ENTRY_BYTES;
    for (let at = 0; at < packed.length; at += partBytes) parts.push(packed.subarray(at, at + partBytes));
    await this.dataSource.transaction(async (manager) => {
      // Two runs of one source finishing together: one after the other, the last one's entries kept.
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('ingest.published_lines:' || $1))", [source]);
      await manager.query('DELETE FROM ingest.published_lines WHERE source = $1', [source]);
      for (const [part, bytes] of parts.entries()) {
        await manager.query('INSERT INTO ingest.published_lines (source, part, version, entries) VALUES ($1, $2, $3, $4)', [source, part, version, bytes]);
      }
    });
  }
}
