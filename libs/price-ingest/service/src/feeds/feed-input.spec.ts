import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_FEED_LIMITS, type FeedLine, FeedTooLargeError, MIB, openFeed, splitLines } from './feed-input';

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
