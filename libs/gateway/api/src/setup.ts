import { APP_CONFIG } from '@hintakori/platform-config';
import { CACHE_STORE, CacheStore } from '@hintakori/platform-cache';
import { PRICE_REPORT_LIMITS } from '@hintakori/price-ingest-contracts';
import { serveOnMetricsPort } from '@hintakori/platform-telemetry';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Backend } from './backend';
import { cachedCategories, cachedItem } from './controllers/catalog.controller';
import { HealthController, readinessProbe } from './controllers/health.controller';
import { apiCompression } from './http/api-compression';
import { bodyParserErrorMiddleware, GatewayExceptionFilter } from './http/exception.filter';
import { methodNotAllowedMiddleware } from './http/method-not-allowed';
import { hoistNamedSchemas } from './http/named-schemas';
import { extensionDownloads } from './http/extension-downloads';
import { ownerCookieMiddleware } from './http/owner-cookie';
import { clientKey } from './http/client-key';
import type { GatewayConfig } from './gateway-config';
import type { PageOptions } from './http/page-options';
import { rateLimitMiddleware } from './http/rate-limit';
import { firstScreens, withFirstScreen } from './http/first-screen';
import { ResponseCache, responseContextMiddleware } from './http/response-cache';
import { routeHintsReader, withRouteHints } from './http/route-hints';
import { securityHeaders, withNonce } from './http/security-headers';

export interface GatewaySetupOptions {
  /** Folder of the built web app; served with a fallback to index.html for client-side routes. */
  webRoot?: string;
  /** The server part of the web build (a new visitor's first screen); default dist/apps/web-ssr/first-screen.cjs. */
  firstScreenModule?: string;
  /** Folder of the built browser extension zips (dist/extension), served at /lisaosa/<zip>. */
  extensionRoot?: string;
  rateLimitPerMinute?: number;
  /** The pages' rate limit and first-screen budget; default the gateway config's (GatewayConfig.pages). */
  pages?: PageOptions;
  /** How long a page waits for its first screen (default 800 ms; tests hold renders longer). */
  firstScreenTimeoutMs?: number;
}

/** Everything around the controllers: /api prefix, cookies, limits, errors, OpenAPI, the web app. */
export function configureGateway(app: NestExpressApplication, options: GatewaySetupOptions = {}): void {
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  app.setGlobalPrefix('api');
  // A price report is about 200 bytes: its route reads at most 4 kB (413 beyond), before the others' 100 kB parser.
  app.use('/api/price-reports', express.json({ limit: PRICE_REPORT_LIMITS.maxBodyBytes }));
  app.useBodyParser('json', { limit: '100kb' });
  app.use(bodyParserErrorMiddleware);
  app.use(cookieParser());
  app.use(securityHeaders());
  app.use('/api', apiCompression());
  app.use('/api', responseContextMiddleware);
  const limits = app.get<CacheStore>(CACHE_STORE);
  const config = app.get<GatewayConfig>(APP_CONFIG);
  const pages = options.pages ?? config.pages;
  app.use('/api', rateLimitMiddleware(limits, options.rateLimitPerMinute ?? config.rateLimitPerMinute));
  app.use('/api', ownerCookieMiddleware(config.cookieSecure));
  app.useGlobalFilters(new GatewayExceptionFilter());
  // The full readiness report (each service, the breakers, the cache, the prices' freshness) only on the internal
  // probe port, the metrics port (METRICS_PORT): GET /ready there. The public /api/ready answers the state only.
  // (The gateway of this process: a second one configured in the same process, a test's, takes the route over.)
  serveOnMetricsPort('/ready', readinessProbe(() => app.get(HealthController)));

  const document = apiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  // 405 with Allow for a method a documented path does not have (before the routes; unknown paths stay 404).
  app.use('/api', methodNotAllowedMiddleware(document));

  const webRoot = options.webRoot ?? path.resolve(process.cwd(), 'dist/apps/web');
  const indexHtml = path.join(webRoot, 'index.html');
  const routeHints = routeHintsReader(webRoot);
  // The category list and the product through the API's own cached reads (catalog.controller.ts).
  // Looked up when first needed: an app without them (a test's) just sends no first screen.
  const firstScreen = firstScreens(options.firstScreenModule ?? path.resolve(webRoot, '../web-ssr/first-screen.cjs'), {
    categories: async () => (await cachedCategories(app.get(ResponseCache), app.get(Backend))).toJSON(),
    item: async (id) => (await cachedItem(app.get(ResponseCache), app.get(Backend), id, [])).toJSON(),
  }, { maxRenders: pages.maxRenders, rendersPerClientPerMinute: pages.rendersPerClientPerMinute, timeoutMs: options.firstScreenTimeoutMs });
  // The pages count on their own (a flood of pages never uses up a client's API allowance, nor the API theirs).
  const pageLimit = rateLimitMiddleware(limits, pages.perMinute, { prefix: 'rlp', reject: tooManyPages });
  app.use(extensionDownloads(options.extensionRoot ?? path.resolve(process.cwd(), 'dist/extension')));
  app.use(precompressedAssets(webRoot));
  app.use(webAssets(webRoot));
  // The pages are built per request (the nonce, the first screen): compressed as they are sent, like the API's JSON.
  const pageCompression = apiCompression();
  const sendPage = (req: Request, res: Response, next: NextFunction) => {
    if (existsSync(indexHtml)) {
      // index.html carries this response's CSP nonce, so it is never stored by caches.
      // With the module preloads of the page shown at this address (route-hints.json of the build), and a new
      // visitor's first screen of the shopper pages (http/first-screen.ts).
      // Over the first-screen budget (renders at once, the client's share) the page is the plain app shell.
      const screen = firstScreen({ path: req.path, query: req.query, cookies: req.cookies, client: clientKey(req.ip) });
      return void Promise.all([readFile(indexHtml, 'utf8'), routeHints(), screen]).then(
        ([html, hints, screen]) =>
          res
            .setHeader('Cache-Control', 'no-cache, no-store')
            .type('html')
            .send(withNonce(withFirstScreen(withRouteHints(html, hints, req.path), screen), String(res.locals.cspNonce))),
        next,
      );
    }
    res.type('html').send(PLACEHOLDER_PAGE);
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    // Operational paths are never the web app: Prometheus metrics are on METRICS_PORT only; these answer 404.
    if (OPERATIONAL_PATHS.test(req.path)) return next();
    void pageLimit(req, res, (limitError?: unknown) =>
      limitError ? next(limitError) : pageCompression(req, res, (error?: unknown) => (error ? next(error) : sendPage(req, res, next))),
    );
  });
  // Unmatched /api routes fall through to Nest's own 404, which the exception filter answers as JSON.
}

/** The OpenAPI document of the app's routes (served at /api/docs-json), generated from their contracts. */
export function apiDocument(app: INestApplication): OpenAPIObject {
  return hoistNamedSchemas(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Hintakori API')
        .setDescription('Grocery price comparison across S group, K group and Lidl stores. Prices are integer cents.')
        .setVersion('1.0')
        .setOpenAPIVersion('3.1.0')
        .addCookieAuth('hk_admin', { type: 'apiKey', in: 'cookie', name: 'hk_admin', description: 'Admin session (POST /api/admin/session)' }, 'hk_admin')
        .build(),
    ),
  );
}

const OPERATIONAL_PATHS = /^\/(metrics|health|ready)(\/|$)/;

/** Files the browser must check on every visit: the page, the service worker and the web app manifest. */
const REVALIDATED_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/**
 * Cache-Control of a web app file: built chunks carry a content hash in their name (static/js, static/media)
 * and are cached for a year; the service worker, manifest and page are revalidated every time (so a new
 * version of the app is found on the next visit); null leaves express's default (1 h) for the rest.
 */
export function assetCacheControl(filePath: string): string | null {
  if (filePath.includes(`${path.sep}static${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (REVALIDATED_FILES.has(path.basename(filePath))) return 'no-cache';
  return null;
}

/**
 * The web build's files, except index.html: a request for /index.html (the service worker precaches it as its
 * offline shell) falls through to the page handler, which puts this response's CSP nonce into it. Served raw,
 * it would carry the build's placeholder nonce under a header with a fresh one, and every style styled-components
 * injects would be refused: a blank page on each visit the service worker answers.
 */
export function webAssets(webRoot: string) {
  const files = express.static(webRoot, { index: false, maxAge: '1h', setHeaders: assetCacheHeaders });
  return (req: Request, res: Response, next: NextFunction): void => {
    // No file of the web build is under /api/: an API request goes on without a stat() of the disk (0.9 ms a
    // request in a CPU profile of uncached searches on the standalone profile).
    if (req.path === '/index.html' || req.path.startsWith('/api/')) return next();
    files(req, res, next);
  };
}

function assetCacheHeaders(res: Response, filePath: string): void {
  const cacheControl = assetCacheControl(filePath);
  if (cacheControl) res.setHeader('Cache-Control', cacheControl);
}

const PRECOMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the .br / .gz files the web build writes beside each text asset to clients that accept them
 * (no compression work per request). Anything else falls through to express.static.
 */
export function precompressedAssets(webRoot: string) {
  const root = path.resolve(webRoot);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = PRECOMPRESSED_TYPES[path.extname(req.path)];
    if (!type || req.path.startsWith('/api/')) return next();
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(req.path)}`);
    } catch {
      return next(); // malformed escape: let express.static answer it
    }
    if (!file.startsWith(root + path.sep)) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) && existsSync(`${file}.br`) ? 'br' : /\bgzip\b/.test(accepted) && existsSync(`${file}.gz`) ? 'gzip' : null;
    res.setHeader('Vary', 'Accept-Encoding');
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding);
    res.type(type);
    const cacheControl = assetCacheControl(file);
    if (cacheControl) res.setHeader('Cache-Control', cacheControl);
    res.sendFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, cacheControl ? { cacheControl: false } : { maxAge: '1h' }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        next();
      }
    });
  };
}

/** A client over the pages' rate limit: a short page in Finnish (Retry-After says when to come back). */
function tooManyPages(res: Response, perMinute: number): void {
  res.status(429).setHeader('Cache-Control', 'no-store').type('html').send(TOO_MANY_PAGES.replace('{perMinute}', String(perMinute)));
}

const TOO_MANY_PAGES = `<!doctype html><html lang="fi"><head><meta charset="utf-8"><title>Liian monta sivua – Hintakori</title></head>
<body><h1>Liian monta sivua</h1><p>Tästä osoitteesta on avattu yli {perMinute} sivua minuutissa. Odota hetki ja yritä sitten uudelleen.</p></body></html>`;

const PLACEHOLDER_PAGE = `<!doctype html><html lang="fi"><head><meta charset="utf-8"><title>Hintakori</title>
<meta name="description" content="Vertaa ruoan hintoja S-ryhmän, K-ryhmän ja Lidlin kaupoissa."></head>
<body><h1>Hintakori</h1><p>Verkkosovellusta ei ole vielä käännetty. Rajapinta vastaa osoitteessa <a href="/api/docs">/api/docs</a>.</p></body></html>`;
