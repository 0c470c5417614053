import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { LIDL_SEARCH_PATH, LIDL_STORES_API_KEY, LIDL_STORES_PATH } from './lidl-pull.adapter';

export interface LidlStandIn {
  (req: IncomingMessage, res: ServerResponse): boolean;
  /** The requests answered, in order: `stores` or `search` and the query string. */
  requests(): { path: 'stores' | 'search'; query: URLSearchParams; apiKey: string | null }[];
}

/**
 * A stand-in for both of Lidl's services over the fixtures of `fixtureDir`, at their real paths, so that one base
 * URL replaces both:
 * - the store API, `GET /odj/stores-api/v2/myapi/stores-frontend/stores?country_code=FI&offset=<n>`:
 *   `stores-offset-<n>.json` (an empty page for another country or offset); 401 without the public `x-apikey`, as the
 *   real API answers;
 * - lidl.fi's search API, `GET /q/api/search`: with `store=1` the offers list `search-offers.json`; with `q=<term>`
 *   `search-q-<term>.json` (no such file: an answer with nothing found); else the assortment page at `offset`,
 *   `search-assortment-offset-<n>.json` or, cut, `search-assortment-offset-<n>-truncated.txt` (cut every time, so a
 *   retry fails too); an offset past the pages: nothing found.
 * Returns false for any other path (the caller answers it).
 */
export function lidlStandIn(options: { fixtureDir: string; apiKey?: string }): LidlStandIn {
  const apiKey = options.apiKey ?? LIDL_STORES_API_KEY;
  const files = new Map<string, string>();
  for (const file of readdirSync(options.fixtureDir)) {
    if (/\.(json|txt)$/.test(file)) files.set(file, readFileSync(join(options.fixtureDir, file), 'utf8'));
  }
  const seen: { path: 'stores' | 'search'; query: URLSearchParams; apiKey: string | null }[] = [];
  const json = (res: ServerResponse, status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  const nothingFound = (query: URLSearchParams) =>
    JSON.stringify({
      type: 'search',
      version: 'v2.1.0',
      locale: 'fi_FI',
      assortment: 'FI',
      resultType: 'PRODUCT',
      numFound: 0,
      offset: Number(query.get('offset') ?? 0),
      fetchsize: Number(query.get('fetchsize') ?? 0),
      maxfetchsize: 1000,
      items: [],
    });

  const handler = ((req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname !== LIDL_STORES_PATH && url.pathname !== LIDL_SEARCH_PATH) return false;
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET', 'content-type': 'text/plain' }).end('method not allowed');
      return true;
    }
    const query = url.searchParams;
    const header = req.headers['x-apikey'];
    const key = typeof header === 'string' ? header : null;
    if (url.pathname === LIDL_STORES_PATH) {
      seen.push({ path: 'stores', query, apiKey: key });
      if (key !== apiKey) {
        json(res, 401, JSON.stringify({ message: 'Unauthorized' }));
        return true;
      }
      const offset = Number(query.get('offset') ?? 0);
      const body = query.get('country_code') === 'FI' ? files.get(`stores-offset-${offset}.json`) : undefined;
      json(res, 200, body ?? JSON.stringify({ meta: { offset, limit: Number(query.get('limit') ?? 0), total: 0 }, items: [] }));
      return true;
    }
    seen.push({ path: 'search', query, apiKey: key });
    const offset = Number(query.get('offset') ?? 0);
    let body: string | undefined;
    if (query.get('store') === '1') body = offset === 0 ? files.get('search-offers.json') : undefined;
    else if (query.has('q')) body = offset === 0 ? files.get(`search-q-${query.get('q')}.json`) : undefined;
    else body = files.get(`search-assortment-offset-${offset}.json`) ?? files.get(`search-assortment-offset-${offset}-truncated.txt`);
    json(res, 200, body ?? nothingFound(query));
    return true;
  }) as LidlStandIn;
  handler.requests = () => [...seen];
  return handler;
}
