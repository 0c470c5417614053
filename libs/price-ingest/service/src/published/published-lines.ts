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

/** The indexes of `count` packed entries in hash order (ties: input order). */
function hashOrder(raw: Buffer, count: number): number[] {
  const h1 = new Int32Array(count);
  const h2 = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    h1[i] = raw.readInt32LE(i * LINE_ENTRY_BYTES);
    h2[i] = raw.readInt32LE(i * LINE_ENTRY_BYTES + 4);
  }
  const byHash = (x: number, y: number) => compareHash(h1[x], h2[x], h1[y], h2[y]) || x - y;
  if (count >= 2 ** 21) return Array.from({ length: count }, (_, i) => i).sort(byHash);
  // h1 · 2^21 + index is exact in a double (at most 2^52): a typed-array sort orders by h1, then input order, without
  // a comparator call per comparison; the rare runs of one h1 are then put in h2 order.
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = h1[i] * 2 ** 21 + i;
  keys.sort();
  const order = Array.from(keys, (key) => key - Math.floor(key / 2 ** 21) * 2 ** 21);
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && h1[order[end]] === h1[order[start]]) end++;
    if (end - start > 1) order.splice(start, end - start, ...order.slice(start, end).sort(byHash));
    start = end;
  }
  return order;
}

/**
 * Entries as a run collects them, packed as they come into a buffer that grows (outside the JavaScript heap: a
 * national feed's millions of lines cost their 48 bytes each, not objects), at most `max` of them.
 */
export class EntryWriter {
  private buffer = Buffer.alloc(0);
  count = 0;

  constructor(private readonly max = Number.POSITIVE_INFINITY) {}

  /** False when the writer is full (the entry is not kept). */
  add(entry: LineEntry): boolean {
    if (!this.room()) return false;
    writeEntry(this.buffer, this.count++, entry);
    return true;
  }

  /** Copies entry `index` of packed entries as it is. */
  addPacked(packed: Buffer, index: number): boolean {
    if (!this.room()) return false;
    packed.copy(this.buffer, this.count++ * LINE_ENTRY_BYTES, index * LINE_ENTRY_BYTES, (index + 1) * LINE_ENTRY_BYTES);
    return true;
  }

  /** The entries ordered by hash, duplicates of one hash: the last one. */
  packed(): Buffer {
    const raw = this.buffer;
    const order = hashOrder(raw, this.count);
    const at = (i: number, half: number) => raw.readInt32LE(i * LINE_ENTRY_BYTES + half * 4);
    const kept: number[] = [];
    for (const i of order) {
      const last = kept[kept.length - 1];
      if (last !== undefined && at(last, 0) === at(i, 0) && at(last, 1) === at(i, 1)) kept[kept.length - 1] = i;
      else kept.push(i);
    }
    const out = Buffer.alloc(kept.length * LINE_ENTRY_BYTES);
    kept.forEach((i, index) => raw.copy(out, index * LINE_ENTRY_BYTES, i * LINE_ENTRY_BYTES, (i + 1) * LINE_ENTRY_BYTES));
    return out;
  }

  private room(): boolean {
    if (this.count >= this.max) return false;
    if ((this.count + 1) * LINE_ENTRY_BYTES > this.buffer.length) {
      const grown = Buffer.alloc(Math.max(1024 * LINE_ENTRY_BYTES, this.buffer.length * 2));
      this.buffer.copy(grown);
      this.buffer = grown;
    }
    return true;
  }
}

/** Entries ordered by hash (duplicates of one hash: the last one), packed. */
export function packEntries(entries: readonly LineEntry[]): Buffer {
  const writer = new EntryWriter();
  for (const entry of entries) writer.add(entry);
  return writer.packed();
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
    const index = this.indexOf(h1, h2);
    return index < 0 ? null : readEntry(this.packed, index);
  }

  /** The entry at `index` (from indexOf). */
  entryAt(index: number): LineEntry {
    return readEntry(this.packed, index);
  }

  /** Copies the entry at `index` into a run's entries as it is. */
  copyTo(writer: EntryWriter, index: number): boolean {
    return writer.addPacked(this.packed, index);
  }

  /** Where the entry of a line with this hash is, or -1. */
  indexOf(h1: number, h2: number): number {
    let low = 0;
    let high = this.h1.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const order = compareHash(this.h1[middle], this.h2[middle], h1, h2);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
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
    // One row at a time: a row travels as hex text twice its size, and a national feed has dozens of them.
    const parts: { part: number }[] = await this.dataSource.query('SELECT part FROM ingest.published_lines WHERE source = $1 AND version = $2 ORDER BY part', [
      source,
      version,
    ]);
    const buffers: Buffer[] = [];
    for (const { part } of parts) {
      const [row]: { entries: Buffer }[] = await this.dataSource.query(
        'SELECT entries FROM ingest.published_lines WHERE source = $1 AND version = $2 AND part = $3',
        [source, version, part],
      );
      if (row) buffers.push(row.entries);
    }
    return new LineCache(Buffer.concat(buffers));
  }

  /** Replaces the source's entries. */
  async save(source: string, version: string, entries: EntryWriter): Promise<void> {
    const packed = entries.packed();
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
