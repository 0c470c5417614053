import { createReadStream, statSync } from 'node:fs';
import { pipeline, Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** A line longer than the feed's longest line: skipped unread (never held whole), with its length and its start. */
export interface OverlongLine {
  overlong: true;
  /** Its length in bytes (the line break not counted). */
  bytes: number;
  /** Its first bytes as text, for the dead letter. */
  head: string;
}

/** One line of a feed: its text, or an overlong line the run rejects. */
export type FeedLine = string | OverlongLine;

export function isOverlong(line: FeedLine): line is OverlongLine {
  return typeof line !== 'string';
}

/**
 * Whole lines of a feed as they were read, before any is decoded: line i is bytes [starts[i], ends[i]) of `bytes` (its
 * line break, and a CR before it, left out), or, where `overlong` has i, that overlong line; or, for lines that came
 * as text (a pull source's), `texts[i]`.
 */
export interface LineBlock {
  count: number;
  bytes: Buffer;
  starts: Int32Array;
  ends: Int32Array;
  overlong: Map<number, OverlongLine> | null;
  texts: FeedLine[] | null;
}

/** Line i of a block as text (decoded from UTF-8), or the overlong line it is. */
export function lineAt(block: LineBlock, i: number): FeedLine {
  if (block.texts) return block.texts[i];
  return block.overlong?.get(i) ?? block.bytes.toString('utf8', block.starts[i], block.ends[i]);
}

/** A feed's lines: a file's or download's may hold overlong lines (openFeed); a pull source's are its own, all text. */
export interface FeedInput<L extends FeedLine = string> {
  lines: AsyncIterable<L>;
  /**
   * The same lines as blocks of undecoded bytes (a file's or download's): a reader takes one or the other, never both
   * (they read one stream). A run reads blocks where it can: a line met before is looked up by its bytes' hash, and
   * is decoded only if it has to be parsed (runs/unchanged-lines.ts).
   */
  blocks?: AsyncIterable<LineBlock>;
  /** Total bytes when known (file size or Content-Length), for progress. */
  totalBytes: number | null;
  bytesRead(): number;
  close(): void;
}

/** The input's lines as blocks: its own, or each of its lines as a block of one. */
export async function* blocksOf<L extends FeedLine>(input: FeedInput<L>): AsyncGenerator<LineBlock> {
  if (input.blocks) {
    yield* input.blocks;
    return;
  }
  const none = new Int32Array(0);
  for await (const line of input.lines) yield { count: 1, bytes: EMPTY, starts: none, ends: none, overlong: null, texts: [line] };
}

const EMPTY = Buffer.alloc(0);

/** How much of a feed one run reads (INGEST_MAX_LINE_BYTES, INGEST_MAX_GZ_BYTES, INGEST_MAX_GZ_BYTES_BULK). */
export interface FeedLimits {
  /** The longest line: a longer one is skipped and rejected, and the run goes on. */
  maxLineBytes: number;
  /** The most a `.gz` feed may decompress to: past it the run stops (a gzip bomb, or a feed far beyond any chain's). */
  maxGzBytes: number;
  /** The same for a bulk open-data export (Open Food Facts' whole database is tens of gigabytes). */
  maxGzBytesBulk: number;
}

export const MIB = 1 << 20;
export const GIB = 1 << 30;

export const DEFAULT_FEED_LIMITS: FeedLimits = { maxLineBytes: MIB, maxGzBytes: 2 * GIB, maxGzBytesBulk: 200 * GIB };

/** The run stops: a `.gz` feed decompressed to more than its cap. */
export class FeedTooLargeError extends Error {}

/** How many bytes of an overlong line are kept for its dead letter. */
const HEAD_BYTES = 200;
const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * The lines of a byte stream in blocks, a block per chunk read: split at LF (a CR before it dropped), undecoded. A line
 * that a chunk ends inside of is carried into the next chunk's block (the two copied together). A line longer than
 * `maxLineBytes` is not collected: its bytes are counted and dropped as they come, and it is an OverlongLine.
 */
export async function* splitLineBlocks(chunks: AsyncIterable<Buffer>, maxLineBytes: number): AsyncGenerator<LineBlock> {
  /** The start of a line the last chunk ended inside of (at most maxLineBytes). */
  let carry: Buffer | null = null;
  /** A line past the longest, still being read: its bytes are counted, not kept. */
  let overlong: OverlongLine | null = null;
  for await (const chunk of chunks) {
    let data = chunk;
    let at = 0;
    const block = newBlock(chunk.length);
    if (overlong) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl === -1) {
        overlong.bytes += chunk.length;
        continue;
      }
      overlong.bytes += nl;
      addOverlong(block, overlong);
      overlong = null;
      at = nl + 1;
    } else if (carry) {
      data = Buffer.concat([carry, chunk]);
      carry = null;
    }
    block.bytes = data;
    for (;;) {
      const nl = data.indexOf(NEWLINE, at);
      if (nl === -1) {
        const rest = data.length - at;
        if (rest > maxLineBytes) overlong = { overlong: true, bytes: rest, head: headOf(data, at, data.length) };
        else if (rest > 0) carry = data.subarray(at);
        break;
      }
      if (nl - at > maxLineBytes) addOverlong(block, { overlong: true, bytes: nl - at, head: headOf(data, at, nl) });
      else addLine(block, at, nl > at && data[nl - 1] === CR ? nl - 1 : nl);
      at = nl + 1;
    }
    if (block.count > 0) yield block;
  }
  if (overlong) {
    const block = newBlock(0);
    addOverlong(block, overlong);
    yield block;
  } else if (carry) {
    const block = newBlock(carry.length);
    block.bytes = carry;
    addLine(block, 0, carry[carry.length - 1] === CR ? carry.length - 1 : carry.length);
    yield block;
  }
}

/**
 * The lines of a byte stream, split at LF (a CR before it dropped), each decoded as UTF-8. A line longer than
 * `maxLineBytes` is not collected: its bytes are counted and dropped as they come, and it is yielded as an OverlongLine.
 */
export function splitLines(chunks: AsyncIterable<Buffer>, maxLineBytes: number): AsyncGenerator<FeedLine> {
  return linesOf(splitLineBlocks(chunks, maxLineBytes));
}

/** The lines of blocks, each decoded (a FeedInput's `lines` beside its `blocks`: nothing is read until one is). */
export async function* linesOf(blocks: AsyncIterable<LineBlock>): AsyncGenerator<FeedLine> {
  for await (const block of blocks) for (let i = 0; i < block.count; i++) yield lineAt(block, i);
}

/** A block with room for the lines of `bytes` bytes (a guess of one line per 64 bytes, grown when short). */
function newBlock(bytes: number): LineBlock {
  const room = Math.max(16, bytes >> 6);
  return { count: 0, bytes: EMPTY, starts: new Int32Array(room), ends: new Int32Array(room), overlong: null, texts: null };
}

function addLine(block: LineBlock, start: number, end: number): void {
  if (block.count === block.starts.length) {
    const starts = new Int32Array(block.count * 2);
    const ends = new Int32Array(block.count * 2);
    starts.set(block.starts);
    ends.set(block.ends);
    block.starts = starts;
    block.ends = ends;
  }
  block.starts[block.count] = start;
  block.ends[block.count] = end;
  block.count++;
}

function addOverlong(block: LineBlock, line: OverlongLine): void {
  (block.overlong ??= new Map()).set(block.count, line);
  addLine(block, 0, 0);
}

/** The first bytes of a line as text, for an overlong line's dead letter; a character the cut broke is left out. */
function headOf(data: Buffer, at: number, end: number): string {
  return data.toString('utf8', at, Math.min(end, at + HEAD_BYTES)).replace(/\uFFFD$/, '');
}

/** Passes the bytes on, failing once more than `max` have passed (the message names the limit). */
function byteCap(max: number, message: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? new FeedTooLargeError(message) : null, chunk);
    },
  });
}

/**
 * Opens a feed from a file path or an http(s) URL as a stream of lines (gzip when the name ends in .gz), each line at
 * most `limits.maxLineBytes` and a .gz feed at most `limits.maxGzBytes` decompressed (`bulk`: maxGzBytesBulk).
 */
export async function openFeed(location: string, signal?: AbortSignal, limits: FeedLimits = DEFAULT_FEED_LIMITS, bulk = false): Promise<FeedInput<FeedLine>> {
  let stream: Readable;
  let totalBytes: number | null = null;
  if (/^https?:\/\//i.test(location)) {
    const response = await fetch(location, { signal });
    if (!response.ok || !response.body) throw new Error(`GET ${location} answered ${response.status} ${response.statusText}`);
    const length = Number(response.headers.get('content-length'));
    totalBytes = Number.isFinite(length) && length > 0 ? length : null;
    stream = Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]);
  } else {
    const path = location.replace(/^file:\/\//, '');
    totalBytes = statSync(path).size;
    stream = createReadStream(path, { highWaterMark: 1 << 20 });
  }
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      done(null, chunk);
    },
  });
  // Nothing flows until the lines are read (no 'data' listener): pipeline carries backpressure, and any stream's error
  // (a broken connection, corrupt gzip, the cap) ends the lines with it.
  const gz = /\.gz(\?|$)/.test(location);
  const max = bulk ? limits.maxGzBytesBulk : limits.maxGzBytes;
  const capMessage = `the feed decompressed to more than ${max} bytes (${bulk ? 'INGEST_MAX_GZ_BYTES_BULK' : 'INGEST_MAX_GZ_BYTES'}): the run stops: ${location}`;
  const streams: (Readable | Transform)[] = gz ? [stream, counter, createGunzip(), byteCap(max, capMessage)] : [stream, counter];
  const text = pipeline(streams as unknown as [Readable, Transform], () => undefined) as unknown as Readable;
  const blocks = splitLineBlocks(text, limits.maxLineBytes);
  return {
    lines: linesOf(blocks),
    blocks,
    totalBytes,
    bytesRead: () => read,
    close: () => {
      for (const s of streams) s.destroy();
    },
  };
}
