#!/usr/bin/env node
// Summarises V8 CPU profiles (`node --cpu-prof`) by where the time went: self time per package or project
// library, with the top functions. Used for the "Where the time goes" section of docs/performance.md.
//   node tools/bench/cpuprofile-summary.mjs <file.cpuprofile | dir> [--top 15] [--requests N]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const target = args.find((a) => !a.startsWith('--'));
const top = Number(args.includes('--top') ? args[args.indexOf('--top') + 1] : 15);
const requests = args.includes('--requests') ? Number(args[args.indexOf('--requests') + 1]) : undefined;
if (!target) {
  console.error('usage: cpuprofile-summary.mjs <file.cpuprofile | dir> [--top 15] [--requests N]');
  process.exit(2);
}
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f))
  : [target];

/** A bucket for a call frame: the npm package, the project library, node internals or V8 itself. */
function bucket(frame) {
  const url = frame.url || '';
  if (!url) {
    if (frame.functionName === '(garbage collector)') return 'V8: garbage collection';
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return `V8: ${frame.functionName}`;
    return 'V8/native';
  }
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const lib = /\/(libs\/[^/]+\/[^/]+|apps\/[^/]+)\//.exec(url);
  if (lib) return `project: ${lib[1]}`;
  return url;
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMicros = new Map();
  // timeDeltas[i] is the time before sample i; attribute it to the sampled node.
  profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const buckets = new Map();
  const functions = new Map();
  let busy = 0;
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id).callFrame;
    const name = bucket(frame);
    if (name === 'V8: (idle)') continue;
    busy += micros;
    buckets.set(name, (buckets.get(name) ?? 0) + micros);
    const fn = `${frame.functionName || '(anonymous)'} ${name.startsWith('project') || !frame.url ? '' : `[${name}]`}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + micros);
  }
  const wall = profile.endTime - profile.startTime;
  console.log(`\n${path.basename(file)}: ${(busy / 1000).toFixed(0)} ms on CPU of ${(wall / 1000).toFixed(0)} ms${requests ? ` — ${(busy / 1000 / requests).toFixed(3)} ms CPU per request over ${requests} requests` : ''}`);
  const rows = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name: name.slice(0, 90), 'ms': +(micros / 1000).toFixed(0), '%': +((100 * micros) / busy).toFixed(1) }));
  console.log('by package / library (self time):');
  console.table(rows(buckets));
  console.log('top functions (self time):');
  console.table(rows(functions));
}
