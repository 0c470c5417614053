import express from 'express';
import { brotliCompressSync, constants } from 'node:zlib';
import request from 'supertest';
import compression from 'compression';
import { apiCompression, COMPRESS_FROM_BYTES } from './api-compression';

describe('apiCompression', () => {
  const items = Array.from({ length: 100 }, (_, id) => ({ id, name: `Täysmaito ${id} 1 l`, storeItems: [{ storeId: 3, price: 119 + id }] }));
  const app = express();
  app.use('/api', apiCompression());
  app.get('/api/items', (_req, res) => res.json(items));
  app.get('/api/small', (_req, res) => res.json({ ok: true }));
  app.get('/api/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').json(items));
  // An answer the gateway sends already serialized (JsonBodyInterceptor): a string typed as JSON.
  app.get('/api/text', (_req, res) => res.type('application/json').send(JSON.stringify(items)));
  app.get('/api/chunks', (_req, res) => {
    res.type('application/json');
    res.write(JSON.stringify(items).slice(0, 2000));
    res.end(JSON.stringify(items).slice(2000));
  });
  /** The compression middleware alone, streaming, with the same settings. */
  const streamingApp = express();
  streamingApp.use('/api', compression({ threshold: COMPRESS_FROM_BYTES, level: 1, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } } }));
  streamingApp.get('/api/items', (_req, res) => res.json(items));

  /** The raw bytes of the answer, as sent (superagent would otherwise decode some encodings itself). */
  const raw = (url: string, acceptEncoding: string, on = app) =>
    request(on)
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

  describe('a whole JSON answer, encoded at once', () => {
    it('gets the encoding the streaming middleware chooses, for every way of asking', async () => {
      const asks = ['gzip, deflate, br', 'gzip', 'br', 'deflate', 'identity', '*', 'br;q=0.5, gzip', 'gzip;q=0, deflate', 'identity;q=0', 'br, gzip;q=1.0', 'x-unknown', ''];
      for (const ask of asks) {
        const [streamed, atOnce] = await Promise.all([raw('/api/items', ask, streamingApp), raw('/api/items', ask)]);
        expect({ ask, encoding: atOnce.headers['content-encoding'], status: atOnce.status, etag: atOnce.headers.etag }).toEqual({
          ask,
          encoding: streamed.headers['content-encoding'],
          status: streamed.status,
          etag: streamed.headers.etag,
        });
        expect(atOnce.headers.vary).toMatch(/Accept-Encoding/i);
        expect(atOnce.headers['content-type']).toBe('application/json; charset=utf-8');
      }
    });

    it('sends the whole answer with its length instead of chunks, decoding to the same JSON', async () => {
      for (const url of ['/api/items', '/api/text']) {
        const gzip = await request(app).get(url).set('Accept-Encoding', 'gzip');
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gzip.headers['transfer-encoding']).toBeUndefined();
        expect(Number(gzip.headers['content-length'])).toBeLessThan(JSON.stringify(items).length / 4);
        expect(gzip.body).toEqual(items);
      }
      // A body written in parts is left to the streaming middleware.
      const chunks = await request(app).get('/api/chunks').set('Accept-Encoding', 'gzip');
      expect(chunks.headers['content-encoding']).toBe('gzip');
      expect(chunks.headers['transfer-encoding']).toBe('chunked');
      expect(chunks.body).toEqual(items);
    });

    it('leaves HEAD requests and no-transform answers as they are', async () => {
      expect((await request(app).head('/api/items').set('Accept-Encoding', 'gzip')).headers['content-encoding']).toBeUndefined();
      const kept = await raw('/api/no-transform', 'gzip');
      expect(kept.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse((kept.body as Buffer).toString('utf8'))).toEqual(items);
    });
  });
});
