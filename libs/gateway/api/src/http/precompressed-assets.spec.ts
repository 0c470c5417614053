import express from 'express';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { assetCacheControl, precompressedAssets } from '../setup';

describe('precompressedAssets', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'hk-web-'));
  const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  mkdirSync(path.join(root, 'static/js'), { recursive: true });
  writeFileSync(path.join(root, 'static/js/app-abc.js'), js);
  writeFileSync(path.join(root, 'static/js/app-abc.js.gz'), gzipSync(js));
  writeFileSync(path.join(root, 'static/js/app-abc.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n');
  const sw = `self.addEventListener('install', () => ${JSON.stringify('y'.repeat(2000))});`;
  writeFileSync(path.join(root, 'sw.js'), sw);
  writeFileSync(path.join(root, 'sw.js.br'), brotliCompressSync(sw));
  const manifest = JSON.stringify({ name: 'Hintakori', description: 'z'.repeat(2000) });
  writeFileSync(path.join(root, 'manifest.webmanifest'), manifest);
  writeFileSync(path.join(root, 'manifest.webmanifest.gz'), gzipSync(manifest));

  const app = express();
  app.use(precompressedAssets(root));
  app.use(express.static(root));

  it('serves brotli when accepted, with the real content type and a year of caching for hashed chunks', async () => {
    const res = await request(app).get('/static/js/app-abc.js').set('Accept-Encoding', 'gzip, br').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await request(app).get('/static/js/app-abc.js').set('Accept-Encoding', 'gzip').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    // supertest inflates gzip itself; the bytes on the wire were the .gz file's
    const body = gz.body as Buffer;
    expect((body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body).toString()).toBe(js);
    const plain = await request(app).get('/static/js/app-abc.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(js);
  });

  it('passes files without a compressed copy, unknown files and path escapes through', async () => {
    expect((await request(app).get('/robots.txt').set('Accept-Encoding', 'br')).text).toBe('User-agent: *\n');
    await request(app).get('/static/js/missing.js').set('Accept-Encoding', 'br').expect(404);
    expect((await request(app).get('/static/js/%E0%A4%A.js').set('Accept-Encoding', 'br')).status).toBeGreaterThanOrEqual(400);
    await request(app).get('/..%2f..%2fetc%2fpasswd.txt').set('Accept-Encoding', 'br').expect(404);
  });

  it('has the service worker and the manifest revalidated on every visit, compressed or not', async () => {
    const swBr = await request(app).get('/sw.js').set('Accept-Encoding', 'br').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(swBr.headers['content-encoding']).toBe('br');
    expect(swBr.headers['content-type']).toMatch(/^text\/javascript/);
    expect(swBr.headers['cache-control']).toBe('no-cache');
    const manifestGz = await request(app).get('/manifest.webmanifest').set('Accept-Encoding', 'gzip');
    expect(manifestGz.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifestGz.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifestGz.text)).toMatchObject({ name: 'Hintakori' });
  });

  it('gives hashed chunks a year, the page, worker and manifest no-cache, and other files the default', () => {
    expect(assetCacheControl(path.join(root, 'static/js/app-abc.js'))).toBe('public, max-age=31536000, immutable');
    expect(assetCacheControl(path.join(root, 'sw.js'))).toBe('no-cache');
    expect(assetCacheControl(path.join(root, 'manifest.webmanifest'))).toBe('no-cache');
    expect(assetCacheControl(path.join(root, 'index.html'))).toBe('no-cache');
    expect(assetCacheControl(path.join(root, 'robots.txt'))).toBeNull();
  });
});
