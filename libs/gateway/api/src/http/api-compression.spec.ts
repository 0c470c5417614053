import express from 'express';
import { brotliCompressSync, constants } from 'node:zlib';
import request from 'supertest';
import { apiCompression, COMPRESS_FROM_BYTES } from './api-compression';

describe('apiCompression', () => {
  const items = Array.from({ length: 100 }, (_, id) => ({ id, name: `Täysmaito ${id} 1 l`, storeItems: [{ storeId: 3, price: 119 + id }] }));
  const app = express();
  app.use('/api', apiCompression());
  app.get('/api/items', (_req, res) => res.json(items));
  app.get('/api/small', (_req, res) => res.json({ ok: true }));

  /** The raw bytes of the answer, as sent (superagent would otherwise decode some encodings itself). */
  const raw = (url: string, acceptEncoding: string) =>
    request(app)
      .get(url)
      .set('Accept-Encoding', acceptEncoding)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('sends a large answer brotli-compressed to a browser that accepts it, and it decodes to the same JSON', async () => {
    // superagent decodes brotli itself: the bytes parsed below are the decoded answer.
    const res = await raw('/api/items', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual(items);
  });

  it('makes the answer several times smaller', () => {
    const json = Buffer.from(JSON.stringify(items));
    expect(brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length).toBeLessThan(json.length / 4);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await request(app).get('/api/items').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toEqual(items);
  });

  it('sends plain JSON to a client that asks for no encoding, and small answers as they are', async () => {
    const plain = await raw('/api/items', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse((plain.body as Buffer).toString('utf8'))).toEqual(items);
    const small = await raw('/api/small', 'gzip, br');
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
