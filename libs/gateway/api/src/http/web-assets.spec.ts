import express from 'express';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { webAssets } from '../setup';
import { securityHeaders, withNonce } from './security-headers';

describe('webAssets', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'hk-web-assets-'));
  writeFileSync(path.join(root, 'index.html'), '<meta property="csp-nonce" nonce="HINTAKORI_CSP_NONCE">');
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n');

  const app = express();
  app.use(securityHeaders());
  app.use(webAssets(root));
  // The page handler of configureGateway, reduced: index.html with this response's nonce.
  app.use((_req, res) => res.type('html').send(withNonce('<meta property="csp-nonce" nonce="HINTAKORI_CSP_NONCE">', String(res.locals.cspNonce))));

  it.each(['/index.html', '/', '/lisaosa'])('answers %s with the page whose nonce is the one of its CSP header', async (url) => {
    const res = await request(app).get(url).expect(200);
    const header = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(header).toBeTruthy();
    expect(res.text).toBe(`<meta property="csp-nonce" nonce="${header}">`);
  });

  it('leaves /api/ paths to the API even when the build has a file there', async () => {
    mkdirSync(path.join(root, 'api'), { recursive: true });
    writeFileSync(path.join(root, 'api', 'items'), 'not the API');
    const api = express();
    api.use(webAssets(root));
    api.use((_req, res) => res.json({ api: true }));
    expect((await request(api).get('/api/items').expect(200)).body).toEqual({ api: true });
  });

  it('serves the other files of the build as they are', async () => {
    expect((await request(app).get('/robots.txt').expect(200)).text).toBe('User-agent: *\n');
  });
});
