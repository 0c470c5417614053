import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

export interface OpenPricesStandIn {
  (req: IncomingMessage, res: ServerResponse): boolean;
  /** The query strings of the `GET /api/v1/prices` requests seen, in order. */
  queries(): URLSearchParams[];
}

/**
 * A stand-in for Open Prices' `GET /api/v1/prices` over the fixture pages of `fixtureDir` (`prices-page-<n>.json`,
 * `prices-page-<n>-truncated.txt`): page n answers that fixture whatever the filters; a truncated page answers cut
 * every time (so the adapter's one retry fails too); a page past the last answers 404 like Open Prices. Returns false
 * for any other request (the caller answers it).
 */
export function openPricesStandIn(options: { fixtureDir: string }): OpenPricesStandIn {
  const pages = new Map<number, string>();
  for (const file of readdirSync(options.fixtureDir)) {
    const match = /^prices-page-(\d+)(-truncated\.txt|\.json)$/.exec(file);
    if (match) pages.set(Number(match[1]), readFileSync(join(options.fixtureDir, file), 'utf8'));
  }
  const seen: URLSearchParams[] = [];
  const handler = ((req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method !== 'GET' || url.pathname !== '/api/v1/prices') return false;
    seen.push(url.searchParams);
    const page = Number(url.searchParams.get('page') ?? '1');
    const body = pages.get(page);
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Invalid page.' }));
      return true;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return true;
  }) as OpenPricesStandIn;
  handler.queries = () => [...seen];
  return handler;
}
