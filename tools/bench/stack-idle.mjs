#!/usr/bin/env node
// `npm run bench:idle [-- --seconds 60] [--settle 20] [--root <checkout>]` — not a test: the CPU a running distributed
// stack spends while nothing is asked of it (no requests, no feed runs): each app, the Kafka broker, PostgreSQL and
// Redis, in CPU seconds over the period and as % of one core. Start the stack first (`npm run stack -- --detach`);
// --root measures the stack of another checkout (its .data/stack/pids.json), for a before/after on one machine.
import os from 'node:os';
import path from 'node:path';
import { ROOT, sleep } from '../runtime/lib.mjs';
import { cpuBetween, INFRA_PROCESSES, stackCpu } from '../runtime/stack-cpu.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const seconds = Number(option('seconds', '60'));
const settle = Number(option('settle', '20'));
const root = path.resolve(option('root', ROOT));
if (!(seconds > 0) || !(settle >= 0)) {
  console.error('usage: stack-idle.mjs [--seconds N > 0] [--settle N >= 0] [--root <checkout>]');
  process.exit(2);
}
const first = stackCpu(root);
const apps = Object.keys(first).filter((name) => !INFRA_PROCESSES.includes(name));
if (apps.length === 0) {
  console.error(`[idle] no stack apps running for ${root} (.data/stack/pids.json): start one with npm run stack -- --detach`);
  process.exit(1);
}
console.log(`[idle] ${root}: ${apps.length} apps; settling ${settle} s, then measuring ${seconds} s…`);
await sleep(settle * 1000);
const before = stackCpu(root);
const loadBefore = os.loadavg()[0];
for (let waited = 0; waited < seconds; waited += 10) {
  await sleep(Math.min(10, seconds - waited) * 1000);
  process.stderr.write(`[idle] ${Math.min(seconds, waited + 10)} / ${seconds} s\n`);
}
const used = cpuBetween(before, stackCpu(root));
const rows = Object.entries(used)
  .map(([process, cpu]) => ({ process, 'CPU s': Number(cpu.toFixed(2)), '% of a core': Number(((cpu / seconds) * 100).toFixed(2)) }))
  .sort((a, b) => b['CPU s'] - a['CPU s']);
const appsCpu = rows.filter((r) => apps.includes(r.process)).reduce((sum, r) => sum + r['CPU s'], 0);
const all = rows.reduce((sum, r) => sum + r['CPU s'], 0);
console.log(`[idle] over ${seconds} s (load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after):`);
console.table(rows);
console.log(`[idle] apps ${appsCpu.toFixed(2)} CPU s (${((appsCpu / seconds) * 100).toFixed(1)} % of a core); with Kafka, PostgreSQL and Redis ${all.toFixed(2)} CPU s (${((all / seconds) * 100).toFixed(1)} %)`);
