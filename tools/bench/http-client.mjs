// The HTTP client of the API benchmark (tools/bench/api.mjs). It does what a browser does with an answer — asks
// for a compressed body (`accept-encoding: gzip, deflate`, what Node's fetch sends over plain HTTP), reads the
// whole body, decompresses it and checks the status — with as little CPU of its own as Node allows: `node:http`
// over a keep-alive agent with one socket per request in flight, and a one-shot synchronous inflate of the
// received bytes. The bench client shares the machine's cores with the server under test, so every millisecond
// it spends is one the server does not get; the bench prints the client's CPU per request beside each row.
import http from 'node:http';
import zlib from 'node:zlib';

/** What Node's fetch (undici) asks for over plain HTTP; browsers add br/zstd only over HTTPS. */
export const ACCEPT_ENCODING = 'gzip, deflate';

function decode(encoding, body) {
  if (!encoding || encoding === 'identity') return body;
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(body);
  // HTTP's "deflate" is meant to be zlib-wrapped, but some servers send raw deflate (what fetch accepts too).
  if (encoding === 'deflate') return (body[0] & 0x0f) === 0x08 ? zlib.inflateSync(body) : zlib.inflateRawSync(body);
  throw new Error(`unexpected content-encoding "${encoding}"`);
}

/**
 * A client for one origin (`http://host:port`) holding up to `connections` keep-alive sockets.
 * `request(path, { method, json })` resolves `{ status, ok, body }` with `body` the decompressed bytes (a Buffer);
 * it rejects on a network error or an undecodable body.
 */
export function createClient(origin, { connections }) {
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  function request(path, { method = 'GET', json } = {}) {
    const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const headers = { 'accept-encoding': ACCEPT_ENCODING };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
    return new Promise((resolve, reject) => {
      const req = http.request({ hostname, port, path, method, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const body = decode(res.headers['content-encoding'], chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
            resolve({ status: res.statusCode, ok: res.statusCode >= 200 && res.statusCode < 300, body });
          } catch (error) {
            reject(error);
          }
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
  return { request, close: () => agent.destroy() };
}

/**
 * The same requests through Node's fetch, reading the whole (fetch-decompressed) body: the bench's client before
 * this one, kept for A/B runs (`BENCH_CLIENT=fetch`).
 */
export function createFetchClient(origin) {
  async function request(path, { method = 'GET', json } = {}) {
    const init = json === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) };
    const response = await fetch(`${origin}${path}`, init);
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, ok: response.ok, body };
  }
  return { request, close: () => {} };
}
