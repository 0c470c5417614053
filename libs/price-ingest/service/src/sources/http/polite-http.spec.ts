import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { askingAgain, SourceBlockedError, SourceHttpError, SourceTooLargeError, SourceUnreachableError } from '../source-http';
import { hintakoriUserAgent, isBotChallenge, PoliteHttp, retryAfterMs, type PoliteHttpOptions } from './polite-http';
import { fakeTime, MapCache } from './http.testing';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface TestServer {
  base: string;
  host: string;
  requests: { path: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

async function serve(handler: Handler): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const UA = 'Hintakori/0.1 (+https://hintakori.fi; test@hintakori.fi)';

function client(server: TestServer, clock: ReturnType<typeof fakeTime>, extra: Partial<PoliteHttpOptions> = {}) {
  return new PoliteHttp({ userAgent: UA, rates: { [server.host]: { perMinute: 600_000 } }, sleep: clock.sleep, now: clock.now, random: () => 0, timeoutMs: 5000, ...extra });
}

describe('PoliteHttp', () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  it('names Hintakori and a contact in the User-Agent', async () => {
    server = await serve((req, res) => res.end(req.headers['user-agent']));
    const answer = await client(server, fakeTime()).get(`${server.base}/ua`);
    expect(answer).toMatchObject({ status: 200, text: UA, fromCache: false });
    expect(server.requests[0].headers.accept).toBe('application/json');
    expect(hintakoriUserAgent('0.2', 'data@example.org')).toBe('Hintakori/0.2 (+https://hintakori.fi; data@example.org)');
    // Without a contact (INGEST_CONTACT, read with the ingest config), the project's.
    expect(hintakoriUserAgent()).toBe('Hintakori/0.1 (+https://hintakori.fi; hello@hintakori.fi)');
  });

  it('waits as long as a 429 asks (Retry-After in seconds) and then answers', async () => {
    let calls = 0;
    server = await serve((_req, res) => {
      if (calls++ === 0) {
        res.writeHead(429, { 'Retry-After': '1' });
        res.end('slow down');
      } else res.end('{"ok":true}');
    });
    const clock = fakeTime();
    const answer = await client(server, clock).get(`${server.base}/x`);
    expect(answer).toMatchObject({ status: 200, text: '{"ok":true}' });
    expect(clock.time.waits).toEqual([1000]);
    expect(server.requests).toHaveLength(2);
  });

  it('reads a Retry-After HTTP-date', async () => {
    const clock = fakeTime();
    let calls = 0;
    server = await serve((_req, res) => {
      if (calls++ === 0) {
        res.writeHead(503, { 'Retry-After': new Date(clock.time.now + 3000).toUTCString() });
        res.end();
      } else res.end('ok');
    });
    await client(server, clock).get(`${server.base}/x`);
    expect(clock.time.waits).toEqual([3000]);
    expect(retryAfterMs('garbage', 0)).toBeNull();
  });

  it('fails at once when the service asks to wait longer than allowed', async () => {
    server = await serve((_req, res) => {
      res.writeHead(429, { 'Retry-After': '600' });
      res.end();
    });
    const clock = fakeTime();
    const error = await client(server, clock).get(`${server.base}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceHttpError);
    expect((error as SourceHttpError).status).toBe(429);
    expect((error as Error).message).toMatch(/asked to wait 600 s/);
    expect(clock.time.waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 503 with backoff and answers the next 200', async () => {
    let calls = 0;
    server = await serve((_req, res) => {
      res.statusCode = calls++ === 0 ? 503 : 200;
      res.end(res.statusCode === 200 ? 'fine' : 'busy');
    });
    const clock = fakeTime();
    const answer = await client(server, clock, { random: () => 0.5 }).get(`${server.base}/x`);
    expect(answer.text).toBe('fine');
    // base 1000 ms, jitter between half and all of it.
    expect(clock.time.waits).toEqual([750]);
  });

  it('gives up on a 500 after maxRetries with a SourceHttpError', async () => {
    server = await serve((_req, res) => {
      res.statusCode = 500;
      res.end('broken');
    });
    const clock = fakeTime();
    const error = await client(server, clock, { maxRetries: 3 })
      .get(`${server.base}/x`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceHttpError);
    expect((error as Error).message).toContain(`${server.host} answered 500 after 4 attempts`);
    expect(server.requests).toHaveLength(4);
    expect(clock.time.waits).toEqual([500, 1000, 2000]);
  });

  it('throws SourceHttpError for other 4xx without retrying', async () => {
    server = await serve((_req, res) => {
      res.statusCode = 403;
      res.end();
    });
    await expect(client(server, fakeTime()).get(`${server.base}/x`)).rejects.toMatchObject({ status: 403 });
    expect(server.requests).toHaveLength(1);
  });

  it('reads an answer only up to its byte cap: a longer one fails at once with a SourceTooLargeError, not retried', async () => {
    const MIB = 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    // A streamed answer with no Content-Length that would go on for 64 MiB; the client's cap is 1 MiB.
    server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const more = () => {
        while (written < 64 * MIB) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const http = client(server, fakeTime(), { maxBodyBytes: MIB });
    const failure = http.get(`${server.base}/big`);
    await expect(failure).rejects.toThrow(SourceTooLargeError);
    await expect(failure).rejects.toThrow(/answered 200 with more than 1048576 bytes/);
    await expect(failure).rejects.toBeInstanceOf(SourceHttpError);
    expect(server.requests).toHaveLength(1);
    expect(written).toBeLessThan(16 * MIB);
  });

  it('fails before reading an answer whose Content-Length is over the cap, and lets a request raise its own cap', async () => {
    const body = JSON.stringify({ elements: 'y'.repeat(2 * 1024 * 1024) });
    server = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body));
    const http = client(server, fakeTime(), { maxBodyBytes: 1024 * 1024 });
    await expect(http.postForm(`${server.base}/api/interpreter`, { data: 'q' })).rejects.toThrow(SourceTooLargeError);
    const answer = await http.postForm(`${server.base}/api/interpreter`, { data: 'q' }, { maxBytes: 4 * 1024 * 1024 });
    expect(answer.text).toBe(body);
    // The client's default is 50 MiB.
    expect((await client(server, fakeTime()).get(`${server.base}/`)).text.length).toBe(body.length);
  });

  it('throws SourceUnreachableError naming the host when nothing listens', async () => {
    server = await serve((_req, res) => res.end());
    const { host, base } = server;
    await server.close();
    const clock = fakeTime();
    const error = await client(server, clock, { maxRetries: 2 })
      .get(`${base}/x`)
      .catch((e: unknown) => e);
    server = await serve((_req, res) => res.end());
    expect(error).toBeInstanceOf(SourceUnreachableError);
    expect((error as Error).message).toMatch(new RegExp(`^${host.replace(/\./g, '\\.')} could not be reached \\(ECONNREFUSED\\) after 3 attempts`));
    expect(clock.time.waits).toHaveLength(2);
  });

  it('answers a 404 with its body and caches it', async () => {
    server = await serve((_req, res) => {
      res.statusCode = 404;
      res.end('{"status":0}');
    });
    const cache = new MapCache();
    const answer = await client(server, fakeTime(), { cache }).get(`${server.base}/missing`);
    expect(answer).toMatchObject({ status: 404, text: '{"status":0}', fromCache: false });
    expect(cache.entries.get(`${server.base}/missing`)).toMatchObject({ status: 404 });
  });

  it('revalidates with If-None-Match and serves a 304 from the cache', async () => {
    server = await serve((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304);
        res.end();
      } else {
        res.writeHead(200, { ETag: '"v1"', 'Last-Modified': 'Mon, 19 Jan 2026 06:00:00 GMT' });
        res.end('product');
      }
    });
    const cache = new MapCache();
    const clock = fakeTime();
    const http = client(server, clock, { cache });
    const first = await http.get(`${server.base}/p`);
    clock.time.now += 5000;
    const second = await http.get(`${server.base}/p`);
    expect(first).toMatchObject({ status: 200, text: 'product', fromCache: false });
    expect(second).toMatchObject({ status: 200, text: 'product', fromCache: true, fetchedAt: new Date(clock.time.now).toISOString() });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].headers).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': 'Mon, 19 Jan 2026 06:00:00 GMT' });
  });

  it('sends no request for a copy younger than freshForMs', async () => {
    server = await serve((_req, res) => res.end('data'));
    const clock = fakeTime();
    const http = client(server, clock, { cache: new MapCache() });
    await http.get(`${server.base}/d`, { freshForMs: 60_000 });
    const fresh = await http.get(`${server.base}/d`, { freshForMs: 60_000 });
    expect(fresh).toMatchObject({ text: 'data', fromCache: true });
    expect(server.requests).toHaveLength(1);
    clock.time.now += 61_000;
    const stale = await http.get(`${server.base}/d`, { freshForMs: 60_000 });
    expect(stale.fromCache).toBe(false);
    expect(server.requests).toHaveLength(2);
  });

  it('asks again for a fresh copy in a --refresh run (askingAgain), still conditionally and for form posts too', async () => {
    server = await serve((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304);
        res.end();
      } else {
        res.writeHead(200, { ETag: '"v1"' });
        res.end('overpass');
      }
    });
    const clock = fakeTime();
    const http = client(server, clock, { cache: new MapCache() });
    await http.postForm(`${server.base}/interpreter`, { data: 'q' }, { freshForMs: 86_400_000 });
    await http.get(`${server.base}/stores`, { freshForMs: 86_400_000 });
    clock.time.now += 60_000;
    // A day-fresh copy: an ordinary run sends nothing …
    expect(await http.postForm(`${server.base}/interpreter`, { data: 'q' }, { freshForMs: 86_400_000 })).toMatchObject({ fromCache: true, text: 'overpass' });
    expect(server.requests).toHaveLength(2);
    // … a refreshing one asks the service, with the kept ETag, and takes its 304 as the copy.
    const again = askingAgain(http);
    expect(await again.postForm(`${server.base}/interpreter`, { data: 'q' }, { freshForMs: 86_400_000 })).toMatchObject({ status: 200, fromCache: true, text: 'overpass' });
    expect(await again.get(`${server.base}/stores`, { freshForMs: 86_400_000 })).toMatchObject({ status: 200, fromCache: true });
    expect(server.requests.slice(2).map((r) => [r.path, r.headers['if-none-match']])).toEqual([
      ['/interpreter', '"v1"'],
      ['/stores', '"v1"'],
    ]);
    // A request that never used the cache stays as it was: no conditional headers, nothing kept.
    await again.postForm(`${server.base}/interpreter`, { data: 'other' });
    expect(server.requests.at(-1)?.headers['if-none-match']).toBeUndefined();
  });

  it('spaces requests to a host so the per-minute rate holds', async () => {
    server = await serve((_req, res) => res.end('x'));
    const clock = fakeTime();
    const http = client(server, clock, { rates: { [server.host]: { perMinute: 60 } } });
    await Promise.all([1, 2, 3].map((i) => http.get(`${server.base}/${i}`)));
    expect(clock.time.waits).toEqual([1000, 1000]);
    // Time passing counts: 400 ms later the next request waits the remaining 600 ms.
    clock.time.now += 400;
    await http.get(`${server.base}/4`);
    expect(clock.time.waits).toEqual([1000, 1000, 600]);
  });

  it('keeps a rate class apart from the rest of the host', async () => {
    server = await serve((_req, res) => res.end('x'));
    const clock = fakeTime();
    const http = client(server, clock, { rates: { [`${server.host}#product`]: { perMinute: 30 }, [server.host]: { perMinute: 600_000 } } });
    await http.get(`${server.base}/product/1`, { rateClass: 'product' });
    await http.get(`${server.base}/facet`);
    await http.get(`${server.base}/search`, { rateClass: 'search' });
    expect(clock.time.waits).toEqual([]);
    await http.get(`${server.base}/product/2`, { rateClass: 'product' });
    expect(clock.time.waits).toEqual([2000]);
  });

  it('posts a form, cached under the URL and the body only when freshForMs is asked', async () => {
    server = await serve((req, res, body) => res.end(`${req.headers['content-type']}|${body}`));
    const cache = new MapCache();
    const http = client(server, fakeTime(), { cache });
    const answer = await http.postForm(`${server.base}/interpreter`, { data: '[out:json];node(1);out;' });
    expect(answer.text).toBe('application/x-www-form-urlencoded|data=%5Bout%3Ajson%5D%3Bnode%281%29%3Bout%3B');
    expect(cache.entries.size).toBe(0);
    await http.postForm(`${server.base}/interpreter`, { data: 'a' }, { freshForMs: 60_000 });
    await http.postForm(`${server.base}/interpreter`, { data: 'a' }, { freshForMs: 60_000 });
    await http.postForm(`${server.base}/interpreter`, { data: 'b' }, { freshForMs: 60_000 });
    expect(server.requests.map((r) => r.body)).toEqual(['data=%5Bout%3Ajson%5D%3Bnode%281%29%3Bout%3B', 'data=a', 'data=b']);
    expect([...cache.entries.keys()]).toEqual([`${server.base}/interpreter\ndata=a`, `${server.base}/interpreter\ndata=b`]);
  });

  it('posts JSON (a GraphQL query) with the headers asked for, but never lets them replace the User-Agent', async () => {
    server = await serve((req, res, body) => res.end(JSON.stringify({ type: req.headers['content-type'], ua: req.headers['user-agent'], client: req.headers['x-client'], body: JSON.parse(body) })));
    const http = client(server, fakeTime());
    const answer = await http.postJson(`${server.base}/graphql`, { query: '{ a }', variables: { n: 1 } }, { headers: { 'x-client': 'web', 'User-Agent': 'spoofed' } });
    expect(JSON.parse(answer.text)).toEqual({ type: 'application/json', ua: UA, client: 'web', body: { query: '{ a }', variables: { n: 1 } } });
  });

  it('stops at a bot challenge at once: one request, no retry, a SourceBlockedError', async () => {
    server = await serve((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge' });
      res.end('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>challenge</body></html>');
    });
    const clock = fakeTime();
    const error = await client(server, clock).get(`${server.base}/kr-api/stores`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceBlockedError);
    expect((error as SourceBlockedError).status).toBe(503);
    expect(server.requests).toHaveLength(1);
    expect(clock.time.waits).toEqual([]);
  });

  it('tells a challenge page from an ordinary error answer', () => {
    const html = new Headers({ 'content-type': 'text/html' });
    expect(isBotChallenge(403, new Headers({ 'cf-mitigated': 'challenge' }), '')).toBe(true);
    expect(isBotChallenge(403, html, '<html><title>Attention Required! | Cloudflare</title></html>')).toBe(true);
    expect(isBotChallenge(503, html, '<html><body>Service temporarily unavailable</body></html>')).toBe(false);
    expect(isBotChallenge(403, new Headers({ 'content-type': 'application/json' }), '{"error":"forbidden"}')).toBe(false);
    expect(isBotChallenge(200, html, '<html>challenge</html>')).toBe(false);
  });
});
