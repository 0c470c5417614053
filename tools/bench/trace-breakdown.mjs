#!/usr/bin/env node
// `npm run bench:trace [standalone|distributed|both] [-- --size small|finland] [--requests N] [--concurrency C]`
// — not a test: where the time of one store-totals request goes, from the spans the apps themselves record.
// It starts the profile (as bench:api does) with its traces exported to a small OTLP/HTTP JSON receiver in this
// process, sends N store totals (30 items × 10 stores; one at a time by default, so the figures are one request's,
// not a queue's), and prints the median and p95 of each stage per request:
//   gateway in     HTTP server span start → the request's Kafka `send` span (express, body parsing, the route's
//                  schema validation, the breaker)            [distributed]
//   request hop    `send` start → the service's `process` span start (produce, broker, fetch, dispatch)
//   service        the `process` span (the handler: price cache or SQL, the calculation)
//   SQL            the PostgreSQL spans inside the request's trace (none when the price cache answers)
//   reply + out    `process` end → HTTP server span end (reply produce, fetch, JSON parse, serialization)
//   total          the HTTP server span
// The standalone profile has no message spans (its in-process bus is a function call): it prints total and SQL.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { benchIds, startBenchStandalone } from './bench-cart.mjs';
import { percentile, sleep } from '../runtime/lib.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const which = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'both';
const size = option('--size', process.env.DEMO_FEED_SIZE ?? 'small');
const REQUESTS = Number(option('--requests', 300));
const CONCURRENCY = Number(option('--concurrency', 1));
if (!['standalone', 'distributed', 'both'].includes(which) || !['tiny', 'small', 'finland'].includes(size) || !(REQUESTS > 0) || !(CONCURRENCY > 0)) {
  console.error('usage: trace-breakdown.mjs [standalone|distributed|both] [--size tiny|small|finland] [--requests N] [--concurrency C]');
  process.exit(2);
}
const OTLP_PORT = Number(process.env.TRACE_OTLP_PORT ?? 4399);
const ROUTE = '/api/shoppingCartComparisons/storeTotals';

// ---- OTLP/HTTP JSON receiver: every span of every app, by trace id ----
const traces = new Map();
const nanos = (value) => (typeof value === 'object' && value !== null ? Number(BigInt.asUintN(32, BigInt(value.low)) + (BigInt.asUintN(32, BigInt(value.high)) << 32n)) : Number(value));
function collect(body) {
  for (const resourceSpans of body.resourceSpans ?? []) {
    const service = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value?.stringValue ?? '?';
    for (const scope of resourceSpans.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        const list = traces.get(span.traceId) ?? [];
        list.push({ service, name: span.name, kind: span.kind, start: nanos(span.startTimeUnixNano) / 1e6, end: nanos(span.endTimeUnixNano) / 1e6, attributes: span.attributes ?? [] });
        traces.set(span.traceId, list);
      }
    }
  }
}
const receiver = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    try {
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      if (req.url === '/v1/traces') collect(JSON.parse(raw.toString('utf8')));
    } catch (error) {
      console.error(`[trace] could not read an export: ${error instanceof Error ? error.message : error}`);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise((resolve) => receiver.listen(OTLP_PORT, '127.0.0.1', resolve));
const otelEnv = {
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${OTLP_PORT}`,
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  OTEL_METRIC_EXPORT_INTERVAL: '600000',
  RATE_LIMIT_PER_MINUTE: '0',
  LOG_LEVEL: 'warn',
};

const EXPORT_WAIT_MS = 7000;

async function measure(profile, base) {
  const { storeIds, cart } = await benchIds(base);
  const body = JSON.stringify({ storeIds, type: 'default', items: cart });
  const send = async () => {
    const response = await fetch(`${base}${ROUTE}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${ROUTE} answered ${response.status}`);
  };
  for (let i = 0; i < 100; i++) await send();
  // The SDK's batch span processor exports every 5 s (sdk-trace 3 no longer reads OTEL_BSP_*): let the warm-up's
  // spans arrive before the count starts, and the run's after it ends.
  await sleep(EXPORT_WAIT_MS);
  traces.clear();
  let next = 0;
  const clientMs = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        await send();
        clientMs.push(performance.now() - t0);
      }
    }),
  );
  await sleep(EXPORT_WAIT_MS);
  const stages = { 'gateway in': [], 'request hop': [], service: [], SQL: [], 'reply + out': [], total: [], client: clientMs };
  let complete = 0;
  for (const spans of traces.values()) {
    const http = spans.find((s) => s.kind === 2 && s.service.endsWith('gateway') === (profile === 'distributed') && s.attributes.some((a) => a.key === 'http.route' && String(a.value?.stringValue).endsWith('storeTotals')));
    if (!http) continue;
    const sql = spans.filter((s) => s.name.startsWith('pg.query') || s.attributes.some((a) => a.key === 'db.system' || a.key === 'db.system.name'));
    stages.total.push(http.end - http.start);
    stages.SQL.push(sql.reduce((sum, s) => sum + (s.end - s.start), 0));
    if (profile === 'distributed') {
      // The gateway's request message and the service's handling of it (not the gateway's reading of the reply).
      const sent = spans.find((s) => s.kind === 4 && s.service.endsWith('gateway') && s.name.startsWith('send '));
      const processed = spans.find((s) => s.kind === 5 && !s.service.endsWith('gateway') && s.name.startsWith('process '));
      if (!sent || !processed) continue;
      stages['gateway in'].push(sent.start - http.start);
      stages['request hop'].push(processed.start - sent.start);
      stages.service.push(processed.end - processed.start);
      stages['reply + out'].push(http.end - processed.end);
    }
    complete++;
  }
  const rows = Object.entries(stages)
    .filter(([, values]) => values.length > 0)
    .map(([stage, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { stage, requests: values.length, 'p50 ms': +percentile(sorted, 50).toFixed(2), 'p95 ms': +percentile(sorted, 95).toFixed(2), 'mean ms': +(values.reduce((a, b) => a + b, 0) / values.length).toFixed(2) };
    });
  console.log(`\n${profile} profile, ${size} data: store totals 30 items × 10 stores, ${REQUESTS} requests at concurrency ${CONCURRENCY}; ${complete} complete traces`);
  console.table(rows);
  console.log("client = the round trip the load client measured; the other rows come from the apps' own spans (one clock; a span's start has");
  console.log('millisecond resolution, its duration not: a stage between two spans is within ±1 ms per request, its mean is not biased)');
}

if (spawnSync(process.execPath, ['tools/build/build-node.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
try {
  if (which === 'standalone' || which === 'both') {
    console.log(`[trace] starting the standalone profile (${size} data)…`);
    const standalone = await startBenchStandalone(size, { env: otelEnv, timeoutMs: 1_800_000 });
    try {
      await measure('standalone', standalone.url);
    } finally {
      await standalone.stop();
    }
  }
  if (which === 'distributed' || which === 'both') {
    const started = spawnSync(process.execPath, ['tools/stack.mjs', '--detach'], { cwd: root, stdio: 'inherit', env: { ...process.env, ...otelEnv, PORT: '3340', DEMO_FEED_SIZE: size, STACK_SKIP_BUILD: 'true' } });
    if (started.status !== 0) process.exit(1);
    try {
      await measure('distributed', 'http://127.0.0.1:3340');
    } finally {
      spawnSync(process.execPath, ['tools/stack.mjs', 'down'], { cwd: root, stdio: 'inherit' });
    }
  }
} finally {
  receiver.close();
}
