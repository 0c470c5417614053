import { PICTURE_HOSTS } from '@hintakori/shared-util';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { randomBytes } from 'node:crypto';

/**
 * Hosts the web app loads images from: OpenStreetMap raster tiles (the map and its alternative style) and product
 * pictures on the hosts our sources' pictures are on (PICTURE_HOSTS of @hintakori/shared-util, the list ingest checks
 * picture URLs against), https only. Everything else is same-origin.
 */
export const IMAGE_HOSTS: readonly string[] = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.fr', ...PICTURE_HOSTS.map((host) => `https://${host}`)];

/**
 * The placeholder the web build (vite `html.cspNonce`) writes into index.html: the `<meta property="csp-nonce">` that
 * styled-components reads for the `<style>` elements it creates at runtime, and the nonce attribute of the built
 * script and style tags (scripts need no nonce: they are all same-origin files). The server replaces it with a fresh nonce per response.
 */
export const CSP_NONCE_PLACEHOLDER = 'HINTAKORI_CSP_NONCE';

/** The Content-Security-Policy directives of the site; `nonce` is the one of this response. */
export function contentSecurityPolicy(nonce: string): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    // styled-components injects <style> elements at runtime: allowed by nonce, never by 'unsafe-inline'.
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:', ...IMAGE_HOSTS],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The header value of contentSecurityPolicy (also what docker/nginx/web.conf.template sends, with nginx's nonce). */
export function contentSecurityPolicyHeader(nonce: string): string {
  return Object.entries(contentSecurityPolicy(nonce))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';'); // as helmet writes it
}

/** Swagger UI (/api/docs) ships an inline style block and data: images; it gets its own, looser style-src. */
const DOCS_PATH = /^\/api\/docs(\/|$)/;

/** HSTS for a year, sent only on responses that went out over TLS (req.secure honours X-Forwarded-Proto from a trusted proxy). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response (helmet): the CSP above with a per-response nonce (res.locals.cspNonce),
 * Cross-Origin-Opener-Policy same-origin, Cross-Origin-Resource-Policy same-origin, X-Content-Type-Options,
 * Referrer-Policy, X-Frame-Options DENY (for browsers without frame-ancestors), and HSTS only over TLS.
 */
export function securityHeaders(): RequestHandler[] {
  const site = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityPolicy('x'),
        'style-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Require-corp would block the map tiles and product images, which are served without CORP headers.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  const docs = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityPolicy('x'),
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  const nonceAndHsts = (req: Request, res: Response, next: NextFunction): void => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
  return [nonceAndHsts, (req, res, next) => (DOCS_PATH.test(req.path) ? docs : site)(req, res, next)];
}

/** index.html with this response's nonce in place of the build's placeholder. */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
}
