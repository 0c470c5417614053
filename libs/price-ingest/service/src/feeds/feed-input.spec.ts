import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { blocksOf, DEFAULT_FEED_LIMITS, type FeedLine, FeedTooLargeError, lineAt, MIB, openFeed, splitLineBlocks, splitLines } from './feed-input';

async function* chunksOf(...parts: (string | Buffer)[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.isBuffer(part) ? part : Buffer.from(part);
}

async function all(lines: AsyncIterable<FeedLine>): Promise<FeedLine[]> {
  const out: FeedLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('feed input', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'feed-input-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('splits lines at LF, drops the CR of CRLF, keeps a last line without a line break and characters split across chunks', async () => {
    const euro = Buffer.from('€');
    const lines = await all(splitLines(chunksOf('a\r\nb', '\n\nc', euro.subarray(0, 1), Buffer.concat([euro.subarray(1), Buffer.from('d')])), 100));
    expect(lines).toEqual(['a', 'b', '', 'c€d']);
  });

  it('skips a line longer than the limit without holding it, telling its length and start, and reads on', async () => {
    const block = Buffer.alloc(64 * 1024, 'x');
    // A 10 MiB line in 64 KiB chunks between two short lines; the limit is 1 MiB.
    async function* feed(): AsyncGenerator<Buffer> {
      yield Buffer.from('first\n{"name":"');
      for (let i = 0; i < 160; i++) yield block;
      yield Buffer.from('"}\nlast\n');
    }
    const lines = await all(splitLines(feed(), MIB));
    expect(lines).toEqual(['first', { overlong: true, bytes: 10 * MIB + 11, head: `{"name":"${'x'.repeat(191)}` }, 'last']);
    // A line of exactly the limit is a line.
    expect(await all(splitLines(chunksOf('abc\nabcd\n'), 3))).toEqual(['abc', { overlong: true, bytes: 4, head: 'abcd' }]);
  });

  it('gives the lines as blocks of undecoded bytes, the same lines however the stream is cut', async () => {
    const text = `first\r\n{"name":"Jäätelö €"}\n\n${'x'.repeat(40)}\r\nlast`;
    const bytes = Buffer.from(text);
    const expected = ['first', '{"name":"Jäätelö €"}', '', { overlong: true, bytes: 41, head: 'x'.repeat(31) }, 'last'];
    for (let cut = 1; cut <= bytes.length; cut++) {
      const parts: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += cut) parts.push(bytes.subarray(at, at + cut));
      const lines: FeedLine[] = [];
      for await (const block of splitLineBlocks(chunksOf(...parts), 30)) {
        for (let i = 0; i < block.count; i++) {
          const line = lineAt(block, i);
          lines.push(line);
          // A line's bytes are its text's, before it is decoded.
          if (typeof line === 'string') expect(block.bytes.subarray(block.starts[i], block.ends[i]).equals(Buffer.from(line))).toBe(true);
        }
      }
      // An overlong line's head is what was read of it when it passed the limit (at least the limit and one byte).
      expect(lines.map((l) => (typeof l === 'string' ? l : { ...l, head: l.head.slice(0, 31) }))).toEqual(expected);
    }
  });

  it("gives a feed's blocks or, for an input of text lines (a pull's), each line as a block of one", async () => {
    const file = join(dir, 'blocks.jsonl');
    writeFileSync(file, 'a\nb\nc\n');
    const input = await openFeed(file);
    const fromFile: FeedLine[] = [];
    for await (const block of blocksOf(input)) for (let i = 0; i < block.count; i++) fromFile.push(lineAt(block, i));
    expect(fromFile).toEqual(['a', 'b', 'c']);
    async function* texts(): AsyncGenerator<string> {
      yield 'x';
      yield 'y';
    }
    const counts: number[] = [];
    const fromText: FeedLine[] = [];
    for await (const block of blocksOf({ lines: texts(), totalBytes: null, bytesRead: () => 0, close: () => undefined })) {
      counts.push(block.count);
      fromText.push(lineAt(block, 0));
    }
    expect([counts, fromText]).toEqual([[1, 1], ['x', 'y']]);
  });

  it('reads a .gz feed, and stops one that decompresses past the limit with the reason', async () => {
    const small = join(dir, 'small.jsonl.gz');
    writeFileSync(small, gzipSync('{"a":1}\n{"a":2}\n'));
    const input = await openFeed(small);
    expect(await all(input.lines)).toEqual(['{"a":1}', '{"a":2}']);
    expect(input.bytesRead()).toBe(input.totalBytes);

    // 8 MiB of lines in a few kilobytes of gzip, against a 1 MiB cap.
    const bomb = join(dir, 'bomb.jsonl.gz');
    writeFileSync(bomb, gzipSync(Buffer.from(`${'0'.repeat(1023)}\n`.repeat(8 * 1024))));
    const capped = await openFeed(bomb, undefined, { ...DEFAULT_FEED_LIMITS, maxGzBytes: MIB });
    let read = 0;
    const reading = (async () => {
      for await (const line of capped.lines) if (typeof line === 'string') read++;
    })();
    await expect(reading).rejects.toThrow(FeedTooLargeError);
    await expect(reading).rejects.toThrow(/decompressed to more than 1048576 bytes \(INGEST_MAX_GZ_BYTES\)/);
    expect(read).toBeLessThanOrEqual(1024);
    capped.close();
  });
});
