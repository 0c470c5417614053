import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { pipeline, Readable, Transform } from 'node:stream';
import { adapterFor } from '../feeds/adapters';
import { type FeedInput, type FeedLimits, type FeedLine, linesOf, splitLineBlocks } from '../feeds/feed-input';
import type { FeedRecord } from '../feeds/feed-record';
import { isPullSource } from '../sources/pull-source';

/** One part of a split run: the bytes [startByte, endByte) of its feed file, whole lines. */
export interface ShardRange {
  shardNo: number;
  startByte: number;
  endByte: number;
}

/** How a run is cut (INGEST_SHARD_BYTES, INGEST_PULL_PARTS, INGEST_MAX_SHARDS). */
export interface ShardSettings {
  /** About this many bytes a part of a file run; 0: file runs are never split. */
  shardBytes: number;
  /** A pull run of a source that asks its prices store by store: this many price parts after its store listing; 0 or 1: never split. */
  pullParts: number;
  /** At most this many parts a run (the head counts). */
  maxShards: number;
}

const NEWLINE = 0x0a;
const BLOCK = 1 << 20;

/**
 * Why a run is read whole by one worker, or null when it can be split: a pull source that asks its prices store by
 * store (split by store: planPullParts), or a local, uncompressed file of a source whose lines stand alone (a CSV's
 * lines need its header, a .gz stream cannot be entered half-way, a download is read once).
 */
export function unsplittable(source: string, location: string): string | null {
  const adapter = adapterFor(source, {}, location);
  if (isPullSource(adapter)) return adapter.splitsByStore === true ? null : 'a pull source that is not asked store by store';
  if (location === '' || /^https?:\/\//i.test(location)) return 'not a local file';
  if (/\.gz$/i.test(location)) return 'a .gz file is read from its start';
  if (source.startsWith('csv:')) return "a CSV's lines need its header";
  return null;
}

/**
 * Cuts a run into parts any worker may take. A pull source split by store: planPullParts. A file: part 0 is the file's head, every line before the first price or
 * offer (the stores and products the prices reference: it is run first, alone), the rest of the file is cut at
 * line breaks into parts of about `shardBytes`. Null when the run is read whole: a feed that cannot be split (see
 * unsplittable), splitting off, or a file that makes one part.
 */
export async function planShards(source: string, location: string, settings: ShardSettings, limits: FeedLimits): Promise<ShardRange[] | null> {
  if (settings.maxShards < 2 || unsplittable(source, location) !== null) return null;
  if (isPullSource(adapterFor(source, {}, location))) return planPullParts(settings);
  if (settings.shardBytes <= 0) return null;
  const path = location.replace(/^file:\/\//, '');
  const size = statSync(path).size;
  if (size <= settings.shardBytes) return null;
  const headEnd = await headBytes(source, path, limits);
  const body = size - headEnd;
  const parts = Math.min(settings.maxShards - 1, Math.ceil(body / settings.shardBytes));
  if (parts < 1 || (parts === 1 && headEnd === 0)) return null;
  const cuts = [headEnd];
  const fd = openSync(path, 'r');
  try {
    for (let i = 1; i < parts; i++) {
      const cut = lineStartFrom(fd, headEnd + Math.floor((body * i) / parts), size);
      if (cut > cuts[cuts.length - 1] && cut < size) cuts.push(cut);
    }
  } finally {
    closeSync(fd);
  }
  cuts.push(size);
  const ranges: ShardRange[] = [{ shardNo: 0, startByte: 0, endByte: headEnd }];
  for (let i = 0; i + 1 < cuts.length; i++) ranges.push({ shardNo: i + 1, startByte: cuts[i], endByte: cuts[i + 1] });
  return ranges.length > 1 ? ranges : null;
}

/**
 * A pull run split by store: part 0 lists the stores (run first, alone, as a file's head), parts 1… ask the prices of
 * their share of the stores (PullContext.part; no bytes: a part's lines are its answers). Null when pulls are not split.
 */
export function planPullParts(settings: ShardSettings): ShardRange[] | null {
  const priceParts = Math.min(settings.pullParts, settings.maxShards - 1);
  if (priceParts < 2) return null;
  return Array.from({ length: priceParts + 1 }, (_, shardNo) => ({ shardNo, startByte: 0, endByte: 0 }));
}

/** The offset of the first line that starts at or after `at` (the byte after the next line break), or `size`. */
function lineStartFrom(fd: number, at: number, size: number): number {
  if (at === 0) return 0;
  const buffer = Buffer.allocUnsafe(BLOCK);
  // The line break just before `at` counts: a line starting exactly at `at` is kept whole.
  let position = at - 1;
  while (position < size) {
    const read = readSync(fd, buffer, 0, BLOCK, position);
    if (read <= 0) break;
    const nl = buffer.subarray(0, read).indexOf(NEWLINE);
    if (nl !== -1) return position + nl + 1;
    position += read;
  }
  return size;
}

/** The bytes of the head: the lines before the first one the source's parser reads as a price or an offer. */
async function headBytes(source: string, path: string, limits: FeedLimits): Promise<number> {
  const parse = adapterFor(source, {}, path).createParser();
  let offset = 0;
  let lineNo = 0;
  const stream = createReadStream(path, { highWaterMark: BLOCK });
  try {
    for await (const line of linesWithEnds(stream, limits.maxLineBytes)) {
      lineNo++;
      let records: FeedRecord[];
      try {
        records = typeof line.text === 'string' ? parse(line.text, lineNo) : [];
      } catch {
        records = [];
      }
      // A price or an offer, read or rejected, ends the head.
      if (records.some((r) => r.kind === 'price' || r.kind === 'offer' || (r.kind === 'reject' && (r.recordKind === 'price' || r.recordKind === 'offer')))) return offset;
      offset = line.end;
    }
  } finally {
    stream.destroy();
  }
  return offset;
}

/** The lines of a file with the offset just past each one's line break (an overlong line's text is null). */
async function* linesWithEnds(stream: AsyncIterable<Buffer>, maxLineBytes: number): AsyncGenerator<{ text: string | null; end: number }> {
  let base = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of stream) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, start);
      if (nl === -1) {
        if (pendingBytes <= maxLineBytes) pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        break;
      }
      const bytes = pendingBytes + nl - start;
      const text = bytes > maxLineBytes ? null : Buffer.concat([...pending, chunk.subarray(start, nl)]).toString('utf8').replace(/\r$/, '');
      pending = [];
      pendingBytes = 0;
      yield { text, end: base + nl + 1 };
      start = nl + 1;
    }
    base += chunk.length;
  }
  if (pendingBytes > 0) yield { text: pendingBytes > maxLineBytes ? null : Buffer.concat(pending).toString('utf8'), end: base };
}

/** The lines of one part of a feed file (its bytes [startByte, endByte)), as openFeed gives a whole file's. */
export function openShard(location: string, range: ShardRange, limits: FeedLimits): FeedInput<FeedLine> {
  const path = location.replace(/^file:\/\//, '');
  const totalBytes = range.endByte - range.startByte;
  const stream: Readable =
    totalBytes > 0 ? createReadStream(path, { start: range.startByte, end: range.endByte - 1, highWaterMark: BLOCK }) : Readable.from([] as Buffer[]);
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      done(null, chunk);
    },
  });
  const text = pipeline(stream, counter, () => undefined) as unknown as Readable;
  const blocks = splitLineBlocks(text, limits.maxLineBytes);
  return {
    lines: linesOf(blocks),
    blocks,
    totalBytes,
    bytesRead: () => read,
    close: () => {
      stream.destroy();
      counter.destroy();
    },
  };
}
