/**
 * Store totals latency benchmark: 30 items × 10 stores through the in-process transport against real PostgreSQL
 * holding the full demo price matrix. Target: p95 ≤ 20 ms. Not a test; run it by hand:
 *
 *   node -r @swc-node/register tools/bench/store-totals.bench.ts
 *
 * Env: BENCH_DATABASE_URL  a postgres:// URL of a server where a scratch database may be created
 *                          (e.g. the output of `node tools/infra/postgres.mjs url`); without it an embedded
 *                          PostgreSQL is started under .data/bench-pg on BENCH_PG_PORT (default 55488).
 *      BENCH_REQUESTS      measured requests per scenario (default 2000)
 *      BENCH_CONCURRENCY   requests in flight in the concurrent scenario (default 8)
 * Exits 1 when the sequential store-totals p95 misses the target.
 */
import 'reflect-metadata';
import { BasketLine, ComparisonRequest, ComparisonsPatterns, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { startEmbeddedPostgres } from '@hintakori/platform-persistence';
import { startTestService, testConfig, TestService } from '@hintakori/testing';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
// Not among the library's exports: the seeder, timed here on its own.
import { ComparisonsSeeder } from '../../libs/comparisons/service/src/comparisons.seeder';

const TARGET_P95_MS = 20;
const ITEMS_PER_BASKET = 30;
const STORES_PER_BASKET = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

interface Stats {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentiles(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] };
}

function format(label: string, stats: Stats, wallMs: number, count: number): string {
  const ms = (v: number) => v.toFixed(2).padStart(7);
  return `${label.padEnd(34)} p50 ${ms(stats.p50)}  p95 ${ms(stats.p95)}  p99 ${ms(stats.p99)}  max ${ms(stats.max)} ms   ${Math.round((count / wallMs) * 1000)} req/s`;
}

function pick<T>(pool: readonly T[], count: number): T[] {
  const chosen = new Set<T>();
  while (chosen.size < Math.min(count, pool.length)) chosen.add(pool[Math.floor(Math.random() * pool.length)]);
  return [...chosen];
}

async function scratchDatabase(): Promise<{ url: string; cleanup: () => Promise<void> }> {
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let stopServer = async () => undefined as void;
  if (!serverUrl) {
    const pg = await startEmbeddedPostgres({ dataDir: '.data/bench-pg', port: Number(process.env.BENCH_PG_PORT ?? 55488) });
    serverUrl = pg.url;
    stopServer = () => pg.stop();
  }
  const name = `bench_comparisons_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    cleanup: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await stopServer();
    },
  };
}

async function measure<T>(service: TestService, pattern: string, requests: ComparisonRequest[], concurrency: number): Promise<{ stats: Stats; wallMs: number }> {
  const samples: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const started = process.hrtime.bigint();
      await firstValueFrom(service.client.send<T>(pattern, request));
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { stats: percentiles(samples), wallMs: Date.now() - started };
}

async function main(): Promise<void> {
  const db = await scratchDatabase();
  let service: TestService | undefined;
  try {
    service = await startTestService(ComparisonsModule.forRoot(testConfig(db.url, { DB_POOL_SIZE: '6' })));
    const seedStarted = Date.now();
    await service.app.get(ComparisonsSeeder).seed();
    console.log(`seeded the demo prices in ${Date.now() - seedStarted} ms`);

    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    const { rows: counts } = await sql.query<{ prices: number }>('SELECT count(*)::int AS prices FROM comparisons.price_matrix');
    const itemIds = (await sql.query<{ id: number }>('SELECT DISTINCT item_id AS id FROM comparisons.price_matrix')).rows.map((r) => r.id);
    const storeIds = (await sql.query<{ id: number }>('SELECT DISTINCT store_id AS id FROM comparisons.price_matrix')).rows.map((r) => r.id);
    await sql.end();
    console.log(`price matrix: ${counts[0].prices} prices, ${itemIds.length} items, ${storeIds.length} stores`);

    const basket = (): ComparisonRequest => ({
      storeIds: pick(storeIds, STORES_PER_BASKET),
      lines: pick(itemIds, ITEMS_PER_BASKET).map((itemId) => ({ itemId, quantity: 1 + Math.floor(Math.random() * 3) })),
    });
    const requests = (count: number) => Array.from({ length: count }, basket);

    await measure<StoreTotalsResult>(service, ComparisonsPatterns.StoreTotals, requests(300), 1); // warm-up (JIT, plans, pool)

    const sequential = await measure<StoreTotalsResult>(service, ComparisonsPatterns.StoreTotals, requests(REQUESTS), 1);
    console.log(format('store totals, sequential', sequential.stats, sequential.wallMs, REQUESTS));
    const concurrent = await measure<StoreTotalsResult>(service, ComparisonsPatterns.StoreTotals, requests(REQUESTS), CONCURRENCY);
    console.log(format(`store totals, ${CONCURRENCY} in flight`, concurrent.stats, concurrent.wallMs, REQUESTS));
    const baskets = await measure<BasketLine[]>(service, ComparisonsPatterns.Basket, requests(REQUESTS), 1);
    console.log(format('comparison basket, sequential', baskets.stats, baskets.wallMs, REQUESTS));

    const ok = sequential.stats.p95 <= TARGET_P95_MS;
    console.log(ok ? `OK: store totals p95 ≤ ${TARGET_P95_MS} ms` : `FAIL: store totals p95 ${sequential.stats.p95.toFixed(2)} ms > ${TARGET_P95_MS} ms`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await service?.close();
    await db.cleanup();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
