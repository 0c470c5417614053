#!/usr/bin/env node
// `npm run build:extension`: bundles the Hintakori browser extension (apps/extension) with esbuild into
// unpacked folders dist/extension/{chromium,firefox} and zips them as
// dist/extension/hintakori-chromium.zip and hintakori-firefox.zip (served by the gateway at /lisaosa/…).
// That production build names only the production site and the shops.
// `EXTENSION_DEV=1 node tools/build/build-extension.mjs`: the development build, which also runs on the local site
// (http://localhost:*, http://127.0.0.1:*), into dist/extension-dev/{chromium,firefox} (no zips), for a local
// standalone and the browser e2e. It never overwrites the production build.
import { build } from 'esbuild';
import { strToU8, zipSync, zlibSync } from 'fflate';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const src = path.join(root, 'apps/extension/src');
const dev = process.env.EXTENSION_DEV === '1';
const out = path.join(root, dev ? 'dist/extension-dev' : 'dist/extension');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const started = Date.now();

const common = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['chrome120', 'firefox140'],
  legalComments: 'none',
  logLevel: 'warning',
  // lib/config.ts DEV_BUILD: the local site's match patterns and origins exist only in the development build.
  define: { __HINTAKORI_DEV__: dev ? 'true' : 'false' },
};
const scripts = await build({
  ...common,
  entryPoints: {
    background: path.join(src, 'background.ts'),
    site: path.join(src, 'content/site.ts'),
    shop: path.join(src, 'content/shop.ts'),
    options: path.join(src, 'options/options.ts'),
    popup: path.join(src, 'popup/popup.ts'),
  },
  outdir: 'out',
  write: false,
});
// The manifest is generated from the same TypeScript config the scripts use (hosts, shop adapters).
const manifestModule = await build({ ...common, format: 'esm', entryPoints: [path.join(src, 'manifest.ts')], write: false });
const { manifest } = await import(`data:text/javascript;base64,${Buffer.from(manifestModule.outputFiles[0].text).toString('base64')}`);

const icons = { 'icons/icon-48.png': icon(48), 'icons/icon-128.png': icon(128) };

mkdirSync(out, { recursive: true });
for (const target of ['chromium', 'firefox']) {
  const dir = path.join(out, target);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'icons'), { recursive: true });
  const files = {
    'manifest.json': strToU8(`${JSON.stringify(manifest(target, version), null, 2)}\n`),
    'options.html': readFileSync(path.join(src, 'options/options.html')),
    'popup.html': readFileSync(path.join(src, 'popup/popup.html')),
    ...icons,
  };
  for (const file of scripts.outputFiles) files[path.basename(file.path)] = file.contents;
  for (const [name, contents] of Object.entries(files)) writeFileSync(path.join(dir, name), contents);
  if (dev) {
    console.log(`[extension] ${path.relative(root, dir)}/ (development build: also the local site)`);
    continue;
  }
  const zip = path.join(out, `hintakori-${target}.zip`);
  // Fixed timestamps: the same sources give the same zip.
  const entries = Object.fromEntries(Object.entries(files).map(([name, contents]) => [name, [contents, { mtime: new Date('2026-01-01T00:00:00Z') }]]));
  writeFileSync(zip, zipSync(entries, { level: 9 }));
  console.log(`[extension] ${path.relative(root, dir)}/ and ${path.relative(root, zip)} (${(statSync(zip).size / 1024).toFixed(1)} kB)`);
}
console.log(`[extension] built ${version}${dev ? ' (development)' : ''} in ${Date.now() - started} ms`);

/** The toolbar icon, drawn here so no binary sits in the repository: a green rounded square with a white basket. */
function icon(size) {
  const px = new Uint8Array(size * size * 4);
  const s = size / 128;
  const inRounded = (x, y) => {
    const r = 24 * s;
    const cx = Math.min(Math.max(x, r), size - r);
    const cy = Math.min(Math.max(y, r), size - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  // Basket: a trapezoid body with a handle arc above it.
  const inBasket = (x, y) => {
    const top = 56 * s, bottom = 100 * s;
    if (y >= top && y <= bottom) {
      const inset = ((y - top) / (bottom - top)) * 12 * s;
      return x >= 24 * s + inset && x <= 104 * s - inset;
    }
    const d = Math.hypot(x - 64 * s, y - 56 * s);
    return y < top && d >= 26 * s && d <= 34 * s;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      if (!inRounded(x + 0.5, y + 0.5)) continue;
      const white = inBasket(x + 0.5, y + 0.5);
      px.set(white ? [255, 255, 255, 255] : [15, 107, 71, 255], i);
    }
  }
  const raw = new Uint8Array(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) raw.set(px.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), Buffer.from(data)]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return new Uint8Array(Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlibSync(raw, { level: 9 })), chunk('IEND', new Uint8Array())]));
}

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
