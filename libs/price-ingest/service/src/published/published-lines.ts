import { DataSource, type EntityManager } from 'typeorm';

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
/** Sources whose entries a process keeps once read (at most 48 MB each: unchanged-lines.ts MAX_REMEMBERED). */
const LOADED_KEPT = 2;
/** Per database, the entries read last: source and version → the rows' stamp and the entries (PublishedLinesStore.load). */
const loadedCaches = new WeakMap<DataSource, Map<string, { stamp: string; cache: LineCache }>>();

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
 * A 64-bit hash of a line's bytes [start, end) in two 32-bit halves, written to `out`: FNV-1a-like over 32-bit
 * little-endian words (the last 0–3 bytes one by one) beside a multiply–xorshift lane with other constants, each mixed
 * with the length at the end. Each step is a bijection of a lane's state, so two lines of one length that differ in
 * one word never meet in the first lane. Not cryptographic: a line is skipped only when both halves match an entry,
 * about one chance in 2^64 / entries that a different line does. A run hashes the bytes as read, before any is decoded.
 */
export function lineHashBytes(bytes: Uint8Array, start: number, end: number, out: Int32Array): void {
  let a = 0x811c9dc5 | 0;
  let b = 0x27d4eb2f | 0;
  let i = start;
  for (const last = end - 3; i < last; i += 4) {
    const w = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    a = Math.imul(a ^ w, 0x01000193);
    b = Math.imul(b ^ w, 0x85ebca6b);
    b ^= b >>> 15;
  }
  for (; i < end; i++) {
    const c = bytes[i];
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x85ebca6b);
    b ^= b >>> 15;
  }
  const n = end - start;
  a = Math.imul(a ^ (a >>> 16) ^ n, 0x7feb352d);
  a ^= a >>> 15;
  b = Math.imul(b ^ (b >>> 13) ^ n, 0xc2b2ae35);
  b ^= b >>> 16;
  out[0] = a;
  out[1] = b;
}

const scratch = new Int32Array(2);

/** lineHashBytes of a line's text as UTF-8 (as a feed's bytes give it). */
export function lineHash(text: string): [number, number] {
  const bytes = Buffer.from(text, 'utf8');
  lineHashBytes(bytes, 0, bytes.length, scratch);
  return [scratch[0], scratch[1]];
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

  /** Copies every entry of `raw` (entries as `raw()` gives them) as they are, up to the writer's maximum. */
  addRaw(raw: Buffer): void {
    const count = Math.floor(raw.length / LINE_ENTRY_BYTES);
    for (let i = 0; i < count && this.room(); i++) raw.copy(this.buffer, this.count++ * LINE_ENTRY_BYTES, i * LINE_ENTRY_BYTES, (i + 1) * LINE_ENTRY_BYTES);
  }

  /** The entries as they came (not ordered, duplicates kept): a part's, to be merged by `addRaw` and `packed`. */
  raw(): Buffer {
    return this.buffer.subarray(0, this.count * LINE_ENTRY_BYTES);
  }

  /** Adds an entry from a LineCache's fields (ints: h1 … EAN digits from `i`; floats: EAN, time from `f`). */
  addFields(ints: Int32Array, i: number, floats: Float64Array, f: number): boolean {
    if (!this.room()) return false;
    const buffer = this.buffer;
    const at = this.count++ * LINE_ENTRY_BYTES;
    for (let k = 0; k < 7; k++) buffer.writeInt32LE(ints[i + k], at + k * 4);
    buffer.writeUInt8(ints[i + 7], at + 28);
    buffer.writeUInt8(0, at + 29);
    buffer.writeUInt16LE(0, at + 30);
    buffer.writeDoubleLE(floats[f], at + 32);
    buffer.writeDoubleLE(floats[f + 1], at + 40);
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

/**
 * The lines of a source's last whole run, looked up by hash (a binary search over the ordered entries). Read once
 * into typed arrays, field by field: a run reads an entry's fields where it needs them, without an object per line.
 */
export class LineCache {
  /** Per entry, INTS ints: h1 h2 store item cents fingerprint units EAN-digits. */
  private readonly ints: Int32Array;
  /** Per entry: the EAN as a number, the time in ms (NaN: none). */
  private readonly floats: Float64Array;
  readonly size: number;
  /**
   * An open-addressing table over the hashes: slot (h1 & mask), then the next ones, hold entry index + 1 (0: empty).
   * A lookup touches a slot or two and one entry, where a binary search over a national feed's entries takes some
   * twenty steps through memory.
   */
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(packed: Buffer) {
    const count = Math.floor(packed.length / LINE_ENTRY_BYTES);
    this.size = count;
    this.ints = new Int32Array(count * INTS);
    this.floats = new Float64Array(count * 2);
    for (let i = 0; i < count; i++) {
      const at = i * LINE_ENTRY_BYTES;
      for (let k = 0; k < 7; k++) this.ints[i * INTS + k] = packed.readInt32LE(at + k * 4);
      this.ints[i * INTS + 7] = packed.readUInt8(at + 28);
      this.floats[i * 2] = packed.readDoubleLE(at + 32);
      this.floats[i * 2 + 1] = packed.readDoubleLE(at + 40);
    }
    // At most half full. The entries are ordered by hash with one entry per hash (EntryWriter.packed).
    let size = 16;
    while (size < count * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let i = 0; i < count; i++) {
      let slot = mix(this.ints[i * INTS]) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = i + 1;
    }
  }

  /** The entry of a line with this hash, or null. */
  find(h1: number, h2: number): LineEntry | null {
    const index = this.indexOf(h1, h2);
    return index < 0 ? null : this.entryAt(index);
  }

  /** The entry at `index` (from indexOf), as an object. */
  entryAt(index: number): LineEntry {
    return {
      h1: this.ints[index * INTS],
      h2: this.ints[index * INTS + 1],
      storeId: this.storeId(index),
      itemId: this.itemId(index),
      price: this.price(index),
      fingerprint: this.fingerprint(index),
      units: this.units(index),
      eanCode: this.eanCode(index),
      eanDigits: this.eanDigits(index),
      observedAt: this.observedAt(index),
    };
  }

  /** The hash of the entry at `index`. */
  hashAt(index: number): [number, number] {
    return [this.ints[index * INTS], this.ints[index * INTS + 1]];
  }

  storeId(index: number): number {
    return this.ints[index * INTS + 2];
  }
  itemId(index: number): number {
    return this.ints[index * INTS + 3];
  }
  price(index: number): number {
    return this.ints[index * INTS + 4];
  }
  fingerprint(index: number): number {
    return this.ints[index * INTS + 5];
  }
  units(index: number): number {
    return this.ints[index * INTS + 6];
  }
  eanDigits(index: number): number {
    return this.ints[index * INTS + 7];
  }
  eanCode(index: number): number {
    return this.floats[index * 2];
  }
  observedAt(index: number): number {
    return this.floats[index * 2 + 1];
  }

  /** Copies the entry at `index` into a run's entries as it is. */
  copyTo(writer: EntryWriter, index: number): boolean {
    return writer.addFields(this.ints, index * INTS, this.floats, index * 2);
  }

  /** Where the entry of a line with this hash is, or -1. */
  indexOf(h1: number, h2: number): number {
    const { ints, slots, mask } = this;
    for (let slot = mix(h1) & mask; ; slot = (slot + 1) & mask) {
      const found = slots[slot];
      if (found === 0) return -1;
      const at = (found - 1) * INTS;
      if (ints[at] === h1 && ints[at + 1] === h2) return found - 1;
    }
  }
}

/** Spreads a hash half's bits over its low ones (a table slot is its low bits). */
function mix(h: number): number {
  const x = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return x ^ (x >>> 16);
}

/** Ints per entry in LineCache. */
const INTS = 8;

/**
 * ingest.published_lines: per source, the entries of its last whole run (rows of at most 100,000 entries, in hash
 * order) and the version of the parser that read them; entries of another version are not used. Losing them only
 * costs the next run its parsing.
 */
export class PublishedLinesStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The source's entries of `version`. The parts of a split run each need them whole, and one worker often runs
   * several parts of a run: the last ones read stay in the process (LOADED_KEPT), and are read again only when the
   * stored rows changed (their transaction ids differ: a run's end replaces them).
   */
  async load(source: string, version: string): Promise<LineCache> {
    const [row]: { stamp: string | null }[] = await this.dataSource.query(
      "SELECT string_agg(part || ':' || xmin::text, ',' ORDER BY part) AS stamp FROM ingest.published_lines WHERE source = $1 AND version = $2",
      [source, version],
    );
    const stamp = row?.stamp ?? '';
    let kept = loadedCaches.get(this.dataSource);
    if (!kept) loadedCaches.set(this.dataSource, (kept = new Map()));
    const key = `${source}\u0000${version}`;
    const hit = kept.get(key);
    if (hit && hit.stamp === stamp) {
      kept.delete(key);
      kept.set(key, hit); // the most recently used last
      return hit.cache;
    }
    const cache = stamp === '' ? new LineCache(Buffer.alloc(0)) : await this.read(source, version);
    kept.delete(key);
    kept.set(key, { stamp, cache });
    while (kept.size > LOADED_KEPT) kept.delete(kept.keys().next().value as string);
    return cache;
  }

  private async read(source: string, version: string): Promise<LineCache> {
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
    await this.dataSource.transaction((manager) => replaceEntries(manager, source, version, entries));
  }

  /**
   * The end of a split run: its parts' entries, merged in part order (of one hash, the last part's), replace the
   * source's — unless every part met only remembered lines that it remembers as they were and together they met as
   * many as are stored, when the stored ones are the same lines and are kept. The parts' rows are deleted either way.
   * A part that resumed remembers nothing of its lines: when one did (fewer parts remembered than the run has), the
   * stored entries go first and the parts' after them, so its lines stay remembered (an entry of a line a feed no
   * longer has does no harm: it is used only after the checks of runs/unchanged-lines.ts).
   * Null when no part remembered anything (every part resumed, or the source's lines are not read on their own).
   */
  async adoptParts(source: string, runId: string, parts: number, maxEntries: number): Promise<{ kept: boolean; entries: number } | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('ingest.published_lines:' || $1))", [source]);
      const heads: { version: string; met: number; newEntries: number }[] = await manager.query(
        'SELECT version, met, new_entries AS "newEntries" FROM ingest.feed_run_shard_lines WHERE run_id = $1 AND part = 0 ORDER BY shard_no',
        [runId],
      );
      if (heads.length === 0) return null;
      const version = heads[heads.length - 1].version;
      const [stored]: { entries: number }[] = await manager.query(
        `SELECT coalesce(sum(octet_length(entries)), 0)::float8 / ${LINE_ENTRY_BYTES} AS entries FROM ingest.published_lines WHERE source = $1 AND version = $2`,
        [source, version],
      );
      const met = heads.reduce((sum, h) => sum + h.met, 0);
      const fresh = heads.reduce((sum, h) => sum + h.newEntries, 0);
      let result: { kept: boolean; entries: number };
      if (stored.entries > 0 && fresh === 0 && met >= stored.entries && heads.length === parts && heads.every((h) => h.version === version)) {
        result = { kept: true, entries: stored.entries };
      } else {
        const writer = new EntryWriter(maxEntries);
        if (heads.length < parts) {
          const stored: { entries: Buffer }[] = await manager.query('SELECT entries FROM ingest.published_lines WHERE source = $1 AND version = $2 ORDER BY part', [source, version]);
          for (const row of stored) writer.addRaw(row.entries);
        }
        const rows: { shardNo: number; part: number }[] = await manager.query(
          'SELECT shard_no AS "shardNo", part FROM ingest.feed_run_shard_lines WHERE run_id = $1 AND version = $2 ORDER BY shard_no, part',
          [runId, version],
        );
        // One row at a time, as `load` reads them.
        for (const { shardNo, part } of rows) {
          const [row]: { entries: Buffer }[] = await manager.query('SELECT entries FROM ingest.feed_run_shard_lines WHERE run_id = $1 AND shard_no = $2 AND part = $3', [runId, shardNo, part]);
          if (row) writer.addRaw(row.entries);
        }
        result = { kept: false, entries: await replaceEntries(manager, source, version, writer) };
      }
      await manager.query('DELETE FROM ingest.feed_run_shard_lines WHERE run_id = $1', [runId]);
      return result;
    });
  }
}

/**
 * A completed part of a split run: its entries (as it read them) and counts, kept with the run until its end
 * (PublishedLinesStore.adoptParts). Within the transaction that completes the part (feed-run-shards.repository.ts), so a part is
 * remembered once it is completed and only then; a part that resumed has none (it does not know its first lines).
 */
export async function saveShardLines(manager: EntityManager, runId: string, shardNo: number, lines: ShardLines): Promise<void> {
  await manager.query('DELETE FROM ingest.feed_run_shard_lines WHERE run_id = $1 AND shard_no = $2', [runId, shardNo]);
  const raw = lines.entries.raw();
  const partBytes = ENTRIES_PER_PART * LINE_ENTRY_BYTES;
  // Part 0 always, empty or not: it carries the part's counts.
  for (let at = 0, part = 0; at === 0 || at < raw.length; at += partBytes, part++) {
    await manager.query('INSERT INTO ingest.feed_run_shard_lines (run_id, shard_no, part, version, met, new_entries, entries) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      runId,
      shardNo,
      part,
      lines.version,
      lines.met,
      lines.newEntries,
      raw.subarray(at, at + partBytes),
    ]);
  }
}

/** What a completed part of a split run remembers of its lines (UnchangedLines.forShard). */
export interface ShardLines {
  version: string;
  entries: EntryWriter;
  /** Lines it met that were remembered. */
  met: number;
  /** Entries it remembers that differ from what was remembered of their lines (or were not remembered). */
  newEntries: number;
}

/** Replaces the source's entries with `entries` (ordered by hash, duplicates: the last), under the source's lock; how many. */
async function replaceEntries(manager: EntityManager, source: string, version: string, entries: EntryWriter): Promise<number> {
  const packed = entries.packed();
  const parts: Buffer[] = [];
  const partBytes = ENTRIES_PER_PART * LINE_ENTRY_BYTES;
  for (let at = 0; at < packed.length; at += partBytes) parts.push(packed.subarray(at, at + partBytes));
  // Two runs of one source finishing together: one after the other, the last one's entries kept.
  await manager.query("SELECT pg_advisory_xact_lock(hashtext('ingest.published_lines:' || $1))", [source]);
  await manager.query('DELETE FROM ingest.published_lines WHERE source = $1', [source]);
  for (const [part, bytes] of parts.entries()) {
    await manager.query('INSERT INTO ingest.published_lines (source, part, version, entries) VALUES ($1, $2, $3, $4)', [source, part, version, bytes]);
  }
  return packed.length / LINE_ENTRY_BYTES;
}
