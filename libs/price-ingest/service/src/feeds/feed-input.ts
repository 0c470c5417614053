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

/** A feed's lines: a file's or download's may hold overlong lines (openFeed); a pull source's are its own, all text. */
export interface FeedInput<L extends FeedLine = string> {
  lines: AsyncIterable<L>;
  /** Total bytes when known (file size or Content-Length), for progress. */
  totalBytes: number | null;
  bytesRead(): number;
  close(): void;
}

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
 * The lines of a byte stream, split at LF (a CR before it dropped), each decoded as UTF-8. A line longer than
 * `maxLineBytes` is not collected: its bytes are counted and dropped as they come, and it is yielded as an OverlongLine.
 */
export async function* splitLines(chunks: AsyncIterable<Buffer>, maxLineBytes: number): AsyncGenerator<FeedLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let overlong: OverlongLine | null = null;
  const finish = (): FeedLine => {
    const line: FeedLine = overlong ?? decode(parts.length === 1 ? parts[0] : Buffer.concat(parts));
    parts = [];
    size = 0;
    overlong = null;
    return line;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, start);
      // The common case: a whole line within the chunk, decoded in place.
      if (nl !== -1 && size === 0 && overlong === null && nl - start <= maxLineBytes) {
        yield chunk.toString('utf8', start, nl > start && chunk[nl - 1] === CR ? nl - 1 : nl);
        start = nl + 1;
        continue;
      }
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      if (overlong) overlong.bytes += piece.length;
      else if (size + piece.length > maxLineBytes) {
        const head = Buffer.concat([...parts, piece.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES);
        // The head may end inside a character: its broken last character is left out.
        overlong = { overlong: true, bytes: size + piece.length, head: head.toString('utf8').replace(/\uFFFD$/, '') };
        parts = [];
      } else if (piece.length > 0) {
        parts.push(piece);
        size += piece.length;
      }
      if (nl === -1) break;
      yield finish();
      start = nl + 1;
    }
  }
  if (overlong || size > 0) yield finish();
}

function decode(bytes: Buffer): string {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
  return bytes.toString('utf8', 0, end);
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
  const lines = splitLines(text, limits.maxLineBytes);
  return {
    lines,
    totalBytes,
    bytesRead: () => read,
    close: () => {
      for (const s of streams) s.destroy();
    },
  };
}
