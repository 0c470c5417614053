import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

/** One GraphQL request the stand-in answered. */
export interface SKaupatStandInRequest {
  operationName: string;
  variables: Record<string, unknown>;
  query: string;
}

export interface SKaupatStandIn {
  (req: IncomingMessage, res: ServerResponse): boolean;
  /** The requests seen, in order. */
  requests(): SKaupatStandInRequest[];
}

type Json = Record<string, unknown>;

interface Special {
  operationName: string;
  storeId?: string;
  slug?: string;
  from?: number;
  status?: number;
  file: string;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A stand-in for S-kaupat's GraphQL API (`POST /` of api.s-kaupat.fi, body `{operationName, variables, query}`) over
 * the fixtures of `fixtureDir`:
 * - `RemoteStoreSearch`: `stores-<BRAND>-<n>.json` answer page n of `variables.brand`; page 1 for a null cursor, page
 *   n+1 for the cursor page n answered (an unknown cursor answers a GraphQL error like a bad cursor would);
 * - `RemoteStoreOpeningHours`: the aliased `s0`, `s1` … store ids from `hours.json` (`{ "<id>": store | null }`);
 * - `RemoteNavigation`, `RemoteProductsByEans`, `RemoteFilteredProducts`: `assortment-<storeId>.json`
 *   (`{ navigation, products }`): the navigation; the products whose EAN was asked (at most `limit`); the products of a
 *   category (a `hierarchyPath` slug equal to `slug`), `from`/`limit` paged, with `total`;
 * - `special.json`: answers that replace these for an operation (and store, slug, page): a file served as it is.
 * The query must be full text naming its operation (a persisted-query hash alone answers PERSISTED_QUERY_NOT_FOUND,
 * as the real API does for an unknown hash). Returns false for anything but `POST /`.
 */
export function sKaupatStandIn(options: { fixtureDir: string }): SKaupatStandIn {
  const dir = options.fixtureDir;
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const files = readdirSync(dir);
  const pages = new Map<string, string>(); // `${brand}|${cursor ?? ''}` → body
  const byBrand = new Map<string, { n: number; file: string }[]>();
  for (const file of files) {
    const match = /^stores-([A-Z_]+)-(\d+)\.json$/.exec(file);
    if (match) byBrand.set(match[1], [...(byBrand.get(match[1]) ?? []), { n: Number(match[2]), file }]);
  }
  for (const [brand, list] of byBrand) {
    let cursor = '';
    for (const { file } of list.sort((a, b) => a.n - b.n)) {
      const body = read(file);
      pages.set(`${brand}|${cursor}`, body);
      const next = (JSON.parse(body) as { data?: { searchStores?: { cursor?: unknown } } }).data?.searchStores?.cursor;
      cursor = typeof next === 'string' ? next : '\u0000end';
    }
  }
  const hours = files.includes('hours.json') ? (JSON.parse(read('hours.json')) as Record<string, unknown>) : {};
  const assortments = new Map<string, { navigation: unknown[]; products: Json[] }>();
  for (const file of files) {
    const match = /^assortment-(\d+)\.json$/.exec(file);
    if (match) assortments.set(match[1], JSON.parse(read(file)));
  }
  const specials: Special[] = files.includes('special.json') ? JSON.parse(read('special.json')).answers : [];
  const seen: SKaupatStandInRequest[] = [];

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const error = (message: string, code: string) => ({ errors: [{ message, extensions: { code } }] });

  const respond = (res: ServerResponse, request: SKaupatStandInRequest) => {
    const v = request.variables;
    const storeId = typeof v.storeId === 'string' ? v.storeId : typeof v.id === 'string' ? v.id : undefined;
    const special = specials.find(
      (s) => s.operationName === request.operationName && (s.storeId === undefined || s.storeId === storeId) && (s.slug === undefined || s.slug === v.slug) && (s.from === undefined || s.from === v.from),
    );
    if (special) return answer(res, special.status ?? 200, read(special.file));
    const products = (id: string | undefined, list: Json[], total: number) => ({ data: { store: id === undefined ? null : { id, products: { total, productListItems: list.map((product) => ({ product })) } } } });
    switch (request.operationName) {
      case 'RemoteStoreSearch': {
        const body = pages.get(`${String(v.brand)}|${typeof v.cursor === 'string' ? v.cursor : ''}`);
        if (body !== undefined) return answer(res, 200, body);
        if (!byBrand.has(String(v.brand))) return answer(res, 200, { data: { searchStores: { totalCount: 0, cursor: null, stores: [] } } });
        return answer(res, 200, { data: { searchStores: null }, ...error('Invalid cursor', 'BAD_USER_INPUT') });
      }
      case 'RemoteStoreOpeningHours': {
        const data: Json = {};
        for (const [alias, id] of Object.entries(v)) data[alias] = hours[String(id)] ?? null;
        return answer(res, 200, { data });
      }
      case 'RemoteNavigation': {
        const store = storeId === undefined ? undefined : assortments.get(storeId);
        return answer(res, 200, { data: { store: storeId === undefined ? null : { id: storeId, navigation: store?.navigation ?? [] } } });
      }
      case 'RemoteProductsByEans': {
        const eans = Array.isArray(v.eans) ? v.eans : [];
        const list = (assortments.get(storeId ?? '')?.products ?? []).filter((p) => eans.includes(p.ean));
        const limit = typeof v.limit === 'number' ? v.limit : 24;
        return answer(res, 200, products(storeId, list.slice(0, limit), list.length));
      }
      case 'RemoteFilteredProducts': {
        const slug = typeof v.slug === 'string' ? v.slug : '';
        const list = (assortments.get(storeId ?? '')?.products ?? []).filter((p) => Array.isArray(p.hierarchyPath) && p.hierarchyPath.some((h) => isObject(h) && h.slug === slug));
        const from = typeof v.from === 'number' ? v.from : 0;
        const limit = typeof v.limit === 'number' ? v.limit : 24;
        return answer(res, 200, products(storeId, list.slice(from, from + limit), list.length));
      }
      default:
        return answer(res, 400, error(`Unknown operation ${JSON.stringify(request.operationName)}`, 'GRAPHQL_VALIDATION_FAILED'));
    }
  };

  const handler = ((req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method !== 'POST' || url.pathname !== '/') return false;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(res, 400, error('POST body missing or not JSON', 'BAD_REQUEST'));
      }
      if (!isObject(body) || typeof body.operationName !== 'string') return answer(res, 400, error('operationName missing', 'BAD_REQUEST'));
      if (typeof body.query !== 'string') return answer(res, 200, error('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND'));
      if (!new RegExp(`^query ${body.operationName}\\b`).test(body.query)) return answer(res, 400, error(`query text does not define ${body.operationName}`, 'GRAPHQL_VALIDATION_FAILED'));
      const request = { operationName: body.operationName, variables: isObject(body.variables) ? body.variables : {}, query: body.query };
      seen.push(request);
      respond(res, request);
    });
    return true;
  }) as SKaupatStandIn;
  handler.requests = () => [...seen];
  return handler;
}
