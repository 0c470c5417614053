#!/usr/bin/env node
// `npm run bench:ingest` — not a test: price observations per second end to end on the distributed profile
// (feed file → queue → price-ingest worker processes → Kafka → catalog, comparisons and alerts projections
// committed in PostgreSQL), each round beside the raw PostgreSQL COPY rate of the same rows into a scratch table on
// the same server, measured right after it.
//
//   npm run bench:ingest [-- --size small|finland] [-- --workers 1,2] [-- --feeds s-group,k-group]
//   npm run bench:ingest -- --pull [--workers 1,2,4]   (the pull round only: tools/bench/ingest-pull.mjs)
//
// `--feeds s-group` times one run alone: with more workers than one, its shards (INGEST_SHARD_BYTES) are shared.
//
// Rounds, for each worker count: `fresh` (a fresh database hintakori_bench_w<N>, the stack started with N workers and
// no demo loading, the S group and K group demo feeds queued at once), then on the same database `unchanged` (the
// same feeds again: every price as last published) and `5 % changed` (copies of the feeds with every 20th price line
// changed; not with --size finland, which times the first load and the re-run). The clock starts when the runs are created and stops when the three projections'
// consumer groups have committed every prices.observed (and run-completed) message (polled every 100 ms once the runs
// completed). Prints the CPU seconds of each process of the stack in each round (/proc), also per 100,000
// observations, the load average at each round's start and end, and how the run was placed (cores, no pinning: the
// workers share the cores with PostgreSQL, Kafka and the projections). Holds /tmp/stack.lock throughout and stops the
// stack at the end.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import readline from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { sleep, stopRecorded } from '../runtime/lib.mjs';
import { stackPorts } from '../runtime/stack-apps.mjs';
import { cpuBetween, stackCpu } from '../runtime/stack-cpu.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};

if (process.env.BENCH_INGEST_LOCKED !== '1') {
  // Re-run under the stack lock: the bench starts the distributed stack (ports 3101-3105, 3320).
  console.log('[bench] waiting for /tmp/stack.lock…');
  const result = spawnSync('flock', ['/tmp/stack.lock', process.execPath, fileURLToPath(import.meta.url), ...args], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_INGEST_LOCKED: '1' },
  });
  process.exit(result.status ?? 1);
}

if (args.includes('--pull')) {
  // The pull round: a source's shared rate with 1, 2 and 4 worker processes (tools/bench/ingest-pull.mjs), under this lock.
  const result = spawnSync(process.execPath, [path.join(root, 'tools/bench/ingest-pull.mjs'), ...args.filter((a) => a !== '--pull')], { stdio: 'inherit', env: process.env });
  process.exit(result.status ?? 1);
}

const size = option('size', 'small');
const workerCounts = option('workers', '1,2')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const PORT = '3320';
const FEEDS = option('feeds', 's-group,k-group').split(',');
if (FEEDS.length === 0 || FEEDS.some((feed) => !['s-group', 'k-group'].includes(feed))) {
  console.error(`--feeds takes s-group and/or k-group (comma-separated), got '${option('feeds', '')}'`);
  process.exit(2);
}
const log = (message) => console.log(`[bench] ${message}`);
const run = (cmd, cmdArgs, env = {}) => {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} exited with ${result.status}`);
};

const infra = await import('../infra/lib.mjs');
const { default: pg } = await import('pg');
const { Admin } = await import('@platformatic/kafka');

/** The high watermark (the next offset) of every partition of `topic`, as [{ partition, high }]. */
async function topicEnds(admin, topic) {
  const metadata = await admin.metadata({ topics: [topic] });
  const partitions = Array.from({ length: metadata.topics.get(topic).partitionsCount }, (_, partitionIndex) => ({ partitionIndex, timestamp: -1n }));
  const [listed] = await admin.listOffsets({ topics: [{ name: topic, partitions }] });
  return listed.partitions.map((p) => ({ partition: p.partitionIndex, high: p.offset }));
}

const feedDir = path.join(root, '.data/bench/ingest-feeds', size);
if (!existsSync(path.join(feedDir, 'manifest.json'))) {
  log(`generating the ${size} demo feeds in ${path.relative(root, feedDir)}…`);
  // --whole: one file per source with every price (the demo's own load splits each into two runs to show stale prices).
  run('npm', ['run', '--silent', 'demo-data', '--', '--size', size, '--out', feedDir, '--whole']);
}

await infra.startAll({ log: (line) => console.log(`[infra] ${line}`) });
const baseEnv = infra.infraEnv();
const urlFor = (database) => {
  const url = new URL(baseEnv.DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Sets the projections' consumer groups to the topics' ends, so a round sees only its own events. */
async function resetProjectionGroups() {
  const admin = new Admin({ clientId: 'bench-ingest', bootstrapBrokers: baseEnv.KAFKA_BROKERS.split(','), retries: 5 });
  const groups = { 'catalog-projections': ['items.upserted', 'prices.observed', 'ingest.run-completed'], 'stores-projections': ['stores.upserted', 'offers.upserted'], 'comparisons-projections': ['prices.observed'], 'alerts-prices': ['prices.observed', 'ingest.run-completed'] };
  for (const [groupId, topics] of Object.entries(groups)) {
    const ends = await Promise.all(topics.map((topic) => topicEnds(admin, topic)));
    await admin.alterConsumerGroupOffsets({
      groupId,
      topics: topics.map((name, i) => ({ name, partitionOffsets: ends[i].map((p) => ({ partition: p.partition, offset: p.high })) })),
    });
  }
  await admin.close();
}

/** Stops the apps of the previous round (the pids `npm run stack` recorded), so their consumer groups go idle. */
const stopStackApps = () => stopRecorded(path.join(root, '.data/stack/pids.json'));

/** Waits for the feed-run workers' readiness probes (tools/stack.mjs: worker i on stackPorts.workerProbe). */
async function workersReady(workers) {
  const base = Number(process.env.STACK_PORT_BASE ?? 3100);
  const deadline = Date.now() + 120_000;
  for (let i = 1; i <= workers; i++) {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${stackPorts.workerProbe(base, i)}/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`price-ingest-worker-${i} not ready after 120 s — see .data/stack/price-ingest-worker-${i}.log`);
      await sleep(250);
    }
  }
}


async function freshDatabase(database) {
  const admin = new pg.Client({ connectionString: baseEnv.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}

/** A one-line progress bar on stderr (redrawn on a terminal, a line every 5 s otherwise). */
function progress(label) {
  let lastLine = '';
  let lastAt = 0;
  return (done, total, detail = '') => {
    const pct = total ? Math.min(100, Math.floor((done / total) * 100)) : 0;
    const bar = `[${'#'.repeat(Math.round(pct * 0.3))}${'.'.repeat(30 - Math.round(pct * 0.3))}] ${String(pct).padStart(3)}%`;
    const line = `[bench]   ${label} ${bar} ${detail}`;
    if (line === lastLine) return;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K`);
    else if (Date.now() - lastAt > 5000 || pct === 100) {
      process.stderr.write(`${line}\n`);
      lastAt = Date.now();
    }
    lastLine = line;
  };
}

const isPriceLine = (node) => node.__typename === 'StoreProduct' || node.type === 'price';

/**
 * Copies of the feeds with every `every`-th price line changed (10 cents more, observed now): the `5 % changed`
 * round's input. S group lines carry the price in pricing.currentPrice, K group lines in pricing.normal.price.
 */
async function changedFeeds(every) {
  const dir = path.join(feedDir, `changed-1-in-${every}`);
  mkdirSync(dir, { recursive: true });
  const now = new Date().toISOString();
  const files = {};
  for (const source of FEEDS) {
    const out = createWriteStream(path.join(dir, `${source}.jsonl`));
    let prices = 0;
    for await (const line of readline.createInterface({ input: createReadStream(path.join(feedDir, `${source}.jsonl`)), crlfDelay: Infinity })) {
      let text = line;
      if (line.includes('"StoreProduct"') || line.includes('"type":"price"')) {
        prices++;
        if (prices % every === 0) {
          const node = JSON.parse(line);
          if (isPriceLine(node)) {
            if (node.__typename === 'StoreProduct') {
              const euros = Math.round((Number(node.pricing?.currentPrice ?? node.price) + 0.1) * 100) / 100;
              node.price = euros;
              if (node.pricing) node.pricing.currentPrice = euros;
              node.priceUpdatedAt = now;
            } else {
              node.pricing.normal.price = Math.round((Number(node.pricing.normal.price) + 0.1) * 100) / 100;
              node.fetchedAt = now;
            }
            text = JSON.stringify(node);
          }
        }
      }
      if (!out.write(`${text}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    files[source] = path.join(dir, `${source}.jsonl`);
  }
  return files;
}

/** Starts the stack with `workers` feed-run workers on a fresh database. */
async function startStack(workers, database) {
  log(`— ${workers} worker(s): fresh database ${database}, starting the stack…`);
  await stopStackApps();
  await freshDatabase(database);
  // The projections of a stopped stack keep their offsets; skip whatever is still on the topics.
  await resetProjectionGroups();
  const stackEnv = { PORT, RATE_LIMIT_PER_MINUTE: '0', STACK_DATABASE: database, STACK_INGEST_WORKERS: String(workers), STACK_LOAD_DEMO: 'false', DEMO_FEED_SIZE: 'small' };
  run(process.execPath, ['tools/stack.mjs', '--detach'], stackEnv);
  // The stack returns once the services are ready; its workers may still be booting. The clock measures ingest, not a
  // worker's start: wait until each worker is ready (database and Kafka producer connected).
  await workersReady(workers);
}

const manifest = JSON.parse(readFileSync(path.join(feedDir, 'manifest.json'), 'utf8'));

/** One round: the feeds queued at once on the running stack, timed to the projections' last commit. */
async function round(label, workers, database, files) {
  log(`— ${label} (${workers} worker(s), ${database})`);
  const url = urlFor(database);
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const base = { rows: Number((await sql.query('SELECT count(*) AS n FROM catalog.store_prices')).rows[0].n) };
  const lastRun = (await sql.query('SELECT coalesce(max(id), 0)::bigint AS id FROM ingest.feed_runs')).rows[0].id;
  const expectedPrices = manifest.prices ?? null;

  const loadAtStart = os.loadavg()[0];
  const cpuAtStart = stackCpu(root);
  const ingestEnv = { ...baseEnv, HINTAKORI_PROFILE: 'distributed', DATABASE_URL: url, INGEST_QUEUE_PREFIX: database, LOG_LEVEL: 'warn' };
  const enqueuers = FEEDS.map((source) =>
    spawn(process.execPath, ['-r', '@swc-node/register', 'tools/ingest/ingest.ts', '--source', source, '--file', files[source]], {
      cwd: root,
      env: { ...process.env, ...ingestEnv },
      stdio: ['ignore', 'ignore', 'ignore'],
    }),
  );
  const exits = enqueuers.map((child) => new Promise((resolve) => child.on('exit', resolve)));

  // The projections' consumer groups: a group is done when it has committed its topics' ends (each group commits a
  // fetched batch only after writing it), polled every 100 ms once the runs completed. (Counting the projected rows
  // every 500 ms, as before, cost PostgreSQL about a second of CPU per round.)
  const projections = {
    catalog: ['catalog-projections', ['prices.observed', 'ingest.run-completed']],
    comparisons: ['comparisons-projections', ['prices.observed']],
    alerts: ['alerts-prices', ['prices.observed', 'ingest.run-completed']],
  };
  const bar = progress(label.padEnd(11));
  let started = null;
  let published = null;
  let ends = null;
  const done = {};
  let cpuAtEnd = null;
  let counts = { published: 0, unchanged: 0 };
  for (;;) {
    const runs = (
      await sql.query('SELECT status, started_at, finished_at, prices_published, prices_unchanged FROM ingest.feed_runs WHERE id > $1', [lastRun])
    ).rows;
    const now = Date.now();
    if (runs.length > 0 && started === null && runs.length === FEEDS.length) started = Math.min(...runs.map((r) => r.started_at.getTime()));
    if (runs.find((r) => r.status === 'failed')) throw new Error(`a feed run failed — see .data/stack/price-ingest-worker-*.log`);
    const allPublished = runs.length === FEEDS.length && runs.every((r) => r.status === 'completed');
    counts = { published: runs.reduce((sum, r) => sum + Number(r.prices_published), 0), unchanged: runs.reduce((sum, r) => sum + Number(r.prices_unchanged), 0) };
    if (allPublished && published === null) {
      published = Math.max(...runs.map((r) => r.finished_at.getTime()));
      // Every event is on its topic once the runs completed (a chunk's prices are acknowledged before its checkpoint).
      ends = {};
      for (const topic of ['prices.observed', 'ingest.run-completed']) ends[topic] = await topicEnds(kafkaAdmin, topic);
    }
    if (ends) {
      for (const [name, [groupId, topics]] of Object.entries(projections)) {
        if (done[name]) continue;
        const [group] = await kafkaAdmin.listConsumerGroupOffsets({
          groups: [{ groupId, topics: topics.map((name) => ({ name, partitionIndexes: ends[name].map((end) => end.partition) })) }],
        });
        const behind = topics.some((name) => {
          const partitions = group?.topics.find((t) => t.name === name)?.partitions ?? [];
          return ends[name].some((end) => (partitions.find((p) => p.partitionIndex === end.partition)?.committedOffset ?? -1n) < end.high);
        });
        if (!behind) done[name] = now;
      }
      if (Object.keys(done).length === Object.keys(projections).length) cpuAtEnd = stackCpu(root);
    }
    const seen = counts.published + counts.unchanged;
    bar(seen, expectedPrices, `${seen} prices read, ${counts.published} published${allPublished ? '; runs completed' : ''}${Object.keys(done).length > 0 ? `; committed: ${Object.keys(done).join(', ')}` : ''}`);
    if (cpuAtEnd) {
      if (process.stderr.isTTY) process.stderr.write('\n');
      await Promise.all(exits);
      const finished = Math.max(...Object.values(done));
      const seconds = (finished - started) / 1000;
      const count = async (table) => Number((await sql.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
      const observations = counts.published + counts.unchanged;
      const result = {
        label,
        workers,
        prices: observations,
        published: counts.published,
        rows: { catalog: (await count('catalog.store_prices')) - base.rows, comparisons: await count('comparisons.price_matrix') },
        seconds,
        perSecond: observations / seconds,
        publishSeconds: (published - started) / 1000,
        catalogSeconds: (done.catalog - started) / 1000,
        comparisonsSeconds: (done.comparisons - started) / 1000,
        alertsSeconds: (done.alerts - started) / 1000,
        cpu: cpuBetween(cpuAtStart, cpuAtEnd),
        load: [loadAtStart, os.loadavg()[0]],
      };
      const copy = await copyRate(url, sql);
      await sql.end();
      log(`  ${label}: ${observations} observations (${counts.published} published) in ${seconds.toFixed(1)} s; COPY ${Math.round(copy.perSecond)} rows/s`);
      return { ...result, copy };
    }
    await sleep(ends ? 100 : 500);
  }
}

/** The raw COPY rate of the same rows (the catalog projection's current prices) into a scratch table. */
async function copyRate(url, sql) {
  const dir = path.join(root, '.data/bench');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'copy-rows.csv');
  const columns = 'item_id, store_id, price, comparison_price, price_unit, comparison_price_unit, is_campaign, updated_at';
  run('psql', [url, '-q', '-c', `\\copy (SELECT ${columns} FROM catalog.store_prices) TO '${file}' WITH (FORMAT csv)`]);
  await sql.query('DROP TABLE IF EXISTS public.bench_copy_scratch');
  await sql.query(
    'CREATE TABLE public.bench_copy_scratch (item_id integer NOT NULL, store_id integer NOT NULL, price integer NOT NULL, comparison_price integer, price_unit text NOT NULL, comparison_price_unit text NOT NULL, is_campaign boolean NOT NULL, updated_at timestamptz NOT NULL, PRIMARY KEY (item_id, store_id))',
  );
  const started = performance.now();
  run('psql', [url, '-q', '-c', `\\copy public.bench_copy_scratch FROM '${file}' WITH (FORMAT csv)`]);
  const seconds = (performance.now() - started) / 1000;
  const rows = Number((await sql.query('SELECT count(*) AS n FROM public.bench_copy_scratch')).rows[0].n);
  await sql.query('DROP TABLE public.bench_copy_scratch');
  rmSync(file, { force: true });
  return { rows, seconds, perSecond: rows / seconds };
}

const kafkaAdmin = new Admin({ clientId: 'bench-ingest-offsets', bootstrapBrokers: baseEnv.KAFKA_BROKERS.split(','), retries: 5 });
const results = [];
const originals = Object.fromEntries(FEEDS.map((source) => [source, path.join(feedDir, `${source}.jsonl`)]));
try {
  for (const workers of workerCounts) {
    const database = `hintakori_bench_w${workers}`;
    await startStack(workers, database);
    results.push(await round('fresh', workers, database, originals));
    results.push(await round('unchanged', workers, database, originals));
    if (size !== 'finland') results.push(await round('5 % changed', workers, database, await changedFeeds(20)));
  }
} finally {
  await kafkaAdmin.close().catch(() => undefined);
  log('stopping the stack…');
  spawnSync(process.execPath, ['tools/stack.mjs', 'down'], { cwd: root, stdio: 'inherit' });
}

const ratio = (r) => `1 : ${(r.copy.perSecond / r.perSecond).toFixed(1)} (${(r.perSecond / r.copy.perSecond).toFixed(2)}×)`;
const name = (r) => `${r.label}, ${r.workers} worker(s)`;
console.log(`\nIngest end to end (${size} ${FEEDS.join(' + ')} feed${FEEDS.length > 1 ? 's' : ''}, distributed profile; machine: ${os.cpus().length} cores):`);
console.table(
  results.map((r) => ({
    round: r.label,
    workers: r.workers,
    observations: r.prices,
    published: r.published,
    'rows (catalog / comparisons)': `${r.rows.catalog} / ${r.rows.comparisons}`,
    'end to end s': r.seconds.toFixed(1),
    'observations/s': Math.round(r.perSecond),
    'runs done s': r.publishSeconds.toFixed(1),
    'catalog done s': r.catalogSeconds.toFixed(1),
    'comparisons done s': r.comparisonsSeconds.toFixed(1),
    'alerts done s': r.alertsSeconds.toFixed(1),
    'COPY rows/s': Math.round(r.copy.perSecond),
    'ingest : COPY': ratio(r),
    'load avg (1 min) start → end': `${r.load[0].toFixed(2)} → ${r.load[1].toFixed(2)}`,
  })),
);
console.log(
  `Placement: ${os.cpus().length} cores, nothing pinned: the ${workerCounts.join(' / ')} feed-run worker process(es), PostgreSQL, Kafka, Redis and the ` +
    'projection services share them as the kernel schedules (each worker takes one of the two feeds\' runs at a time).',
);
const total = (cpu) => Object.values(cpu).reduce((a, b) => a + b, 0);
console.log("\nCPU seconds per process during each round (from /proc, the queueing of the runs to the last projection's commit):");
console.table(Object.fromEntries(results.map((r) => [name(r), { ...Object.fromEntries(Object.entries(r.cpu).map(([k, v]) => [k, Number(v.toFixed(1))])), total: Number(total(r.cpu).toFixed(1)), 'wall s': Number(r.seconds.toFixed(1)) }])));
console.log('\nCPU seconds per 100,000 observations, per component:');
console.table(Object.fromEntries(results.map((r) => [name(r), { ...Object.fromEntries(Object.entries(r.cpu).map(([k, v]) => [k, Number(((v / r.prices) * 100_000).toFixed(2))])), total: Number(((total(r.cpu) / r.prices) * 100_000).toFixed(2)) }])));
const totalPer100k = (r) => (total(r.cpu) / r.prices) * 100_000;
const workersPer100k = (r) => (Object.entries(r.cpu).filter(([k]) => k.startsWith('price-ingest-worker')).reduce((a, [, v]) => a + v, 0) / r.prices) * 100_000;
const rounds = [...new Set(results.map((r) => r.label))];
if (workerCounts.length > 1) {
  console.log(`\nBy worker count (observations/s, ×COPY, CPU s per 100,000 observations: all processes / the workers; ${os.cpus().length} cores: the CPU per 100,000 must not grow with the workers):`);
  console.table(
    Object.fromEntries(
      rounds.map((label) => [
        label,
        Object.fromEntries(
          results
            .filter((r) => r.label === label)
            .map((r) => [`${r.workers} worker(s)`, `${Math.round(r.perSecond)}/s, ${(r.perSecond / r.copy.perSecond).toFixed(2)}×, ${totalPer100k(r).toFixed(2)} / ${workersPer100k(r).toFixed(2)} s`]),
        ),
      ]),
    ),
  );
}
console.log('COPY: the same rows (one per price) into a scratch table with a primary key on the same PostgreSQL server, one psql \\copy, right after the round.');
console.log('The pipeline writes more per published observation: a current-price upsert and a price-history row (catalog) and a comparison row (comparisons), through Kafka;');
console.log('an observation the source published before unchanged is compared in the worker and goes no further (its store\'s run time is its price age).');
