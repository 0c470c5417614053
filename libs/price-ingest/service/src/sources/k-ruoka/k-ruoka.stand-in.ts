import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

export interface KRuokaStandInOptions {
  fixtureDir: string;
  /** Answer every `/kr-api` request with the bot challenge (as K-Ruoka's Cloudflare does to an unknown client). */
  challengeAll?: boolean;
  /** Offers per `search-offers` page; default 48 (the real page size). */
  pageSize?: number;
}

export interface KRuokaRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  buildNumber: string | null;
}

export interface KRuokaStandIn {
  (req: IncomingMessage, res: ServerResponse): boolean;
  /** The `/kr-api` requests seen, in order (the body once read). */
  requests(): KRuokaRequest[];
  /** Switch the challenge of every request on or off. */
  setChallengeAll(on: boolean): void;
}

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/**
 * A stand-in for K-Ruoka's `kr-api` over the fixtures of `fixtureDir` (see its README.md), at the real paths:
 * - `GET /kr-api/stores` → `stores.json`;
 * - `GET /kr-api/search-offers/?storeId=&offset=` → `offers-<store>.json` paged (`totalHits`, `results`), or
 *   `offers-<store>.txt` as it is (a truncated answer);
 * - `POST /kr-api/fetch-offers` `{storeId, offerIds}` → the offers of `fetch-offers-<store>.json` asked for;
 * - `POST /kr-api/v2/product-search/{term}?storeId=` → the hits of `products-<store>.json` whose EAN is the term
 *   (or whose Finnish name contains it).
 * Like the real API it answers 409 to a request without `X-K-Build-Number`. The stores of `challenge.json`
 * (`storeIds`) answer their offer listings and offer fetches (the whole-assortment round, so the stores before them
 * are priced first), and every request when the challenge is switched on, with
 * Cloudflare's challenge: 503, `cf-mitigated: challenge`, the HTML page `challenge.html`. Returns false for any
 * path outside `/kr-api/`.
 */
export function kRuokaStandIn(options: KRuokaStandInOptions): KRuokaStandIn {
  const dir = options.fixtureDir;
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const files = new Set(readdirSync(dir));
  const challengePage = files.has('challenge.html') ? read('challenge.html') : '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>challenge</body></html>';
  const challenged = new Set<string>(files.has('challenge.json') ? (JSON.parse(read('challenge.json')) as { storeIds: string[] }).storeIds : []);
  const pageSize = options.pageSize ?? 48;
  let challengeAll = options.challengeAll ?? false;
  const seen: KRuokaRequest[] = [];

  const fixture = (file: string): unknown => (files.has(file) ? JSON.parse(read(file)) : null);
  const challenge = (res: ServerResponse) => {
    res.writeHead(503, { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge', 'cache-control': 'private, max-age=0, no-store' }).end(challengePage);
  };
  const sendJson = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, JSON_TYPE).end(JSON.stringify(body));

  const answer = (entry: KRuokaRequest, res: ServerResponse) => {
    if (challengeAll) return challenge(res);
    if (entry.buildNumber === null || !/^\d+$/.test(entry.buildNumber)) return sendJson(res, 409, { message: 'X-K-Build-Number missing' });
    const storeId = entry.query.get('storeId') ?? (typeof entry.body === 'object' && entry.body !== null ? String((entry.body as Record<string, unknown>).storeId ?? '') : '');
    if (entry.method === 'GET' && entry.path === '/kr-api/stores') return sendJson(res, 200, fixture('stores.json'));
    if (entry.method === 'GET' && (entry.path === '/kr-api/search-offers/' || entry.path === '/kr-api/search-offers')) {
      if (challenged.has(storeId)) return challenge(res);
      if (files.has(`offers-${storeId}.txt`)) return res.writeHead(200, JSON_TYPE).end(read(`offers-${storeId}.txt`));
      const all = (fixture(`offers-${storeId}.json`) as { results?: unknown[]; categoryName?: string } | null) ?? { results: [] };
      const results = all.results ?? [];
      const offset = Math.max(0, Number(entry.query.get('offset') ?? '0') || 0);
      if (offset >= K_RUOKA_STAND_IN_MAX_OFFSET) return sendJson(res, 400, { message: 'offset too large' });
      return sendJson(res, 200, { totalHits: results.length, storeId, results: results.slice(offset, offset + pageSize), categoryName: all.categoryName ?? '', suggestions: [] });
    }
    if (entry.method === 'POST' && entry.path === '/kr-api/fetch-offers') {
      if (challenged.has(storeId)) return challenge(res);
      const ids = new Set(Array.isArray((entry.body as { offerIds?: unknown })?.offerIds) ? ((entry.body as { offerIds: unknown[] }).offerIds as string[]) : []);
      const known = ((fixture(`fetch-offers-${storeId}.json`) as { offers?: { id: string }[] } | null)?.offers ?? []).filter((o) => ids.has(o.id));
      return sendJson(res, 200, { storeId, offers: known });
    }
    const search = /^\/kr-api\/v2\/product-search\/([^/]+)$/.exec(entry.path);
    if (entry.method === 'POST' && search) {
      // A challenged store's searches answer (nothing found): its offer listing, read in the last round, is challenged.
      const term = decodeURIComponent(search[1]).toLowerCase();
      const hits = ((fixture(`products-${storeId}.json`) as { result?: { product: { ean?: string; localizedName?: { finnish?: string } } }[] } | null)?.result ?? []).filter(
        (hit) => hit.product.ean === term || (!/^\d+$/.test(term) && (hit.product.localizedName?.finnish ?? '').toLowerCase().includes(term)),
      );
      const limit = Number(entry.query.get('limit') ?? '48') || 48;
      return sendJson(res, 200, { result: hits.slice(0, limit), totalHits: hits.length, suggestions: [] });
    }
    // An unknown /kr-api path: K-Ruoka answers an ordinary 404.
    res.writeHead(404, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html><body>Not found</body></html>');
  };

  const handler = ((req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (!url.pathname.startsWith('/kr-api/')) return false;
    const header = req.headers['x-k-build-number'];
    const entry: KRuokaRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body: null, buildNumber: typeof header === 'string' ? header : null };
    seen.push(entry);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text !== '') {
        try {
          entry.body = JSON.parse(text);
        } catch {
          entry.body = text;
        }
      }
      answer(entry, res);
    });
    return true;
  }) as KRuokaStandIn;
  handler.requests = () => [...seen];
  handler.setChallengeAll = (on) => {
    challengeAll = on;
  };
  return handler;
}

const K_RUOKA_STAND_IN_MAX_OFFSET = 1000;

