#!/usr/bin/env node
// `npm run web:size` — not a test: prints the built web app's JavaScript and CSS sizes (raw and gzip),
// split into what the first screen loads (index.html's scripts, module preloads and styles, and the app they load
// after the first paint, listed in route-hints.json) and the
// lazily loaded rest. Run after `npm run build:web`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist/apps/web');
let html;
try {
  html = readFileSync(path.join(dist, 'index.html'), 'utf8');
} catch {
  console.error('[web:size] dist/apps/web/index.html not found — run `npm run build:web` first');
  process.exit(1);
}

const firstScreen = new Set([...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]));
// The entry loads the app (app/boot.tsx) once the page has been painted: the build lists all of the first screen's
// chunks in route-hints.json.
try {
  for (const file of JSON.parse(readFileSync(path.join(dist, 'route-hints.json'), 'utf8')).firstScreen ?? []) firstScreen.add(file);
} catch {
  // an older build without the list: index.html's own files
}
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(js|css)$/.test(name)) files.push(path.relative(dist, full));
  }
};
walk(dist);

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const rows = files
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, first: firstScreen.has(file) };
  })
  .sort((a, b) => Number(b.first) - Number(a.first) || b.gzip - a.gzip);

const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
const first = rows.filter((r) => r.first);
const lazy = rows.filter((r) => !r.first);
console.table(rows.map((r) => ({ file: r.file, 'first screen': r.first ? 'yes' : '', raw: kb(r.raw), gzip: kb(r.gzip) })));
console.log(`first screen: ${first.length} files, ${kb(sum(first, 'raw'))} raw, ${kb(sum(first, 'gzip'))} gzip`);
console.log(`lazy chunks:  ${lazy.length} files, ${kb(sum(lazy, 'raw'))} raw, ${kb(sum(lazy, 'gzip'))} gzip`);
