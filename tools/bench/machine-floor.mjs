#!/usr/bin/env node
// The machine floor: a bare `node:http` server in its own child process answering a fixed ~2 kB JSON body, driven
// by a keep-alive client (tools/bench/http-client.mjs) with a fixed number of requests in flight (a closed loop).
// Its p95 is what scheduling alone costs on this machine (on a shared VM the host can stall a process for
// 100–400 ms several times a second) and its requests/s what one node:http process answers here, so benchmark
// figures can be read against it rather than against zero. Used by `bench:api` (tools/bench/api.mjs, a fixed
// number of requests) and `load:comparisons` (tools/ops/load.mjs, about 5 s before and after k6).
//
//   node tools/bench/machine-floor.mjs [--seconds 5] [--concurrency 8]   measure it alone and print the result
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createClient } from './http-client.mjs';
import { percentile } from '../runtime/lib.mjs';

/** The body the floor's server answers: 40 small objects, about 2 kB of JSON. */
export const FLOOR_BODY = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: i, name: 'x'.repeat(30) })));

/** Starts the bare server in a child process on a free port; resolves `{ origin, stop }`. */
async function startFloorServer() {
  const source = `const s = require('node:http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end(${JSON.stringify(FLOOR_BODY)}); }); s.keepAliveTimeout = 30000; s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`the machine floor's server exited (${code}) before listening`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

/**
 * Measures the floor: `warmup` requests first, then either `requests` requests or, when `seconds` is given, as many
 * as `seconds` allow, `concurrency` in flight. `makeClient(origin)` gives the client (default: createClient with one
 * keep-alive socket per request in flight), so a bench can drive the floor with the client of its own rows.
 * Resolves `{ requests, concurrency, seconds, rps, p50, p95, p99, errors, clientCpuMsPerRequest }` (latencies in ms).
 */
export async function measureMachineFloor({ seconds, requests = 2000, concurrency = 8, warmup = 100, makeClient } = {}) {
  const server = await startFloorServer();
  const client = makeClient ? makeClient(server.origin) : createClient(server.origin, { connections: concurrency });
  try {
    const once = () => client.request('/').then((r) => r.ok, () => false);
    for (let i = 0; i < warmup; i++) await once();
    const latencies = [];
    let errors = 0;
    let sent = 0;
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const deadline = seconds ? started + seconds * 1000 : Infinity;
    const more = () => (seconds ? performance.now() < deadline : sent < requests);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (more()) {
          sent++;
          const t0 = performance.now();
          const ok = await once();
          latencies.push(performance.now() - t0);
          if (!ok) errors++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpuStart);
    latencies.sort((a, b) => a - b);
    const ms = (p) => +percentile(latencies, p).toFixed(2);
    return {
      requests: latencies.length,
      concurrency,
      seconds: +elapsed.toFixed(2),
      rps: Math.round(latencies.length / elapsed),
      p50: ms(50),
      p95: ms(95),
      p99: ms(99),
      errors,
      clientCpuMsPerRequest: +((user + system) / 1000 / Math.max(1, latencies.length)).toFixed(3),
    };
  } finally {
    client.close();
    await server.stop();
  }
}

/** One line for a log: `3,120 req/s, p50 1.1 ms, p95 2.3 ms, p99 4.0 ms (15,600 requests, 8 in flight, 5.0 s)`. */
export function describeFloor(floor) {
  if (!floor) return 'not measured';
  const n = (x) => x.toLocaleString('en-US');
  return `${n(floor.rps)} req/s, p50 ${floor.p50} ms, p95 ${floor.p95} ms, p99 ${floor.p99} ms (${n(floor.requests)} requests, ${floor.concurrency} in flight, ${floor.seconds} s${floor.errors ? `, ${floor.errors} errors` : ''})`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
  const floor = await measureMachineFloor({ seconds: option('--seconds', 5), concurrency: option('--concurrency', 8) });
  console.log(`machine floor (bare node:http): ${describeFloor(floor)}`);
  console.log(JSON.stringify(floor));
}
