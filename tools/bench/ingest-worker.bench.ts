/**
 * The feed-run worker's own CPU per 100,000 lines, on its own: the S group and K group demo feeds run by one FeedRunner
 * in this process against real PostgreSQL, its events published to the in-process bus (no Kafka, no projections:
 * what `npm run bench:ingest` adds around it). Rounds on one scratch database: `fresh`, `unchanged` (the same files;
 * the line cache of runs/unchanged-lines.ts skips their price lines), `unchanged, parsed` (the same with the line
 * cache emptied first: what an unchanged run costs when it parses every line) and `5 % changed`. Each round is
 * profiled (V8 CPU profile, .data/bench/worker-profiles/<round>.cpuprofile; summarise with
 * `node tools/bench/cpuprofile-summary.mjs <file>`). Not a test; run it by hand:
 *
 *   node -r @swc-node/register tools/bench/ingest-worker.bench.ts [--size small] [--shards]
 *
 * `--shards`: each run is split as the distributed profile's workers split it (INGEST_SHARD_BYTES 8 MiB) and its
 * parts are run here one after another (runs/feed-shards.ts), as one worker takes them.
 *
 * Env: BENCH_DATABASE_URL  a postgres:// URL of a server where a scratch database may be created (e.g. the output of
 *                          `node tools/infra/postgres.mjs url`); without it an embedded PostgreSQL is started under
 *                          .data/bench-pg on BENCH_PG_PORT (default 55488).
 * The feeds are those of `npm run bench:ingest` (.data/bench/ingest-feeds/<size>, generated when missing).
 */
import 'reflect-metadata';
import { startEmbeddedPostgres } from '@hintakori/platform-persistence';
import { testConfig } from '@hintakori/testing';
import { NestFactory } from '@nestjs/core';
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import readline from 'node:readline';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { withIngestConfig } from '../../libs/price-ingest/service/src/ingest-config';
import { PriceIngestModule } from '../../libs/price-ingest/service/src/price-ingest.module';
import { PublishedPricesRepository } from '../../libs/price-ingest/service/src/published/published-prices.repository';
import { IngestPublisher } from '../../libs/price-ingest/service/src/publishing/ingest-publisher';
import { RegistryRepository } from '../../libs/price-ingest/service/src/registry/registry.repository';
import { FeedRunner } from '../../libs/price-ingest/service/src/runs/feed-runner';
import { FeedRunsRepository } from '../../libs/price-ingest/service/src/runs/feed-runs.repository';
import { FeedRunShardsRepository } from '../../libs/price-ingest/service/src/runs/feed-run-shards.repository';
import { FeedShards } from '../../libs/price-ingest/service/src/runs/feed-shards';
import { DEFAULT_FEED_LIMITS } from '../../libs/price-ingest/service/src/feeds/feed-input';

const ROOT = resolve(__dirname, '../..');
const args = process.argv.slice(2);
const size = args.includes('--size') ? args[args.indexOf('--size') + 1] : 'small';
/** `--shards`: each run split as the distributed workers split it (8 MiB parts), its parts run here one after another. */
const SHARDED = args.includes('--shards');
const FEEDS = ['s-group', 'k-group'];
const feedDir = join(ROOT, '.data/bench/ingest-feeds', size);
const profileDir = join(ROOT, '.data/bench/worker-profiles');

/** Copies of the feeds with every `every`-th price line's price 10 cents more (as bench:ingest's `5 % changed`). */
async function changedFeeds(every: number): Promise<Record<string, string>> {
  const dir = join(feedDir, `worker-changed-1-in-${every}`);
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {};
  for (const source of FEEDS) {
    const file = join(dir, `${source}.jsonl`);
    const out = createWriteStream(file);
    let prices = 0;
    for await (const line of readline.createInterface({ input: createReadStream(join(feedDir, `${source}.jsonl`)), crlfDelay: Infinity })) {
      let text = line;
      if ((line.includes('"StoreProduct"') || line.includes('"type":"price"')) && ++prices % every === 0) {
        const node = JSON.parse(line);
        if (node.__typename === 'StoreProduct') node.price = node.pricing.currentPrice = Math.round((Number(node.pricing.currentPrice) + 0.1) * 100) / 100;
        else node.pricing.normal.price = Math.round((Number(node.pricing.normal.price) + 0.1) * 100) / 100;
        text = JSON.stringify(node);
      }
      if (!out.write(`${text}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    files[source] = file;
  }
  return files;
}

async function main(): Promise<void> {
  if (!existsSync(join(feedDir, 'manifest.json'))) {
    console.log(`generating the ${size} demo feeds in ${feedDir}…`);
    const made = spawnSync('npm', ['run', '--silent', 'demo-data', '--', '--size', size, '--out', feedDir, '--whole'], { cwd: ROOT, stdio: 'inherit' });
    if (made.status !== 0) throw new Error('npm run demo-data failed');
  }
  mkdirSync(profileDir, { recursive: true });
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let stopServer = async (): Promise<void> => undefined;
  if (!serverUrl) {
    const pg = await startEmbeddedPostgres({ dataDir: '.data/bench-pg', port: Number(process.env.BENCH_PG_PORT ?? 55488) });
    serverUrl = pg.url;
    stopServer = () => pg.stop();
  }
  const name = 'hintakori_bench_worker';
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(withIngestConfig(testConfig(url.toString()), {}), { runWorkers: false }), {
    logger: ['error', 'warn'],
  });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  const results: Record<string, Record<string, number | string>> = {};
  try {
    const runs = app.get(FeedRunsRepository);
    const runner = new FeedRunner(runs, app.get(RegistryRepository), app.get(PublishedPricesRepository), app.get(IngestPublisher));
    const shards = new FeedShards(
      runner,
      runs,
      new FeedRunShardsRepository(app.get(DataSource)),
      app.get(PublishedPricesRepository),
      app.get(IngestPublisher),
      { shardBytes: 8 * 1024 * 1024, pullParts: 0, maxShards: 64 },
      DEFAULT_FEED_LIMITS,
    );
    const runOnce = async (runId: string) => {
      const parts = SHARDED ? await shards.plan(runId) : null;
      if (!parts) return runner.run(runId);
      let last = await shards.runShard(runId, 0);
      for (const part of parts.slice(1)) last = await shards.runShard(runId, part.shardNo);
      return last;
    };
    const originals = Object.fromEntries(FEEDS.map((source) => [source, join(feedDir, `${source}.jsonl`)]));
    const round = async (label: string, files: Record<string, string>) => {
      process.stdout.write(`${label}… `);
      await session.post('Profiler.start');
      const cpu = process.cpuUsage();
      const started = performance.now();
      let lines = 0;
      let prices = 0;
      let published = 0;
      for (const source of FEEDS) {
        const done = await runOnce((await runs.create(source, files[source])).id);
        if (done.status !== 'completed') throw new Error(`${source} run ${done.id}: ${done.status}`);
        lines += done.checkpointLine;
        prices += done.pricesPublished + done.pricesUnchanged;
        published += done.pricesPublished;
      }
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(profileDir, `${SHARDED ? 'shards-' : ''}${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
      const cpuSeconds = (used.user + used.system) / 1e6;
      console.log(`${lines} lines, ${prices} prices (${published} published) in ${seconds.toFixed(1)} s`);
      results[label] = {
        lines,
        prices,
        published,
        'wall s': Number(seconds.toFixed(1)),
        'worker CPU s': Number(cpuSeconds.toFixed(2)),
        'worker CPU s per 100,000 prices': Number(((cpuSeconds / prices) * 100_000).toFixed(2)),
        'µs per line': Number(((cpuSeconds / lines) * 1e6).toFixed(2)),
      };
    };
    await round('fresh', originals);
    await round('unchanged', originals);
    await app.get(DataSource).query('DELETE FROM ingest.published_lines');
    await round('unchanged, parsed', originals);
    await round('5 % changed', await changedFeeds(20));
  } finally {
    session.disconnect();
    await app.close();
    await stopServer();
  }
  console.log(`\nThe feed-run worker on its own (${size} S group + K group feeds${SHARDED ? ', each run in 8 MiB shards' : ''}; this process's CPU, PostgreSQL's not counted; profiles in ${profileDir}):`);
  console.table(results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
