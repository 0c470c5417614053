// What the API benchmarks (tools/bench/api.mjs, tools/bench/trace-breakdown.mjs) share: the standalone they boot and
// the ids they use.
import path from 'node:path';
import { ROOT, startStandaloneOnPorts } from '../runtime/lib.mjs';

/**
 * The benchmarks' standalone: ports 3350 (HTTP) and 54349 (PostgreSQL) unless BENCH_PORT / BENCH_PG_PORT move it, a
 * data directory per data size (a size loaded once serves every later run of either benchmark). Resolves like
 * startStandaloneOnPorts, with its `databaseUrl`.
 */
export async function startBenchStandalone(size, { env = {}, timeoutMs }) {
  const port = Number(process.env.BENCH_PORT ?? 3350);
  const pgPort = Number(process.env.BENCH_PG_PORT ?? 54349);
  const dataDir = path.join(ROOT, size === 'small' ? '.data/bench-standalone' : `.data/bench-standalone-${size}`);
  const standalone = await startStandaloneOnPorts({ port, pgPort, dataDir, env: { ...env, DEMO_FEED_SIZE: size }, timeoutMs });
  return { ...standalone, databaseUrl: `postgres://hintakori:hintakori@127.0.0.1:${pgPort}/hintakori` };
}

// The first 10 stores of the data at hand and the items found for "maito" and "juusto" there, with the store-totals
// cart of 30 of them.
export async function benchIds(base) {
  const stores = await (await fetch(`${base}/api/stores/minimal?skip=0`)).json();
  const storeIds = stores.slice(0, 10).map((s) => s.id);
  const found = await (await fetch(`${base}/api/items?search=maito&storeIds=${storeIds}&limit=200`)).json();
  const more = await (await fetch(`${base}/api/items?search=juusto&storeIds=${storeIds}&limit=200`)).json();
  const itemIds = [...new Set([...found, ...more].map((i) => i.id))];
  if (itemIds.length < 30) throw new Error(`only ${itemIds.length} items found for the benchmark cart`);
  const cart = itemIds.slice(0, 30).map((itemId, i) => ({ itemId, quantity: 1 + (i % 3) }));
  return { storeIds, itemIds, cart };
}
