import express from 'express';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { extensionDownloads } from './extension-downloads';

describe('extensionDownloads', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'hk-ext-'));
  writeFileSync(path.join(root, 'hintakori-chromium.zip'), Buffer.from('PK\u0003\u0004chromium'));
  const app = express();
  app.use(extensionDownloads(root));
  app.use((_req, res) => res.status(200).send('spa'));

  it('serves a built zip as a download', async () => {
    const res = await request(app).get('/lisaosa/hintakori-chromium.zip').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?hintakori-chromium\.zip"?$/);
    expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('answers 404 with a reason when the zip has not been built', async () => {
    const res = await request(app).get('/lisaosa/hintakori-firefox.zip');
    expect(res.status).toBe(404);
    expect(res.text).toContain('npm run build:extension');
  });

  it('leaves every other path (the /lisaosa page itself, other files) to the next handler', async () => {
    for (const url of ['/lisaosa', '/lisaosa/../package.json', '/lisaosa/other.zip']) {
      const res = await request(app).get(url);
      expect(res.text).toBe('spa');
    }
  });
});
