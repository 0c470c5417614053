#!/usr/bin/env node
// Two builds of the web app behind one running system, for an A/B in the same conditions (`npm run lighthouse` with
// LIGHTHOUSE_VARIANTS). Not a test. Each port serves the system at AB_UPSTREAM (its API and the pages its gateway
// renders) with the script chunks of one build: the page's references to /static/js/<name>-<hash>.js are rewritten to
// that build's file of the same name, and those files are served as the gateway serves them (brotli when accepted,
// the page gzipped). Both builds must render the same server first screen (the gateway's is the upstream's).
//   AB_UPSTREAM=http://127.0.0.1:3360 AB_A=4001=/tmp/before/apps/web AB_B=4002=dist/apps/web node tools/web/ab-proxy.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const upstream = new URL(process.env.AB_UPSTREAM ?? 'http://127.0.0.1:3360');
const builds = [process.env.AB_A, process.env.AB_B].filter(Boolean).map((spec) => {
  const at = spec.indexOf('=');
  return { port: Number(spec.slice(0, at)), dir: path.resolve(spec.slice(at + 1)) };
});
if (builds.length === 0) {
  console.error('[ab-proxy] set AB_A=<port>=<dist/apps/web of build A> (and AB_B for build B)');
  process.exit(1);
}

/** A build's chunk files by name without the hash (a name that occurs twice is left alone). */
function chunkNames(dir) {
  const byName = new Map();
  for (const file of readdirSync(path.join(dir, 'static/js')).filter((f) => f.endsWith('.js'))) {
    const name = file.replace(/-[\w-]{8}\.js$/, '');
    byName.set(name, byName.has(name) ? null : file);
  }
  return byName;
}

const accepts = (req, encoding) => (req.headers['accept-encoding'] ?? '').includes(encoding);

for (const { port, dir } of builds) {
  http
    .createServer((req, res) => {
      const file = path.join(dir, (req.url ?? '/').split('?')[0]);
      if (req.url?.startsWith('/static/js/') && file.startsWith(dir) && existsSync(file)) {
        const br = accepts(req, 'br') && existsSync(`${file}.br`);
        res.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'public, max-age=31536000, immutable',
          vary: 'Accept-Encoding',
          ...(br ? { 'content-encoding': 'br' } : {}),
        });
        res.end(readFileSync(br ? `${file}.br` : file));
        return;
      }
      const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
      const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (reply) => {
        if (!(reply.headers['content-type'] ?? '').includes('text/html')) {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
          return;
        }
        const parts = [];
        reply.on('data', (part) => parts.push(part));
        reply.on('end', () => {
          const names = chunkNames(dir);
          const html = Buffer.concat(parts)
            .toString()
            .replace(/\/static\/js\/([\w.-]+)\.js/g, (ref, file) => {
              const own = names.get(file.replace(/-[\w-]{8}$/, ''));
              return own ? `/static/js/${own}` : ref;
            });
          const out = { ...reply.headers };
          delete out['content-length'];
          const gzip = accepts(req, 'gzip');
          if (gzip) out['content-encoding'] = 'gzip';
          res.writeHead(reply.statusCode ?? 502, out);
          res.end(gzip ? zlib.gzipSync(html) : html);
        });
      });
      forward.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`upstream: ${error.message}`);
      });
      req.pipe(forward);
    })
    .listen(port, '127.0.0.1', () => console.log(`[ab-proxy] http://127.0.0.1:${port} → ${upstream.origin} with the scripts of ${dir}`));
}
