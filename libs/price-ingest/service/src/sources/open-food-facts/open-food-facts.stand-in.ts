import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

export interface OffStandInOptions {
  /** Folder with product-<ean>.json (API answers) and not-found.json (fixtures/open-food-facts). */
  fixtureDir: string;
  /** EANs whose first request is answered 429 with Retry-After: 1. */
  rateLimitedEans?: string[];
}

/** A node:http handler: true when it answered the request (an Open Food Facts API path), false to let others try. */
export type OffStandIn = ((req: IncomingMessage, res: ServerResponse) => boolean) & {
  /** Requests answered so far (304 and 429 included). */
  requests(): number;
};

const PRODUCT_PATH = /^\/api\/v2\/product\/(\d{1,14})\.json$/;

/**
 * A stand-in for the Open Food Facts product API (tests and local runs): GET /api/v2/product/{ean}.json from the
 * fixtures with an ETag (If-None-Match → 304), 404 with the not-found body for other EANs.
 */
export function offStandIn(options: OffStandInOptions): OffStandIn {
  const rateLimited = new Set(options.rateLimitedEans ?? []);
  let count = 0;
  const handler = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const match = PRODUCT_PATH.exec(path);
    if (req.method !== 'GET' || !match) return false;
    count++;
    const ean = match[1];
    if (rateLimited.delete(ean)) {
      res.writeHead(429, { 'Retry-After': '1', 'Content-Type': 'text/plain' });
      res.end('Too Many Requests');
      return true;
    }
    const file = join(options.fixtureDir, `product-${ean}.json`);
    if (!existsSync(file)) {
      const notFound = JSON.parse(readFileSync(join(options.fixtureDir, 'not-found.json'), 'utf8')) as Record<string, unknown>;
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ ...notFound, code: ean }));
      return true;
    }
    const body = readFileSync(file, 'utf8');
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag });
      res.end();
      return true;
    }
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', ETag: etag });
    res.end(body);
    return true;
  };
  return Object.assign(handler, { requests: () => count });
}
