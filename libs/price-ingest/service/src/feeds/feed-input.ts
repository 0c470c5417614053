import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export interface FeedInput {
  lines: AsyncIterable<string>;
  /** Total bytes when known (file size or Content-Length), for progress. */
  totalBytes: number | null;
  bytesRead(): number;
  close(): void;
}

/** Opens a feed from a file path or an http(s) URL as a stream of lines (gzip when the name ends in .gz). */
export async function openFeed(location: string, signal?: AbortSignal): Promise<FeedInput> {
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
  stream.on('data', (chunk: Buffer) => (read += chunk.length));
  const text = /\.gz(\?|$)/.test(location) ? stream.pipe(createGunzip()) : stream;
  const lines = createInterface({ input: text, crlfDelay: Infinity });
  return {
    lines,
    totalBytes,
    bytesRead: () => read,
    close: () => {
      lines.close();
      stream.destroy();
    },
  };
}
