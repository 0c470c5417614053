#!/usr/bin/env node
// `npm run chaos` — fault scenarios against the distributed stack under a bounded load, with a row of figures each.
//   node tools/chaos/run.mjs [--short] [--no-write] [scenario …]
// The scenarios are tools/chaos/scenarios/<name>.mjs (one each; their shared parts in tools/chaos/lib.mjs), run in the
// order of ALL. The stack is started with `tools/stack.mjs --detach` (its ports: PORT, STACK_PORT_BASE; infrastructure:
// PG_PORT, REDIS_PORT, KAFKA_PORT) and its apps stopped at the end (CHAOS_KEEP_STACK=true keeps them); an app is
// restarted with the environment the stack recorded (tools/runtime/stack-apps.mjs).
// Load: a Node open loop at a fixed arrival rate (tools/runtime/open-loop.mjs), bounded in count and time, on loopback.
// --short (npm test): one shorter round of each; exits 1 when a must-hold breaks. Without --no-write the table
// goes into docs/reliability.md between the chaos-table markers.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT as root } from '../runtime/lib.mjs';

const argv = process.argv.slice(2);
const SHORT = argv.includes('--short');
const WRITE = !argv.includes('--no-write') && !SHORT;
const ALL = ['comparisons-kill', 'kafka-kill', 'kafka-kill-feed', 'redis-stop', 'postgres-restart', 'two-workers', 'worker-kill'];
const chosen = argv.filter((a) => !a.startsWith('--'));
for (const name of chosen) if (!ALL.includes(name)) fail(`unknown scenario ${name}; one of ${ALL.join(', ')}`);
const scenarios = chosen.length ? chosen : SHORT ? ALL.filter((s) => s !== 'worker-kill') : ALL;

function fail(message) {
  console.error(`[chaos] ${message}`);
  process.exit(2);
}

// What the apps get besides the stack's own environment: no rate limit under the load, quick feed-run retries.
process.env.RATE_LIMIT_PER_MINUTE = '0';
process.env.INGEST_BACKOFF_MS ??= '3000';
const { broken, cleanSnapshot, expireSharedCache, log, readSet, row, rows, waitAnswering } = await import('./lib.mjs');
const SCENARIOS = Object.fromEntries(await Promise.all(scenarios.map(async (name) => [name, await import(`./scenarios/${name}.mjs`)])));

function markdownTable() {
  const columns = ['scenario', 'fault', 'requests', 'statuses', 'p95', 'max', 'recoveryS', 'wrong', 'lostOrDoubled', 'holds', 'note'];
  const head = [
    'scenario',
    'fault',
    'requests',
    'status counts',
    'p95 ms while faulted',
    'max ms while faulted',
    's to recovery',
    'wrong answers',
    'rows lost / doubled',
    'must-hold holds',
    'notes',
  ];
  const extra = (r) =>
    [
      r.note,
      r.firstSuccessS !== undefined ? `first success ${r.firstSuccessS} s after the restart` : '',
      r.stale !== undefined ? `${r.stale} stale answers` : '',
      r.brokerStartS !== undefined ? `broker took ${r.brokerStartS} s to start` : '',
      r.pgDownS !== undefined ? `PostgreSQL down ${r.pgDownS} s` : '',
      r.run ? `run: ${r.run}` : '',
    ]
      .filter(Boolean)
      .join('; ');
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const r of rows)
    lines.push(
      `| ${columns
        .map((c) => (c === 'note' ? extra(r) : (r[c] ?? '–')))
        .map((v) => String(v).replace(/\|/g, '/'))
        .join(' | ')} |`,
    );
  return lines.join('\n');
}

const started = Date.now();
if (process.env.CHAOS_SKIP_STACK !== 'true') {
  log('starting the distributed stack (tools/stack.mjs --detach) with 2 feed-run workers…');
  const up = spawnSync(process.execPath, ['tools/stack.mjs', '--detach'], { cwd: root, stdio: 'inherit', env: { ...process.env, STACK_INGEST_WORKERS: '2' } });
  if (up.status !== 0) fail('the stack did not start');
}
try {
  // The feed scenarios' products go to the fallback category "Muut", which the first of them creates on a fresh
  // database: the category list changes then, legitimately. The clean run comes first, before any healthy answer
  // is recorded, so that no later answer differs from the recorded one for that reason.
  if (scenarios.some((name) => SCENARIOS[name].usesFeeds)) {
    log('the clean feed run (the reference of the feed scenarios)…');
    await cleanSnapshot();
    await expireSharedCache(); // a category list cached before the run must not be recorded as the healthy answer
  }
  for (const name of scenarios) {
    log(`── ${name}`);
    try {
      // Each scenario starts from a healthy stack: the one before may have ended while the apps' Kafka clients were
      // still rejoining after a broker restart, and its tail would count as this scenario's failures.
      await readSet();
      const healthyFrom = Date.now();
      if (!(await waitAnswering())) throw new Error('the stack did not answer normally within 180 s before the scenario');
      if (Date.now() - healthyFrom > 1000) log(`waited ${((Date.now() - healthyFrom) / 1000).toFixed(1)} s for the stack to answer normally`);
      await SCENARIOS[name].default();
    } catch (error) {
      row(name, '–', {}, { 'scenario ran': false }, String(error?.message ?? error).slice(0, 200));
    }
  }
} finally {
  if (process.env.CHAOS_KEEP_STACK !== 'true' && process.env.CHAOS_SKIP_STACK !== 'true')
    spawnSync(process.execPath, ['tools/stack.mjs', 'down', '--apps-only'], { cwd: root, stdio: 'inherit' });
}

const table = markdownTable();
console.log(`\n${table}\n`);
console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
if (WRITE) {
  const doc = path.join(root, 'docs/reliability.md');
  const text = readFileSync(doc, 'utf8');
  const stamp = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run chaos\` (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end):`;
  const replaced = text.replace(
    /<!-- chaos-table:start -->[\s\S]*<!-- chaos-table:end -->/,
    `<!-- chaos-table:start -->\n${stamp}\n\n${table}\n<!-- chaos-table:end -->`,
  );
  writeFileSync(doc, replaced);
  log('table written to docs/reliability.md');
}
// node:test-style totals, so the test suite's closing line counts each scenario.
console.log(`# pass ${rows.length - broken.length}`);
console.log(`# fail ${broken.length}`);
if (broken.length) {
  for (const b of broken) console.error(`[chaos] must-hold broken — ${b}`);
  process.exit(1);
}
