import { PICTURE_HOSTS } from '@hintakori/shared-util';
import express from 'express';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { contentSecurityPolicy, contentSecurityPolicyHeader, HSTS, securityHeaders } from './security-headers';

function app() {
  const server = express();
  server.set('trust proxy', 'loopback');
  server.use(securityHeaders());
  server.get('/page', (_req, res) => res.type('html').send(`<meta property="csp-nonce" nonce="${res.locals.cspNonce}">`));
  server.get('/api/docs', (_req, res) => res.type('html').send('docs'));
  return server;
}

describe('security headers', () => {
  it('sends a CSP whose style nonce is fresh per response and matches the page', async () => {
    const first = await request(app()).get('/page');
    const second = await request(app()).get('/page');
    const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(first.headers['content-security-policy'])?.[1];
    expect(nonce).toBeDefined();
    expect(first.text).toContain(`nonce="${nonce}"`);
    expect(second.headers['content-security-policy']).not.toContain(nonce);
    expect(first.headers['content-security-policy']).toBe(contentSecurityPolicyHeader(nonce!));
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when the request came over TLS through a trusted proxy', async () => {
    expect((await request(app()).get('/page')).headers['strict-transport-security']).toBeUndefined();
    const tls = await request(app()).get('/page').set('X-Forwarded-Proto', 'https');
    expect(tls.headers['strict-transport-security']).toBe(HSTS);
  });

  it('lets Swagger UI use its inline styles, and only it', async () => {
    const docs = await request(app()).get('/api/docs');
    expect(docs.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect((await request(app()).get('/page')).headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('is the same policy the web image sends from nginx', () => {
    const nginx = readFileSync(path.resolve(__dirname, '../../../../../docker/nginx/security-headers.conf'), 'utf8');
    const policy = /add_header Content-Security-Policy "([^"]+)" always;/.exec(nginx)?.[1];
    expect(policy).toBe(contentSecurityPolicyHeader('$request_id'));
  });

  // The hosts our sources' pictures are on (the picture URLs in libs/price-ingest/service/fixtures): a picture from a
  // host the policy does not name is refused by the browser, and the product shows none.
  it.each(['images.openfoodfacts.org', 'static.openfoodfacts.org', 'cdn.s-cloud.fi', 'public.keskofiles.com', 'imgproxy-retcat.assets.schwarz'])(
    'lets product pictures load from https://%s',
    async (host) => {
      expect(contentSecurityPolicy('x')['img-src']).toContain(`https://${host}`);
      const header = String((await request(app()).get('/page')).headers['content-security-policy']);
      expect(/img-src ([^;]+)/.exec(header)?.[1].split(' ')).toContain(`https://${host}`);
    },
  );

  it('allows every host of the shared picture list, and none over plain http', () => {
    const imgSrc = contentSecurityPolicy('x')['img-src'];
    for (const host of PICTURE_HOSTS) expect(imgSrc).toContain(`https://${host}`);
    expect(imgSrc.filter((source) => source.startsWith('http:'))).toEqual([]);
  });
});
