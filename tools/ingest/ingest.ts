/**
 * Runs one feed through the ingest pipeline and follows it with a progress bar.
 *
 *   npm run ingest -- --source <s-group|k-group|lidl|csv:<name>|jsonl:<name>> --file <path|url> [--here]
 *   npm run ingest -- --source <osm|open-prices|open-food-facts> [--url <base or interpreter URL>] [--here]
 *   npm run ingest -- --source <s-kaupat|k-ruoka|lidl> [--url <URL>] [--here]
 *
 * `--refresh` (a pull source): ask the service again even where the copy kept from an earlier run is fresh (a day
 * for Overpass, minutes for the shops' answers); still as conditional requests and at the service's rate. Scheduled
 * runs never refresh: they keep the freshness rules.
 *
 * The chains' own web shops (S-kaupat: --url is its GraphQL endpoint; K-Ruoka: the site's address; Lidl: one address
 * for its store API and its site) run when asked; on a schedule only where INGEST_CHAIN_SOURCES enables them (after an
 * agreement with the chain). `--source lidl --file <path>` is Lidl's feed file format instead.
 *
 * The open-data sources pull from their APIs (without --url, the public endpoints; Open Food Facts also takes the
 * bulk JSONL export as --file). OPEN_FOOD_FACTS_URL tells an Open Prices run where to look up unknown EANs.
 *
 * The run is queued; the workers of the running system take it (standalone host, or the stack's
 * price-ingest worker processes). `--here` also runs a worker in this process (nothing else needs to run
 * but the databases and, in the distributed profile, Kafka). Profile and connections come from the
 * environment as for the apps (HINTAKORI_PROFILE, DATABASE_URL, KAFKA_BROKERS, REDIS_URL); without
 * DATABASE_URL the standalone profile's embedded PostgreSQL (PG_PORT, default 54329) is used.
 *
 *   npm run ingest -- --status [<run id>]
 *
 * shows the latest runs (or one) and, for a run split into shards (a file larger than INGEST_SHARD_BYTES), each shard
 * with the worker that took it; a run's report after it completes shows the same.
 */
import 'reflect-metadata';
import { FeedRunsService, loadIngestAppConfig, PriceIngestModule, SOURCE_PATTERN } from '@hintakori/price-ingest-service';
import { NestFactory } from '@nestjs/core';
import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { progressBar } from './progress';
import { formatRunReport, parseStatusArgs } from './run-report';

const USAGE =
  'Usage: npm run ingest -- --source <s-group|k-group|lidl|csv:<name>|jsonl:<name>> --file <path|url> [--here]\n' +
  '       npm run ingest -- --source <osm|open-prices|open-food-facts> [--url <URL>] [--file <OFF JSONL export>] [--here]\n' +
  '       npm run ingest -- --source <s-kaupat|k-ruoka|lidl> [--url <URL>] [--here]\n' +
  '       (a pull source also takes --refresh: ask the service again even where the kept copy is fresh)';

/** Sources that pull from an API: the location is optional (their public endpoint). */
const PULL_SOURCES = new Set(['osm', 'open-prices', 'open-food-facts', 's-kaupat', 'k-ruoka']);

export interface IngestArgs {
  source: string;
  file: string;
  here: boolean;
  /** Ask a pull source's service again even where the kept copy is fresh. */
  refresh: boolean;
}

export function parseIngestArgs(argv: readonly string[]): IngestArgs {
  const values = new Map<string, string>();
  let here = false;
  let refresh = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--here' || arg === '--refresh') {
      if (arg === '--here') here = true;
      else refresh = true;
      continue;
    }
    const match = /^--(source|file|url)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument '${arg}'\n${USAGE}`);
    const value = match[2] ?? argv[++i];
    if (!value) throw new Error(`Missing value for --${match[1]}\n${USAGE}`);
    values.set(match[1], value);
  }
  let source = values.get('source');
  // Lidl: its store API and site unless a feed file is given.
  const pulls = source !== undefined && (PULL_SOURCES.has(source) || (source === 'lidl' && !values.has('file')));
  const file = values.get('file') ?? values.get('url') ?? (pulls ? '' : undefined);
  if (!source || file === undefined) throw new Error(`--source and --file (or --url) are required\n${USAGE}`);
  if (source === 'lidl' && pulls && file !== '' && !/^https?:\/\//.test(file)) throw new Error(`--url must be an http(s) URL, got '${file}'\n${USAGE}`);
  if (pulls) {
    if (file !== '' && !/^https?:\/\//.test(file) && !existsSync(file)) throw new Error(`No such file: ${file}`);
    return { source, file: file === '' || /^https?:\/\//.test(file) ? file.replace(/\/+$/, '') : resolve(file), here, refresh };
  }
  // `--source csv` names the source after the file: csv:<basename>.
  if (source === 'csv' || source === 'jsonl') source = `${source}:${file.replace(/^.*[\\/]/, '').replace(/\..*$/, '').toLowerCase().replace(/[^a-z0-9-]+/g, '-').slice(0, 40) || 'feed'}`;
  if (refresh) throw new Error(`--refresh is for a source that pulls from a service (osm, open-prices, open-food-facts, s-kaupat, k-ruoka, lidl); a feed file is read whole every run\n${USAGE}`);
  if (!SOURCE_PATTERN.test(source)) throw new Error(`Unknown source '${source}'\n${USAGE}`);
  const isUrl = /^https?:\/\//.test(file);
  if (!isUrl && !existsSync(file)) throw new Error(`No such file: ${file}`);
  return { source, file: isUrl ? file : resolve(file), here, refresh };
}

async function countLines(file: string): Promise<number | null> {
  if (file === '' || /^https?:\/\//.test(file) || file.endsWith('.gz')) return null;
  let lines = 0;
  for await (const chunk of createReadStream(file)) for (const byte of chunk as Buffer) if (byte === 10) lines++;
  return lines;
}

async function main(): Promise<void> {
  const status = parseStatusArgs(process.argv.slice(2));
  const env = { ...process.env };
  if (!env.DATABASE_URL && (env.HINTAKORI_PROFILE ?? 'standalone') === 'standalone') {
    env.DATABASE_URL = `postgres://hintakori:hintakori@127.0.0.1:${env.PG_PORT ?? 54329}/hintakori`;
  }
  const config = loadIngestAppConfig({ LOG_LEVEL: 'warn', ...env }, {}, { feeds: [] });
  if (status) return showStatus(config, status.runId, status.limit);
  const args = parseIngestArgs(process.argv.slice(2));
  const app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(config, { runWorkers: args.here }), {
    logger: ['error', 'warn'],
  });
  try {
    const service = app.get(FeedRunsService);
    const total = await countLines(args.file);
    const run = await service.enqueue(args.source, args.file, undefined, { refresh: args.refresh });
    process.stderr.write(`feed run ${run.id} queued (${args.source} ← ${args.file || 'its public endpoint'})${args.here ? '' : '; waiting for a worker'}\n`);
    const bar = progressBar(`${args.source} run ${run.id}`);
    const started = Date.now();
    let done;
    try {
      [done] = await service.waitFor([run.id], ([r]) => r && bar.update(r.checkpointLine, total, `${r.checkpointLine} lines, ${r.pricesPublished} prices, ${r.recordsRejected} rejected`), 500);
    } catch (error) {
      bar.done();
      // The run stopped (a bot challenge, or the last attempt failed): what it imported before is kept; say what that was.
      const stopped = await service.feedRuns.get(run.id);
      if (stopped) {
        process.stdout.write(
          `run ${stopped.id} stopped: ${stopped.lastError ?? 'unknown error'}\nimported before it stopped (kept): ${stopped.recordsTotal} records, ${stopped.pricesPublished} prices, ${stopped.itemsPublished} items, ${stopped.storesPublished} stores, ${stopped.offersPublished} offers, ${stopped.recordsRejected} rejected\n`,
        );
        for (const [reason, count] of Object.entries(stopped.rejectedByReason).sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${String(count).padStart(7)}  ${reason}\n`);
      }
      throw error;
    }
    bar.update(total ?? done.checkpointLine, total, `${done.checkpointLine} lines, ${done.pricesPublished} prices, ${done.recordsRejected} rejected`);
    bar.done();
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `run ${done.id} completed in ${seconds.toFixed(1)} s: ${done.recordsTotal} records, ${done.pricesPublished} prices (${Math.round(done.pricesPublished / Math.max(seconds, 0.001))}/s), ${done.itemsPublished} items, ${done.storesPublished} stores, ${done.offersPublished} offers, ${done.recordsRejected} rejected (dead-letter topic ingest.dead-letter)\n`,
    );
    const reasons = Object.entries(done.rejectedByReason).sort((a, b) => b[1] - a[1]);
    for (const [reason, count] of reasons) process.stdout.write(`  ${String(count).padStart(7)}  ${reason}\n`);
    if (done.shards) process.stdout.write(formatRunReport(done, await service.shardsOf(done.id)));
  } finally {
    await app.close();
  }
}

/** `--status`: the latest runs (or one), each split run with its shards and their workers. */
async function showStatus(config: Parameters<typeof PriceIngestModule.forRoot>[0], runId: string | null, limit: number): Promise<void> {
  const app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(config, { runWorkers: false }), { logger: ['error', 'warn'] });
  try {
    const service = app.get(FeedRunsService);
    const runs = runId ? [await service.feedRuns.get(runId)].filter((r) => r !== null) : await service.feedRuns.latest(limit);
    if (runId && runs.length === 0) throw new Error(`No feed run ${runId}`);
    if (runs.length === 0) process.stdout.write('no feed runs yet\n');
    for (const run of runs) process.stdout.write(formatRunReport(run, await service.shardsOf(run.id)));
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
