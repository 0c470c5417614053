/**
 * Loads the demo data of the distributed profile by feed runs, the way real prices arrive:
 * generated feed files → queue (Redis) → the stack's price-ingest worker processes → Kafka → the
 * projections of catalog, stores and comparisons. Run by `npm run stack` before it reports ready:
 *
 *   node -r @swc-node/register tools/ingest/demo.ts --dir <feed dir>   (size: DEMO_FEED_SIZE, default small)
 *
 * Runs that completed before (same database) are not repeated, so a second start only checks. Then it waits
 * until the projections' consumer groups have committed everything on the ingest topics.
 */
import 'reflect-metadata';
import { FeedRunsService, loadDemoFeeds, loadIngestAppConfig, PriceIngestModule, waitForProjections } from '@hintakori/price-ingest-service';
import { NestFactory } from '@nestjs/core';
import { resolve } from 'node:path';
import { progressBar } from './progress';

async function main(): Promise<void> {
  const dirIndex = process.argv.indexOf('--dir');
  const dirArg = dirIndex >= 0 ? process.argv[dirIndex + 1] : undefined;
  const config = loadIngestAppConfig({ LOG_LEVEL: 'warn', ...process.env }, {}, { feeds: [] });
  const size = config.ingest.demoFeedSize;
  const dir = resolve(dirArg ?? `${config.dataDir}/demo-feeds`, size);
  const log = (line: string) => process.stdout.write(`[demo] ${line}\n`);
  // Only queues runs: the worker processes take them.
  const app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(config, { runWorkers: false }), {
    logger: ['error', 'warn'],
  });
  const started = Date.now();
  try {
    const bars = new Map<string, ReturnType<typeof progressBar>>();
    const runs = await loadDemoFeeds(app.get(FeedRunsService), {
      dir,
      size,
      log,
      onRunProgress: (source, run, total) => {
        let bar = bars.get(source);
        if (!bar) bars.set(source, (bar = progressBar(`[demo] ${source} run ${run.id}`, process.stdout)));
        bar.update(run.checkpointLine, total, `${run.checkpointLine} lines, ${run.pricesPublished} prices, ${run.recordsRejected} rejected`);
        if (run.status === 'completed') bar.done();
      },
    });
    const published = Date.now();
    // Also on a later start: the projections may not have finished what an earlier start published.
    if (runs.length === 0) log(`the ${size} demo feed runs completed on an earlier start; checking the projections…`);
    else log(`feed runs published in ${((published - started) / 1000).toFixed(1)} s; waiting for the projections to commit…`);
    const bar = progressBar('[demo] projections', process.stdout);
    let peak = 0;
    await waitForProjections(config.kafkaBrokers, {
      onPoll: (lag) => {
        peak = Math.max(peak, lag.total);
        bar.update(peak - lag.total, peak, `${lag.total} messages behind (${Object.entries(lag.byGroup).map(([g, n]) => `${g.replace(/-projections$/, '')} ${n}`).join(', ')})`);
      },
    });
    bar.done();
    if (runs.length === 0) return;
    const prices = runs.reduce((sum, run) => sum + run.pricesPublished, 0);
    const seconds = (Date.now() - started) / 1000;
    log(`the ${size} demo data is loaded: ${prices} prices in ${seconds.toFixed(1)} s (${Math.round(prices / seconds)}/s; publishing ${((published - started) / 1000).toFixed(1)} s, projections catching up ${((Date.now() - published) / 1000).toFixed(1)} s)`);
  } finally {
    await app.close();
  }
}

main().then(
  // Exit even if a client library keeps a socket open after close.
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
