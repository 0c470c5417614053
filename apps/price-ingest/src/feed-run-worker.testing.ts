/**
 * A feed-run worker process for the crash test (feed-pipeline.contract-spec.ts), started with
 * `node -r @swc-node/register` and configured by the environment like main.worker.ts, with short lock
 * and stall intervals so a killed worker's job is taken over quickly, and small checkpoints. Test code: the build
 * leaves `*.testing.ts` out of dist/, so no image carries it.
 *
 * TEST_STALL_AT_PRICE_PUBLISH=<n>: on the n-th publication of a chunk's prices, publish the first half
 * only, print "STALLED <run id>" and hang — the test then SIGKILLs the process between a half-published
 * chunk and its checkpoint, the worst moment.
 *
 * Runs are split into shards as by main.worker.ts (INGEST_SHARD_BYTES, INGEST_MAX_SHARDS): this process queues the
 * parts of a run it plans, and takes parts like any worker. It prints "WORKER <host:pid>", the name a run's report
 * gives the worker of each part.
 */
import 'reflect-metadata';
import { IngestTopics, type IngestTopic } from '@hintakori/price-ingest-contracts';
import {
  FeedRunner,
  FeedRunShardsRepository,
  FeedRunsRepository,
  FeedShards,
  IngestPublisher,
  loadIngestAppConfig,
  PriceIngestModule,
  PublishedPricesRepository,
  RegistryRepository,
  WORKER_NAME,
} from '@hintakori/price-ingest-service';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
// The worker's own wiring, which the library does not export: its queue, job processor and open-data sources.
import { createFeedQueue, createFeedWorker, jobOptions, SHARD_JOB } from '../../../libs/price-ingest/service/src/jobs/feed-queue';
import { FeedRunProcessor } from '../../../libs/price-ingest/service/src/jobs/feed-run.processor';
import type { OutgoingMessage } from '../../../libs/price-ingest/service/src/publishing/ingest-publisher';
import { createOpenDataWiring } from '../../../libs/price-ingest/service/src/sources/open-data-wiring';

class StallingPublisher extends IngestPublisher {
  private pricePublishes = 0;

  constructor(
    private readonly inner: IngestPublisher,
    private readonly stallAt: number,
  ) {
    super();
  }

  override async publish(topic: IngestTopic, messages: readonly OutgoingMessage[]): Promise<void> {
    if (topic === IngestTopics.PricesObserved && messages.length > 0 && ++this.pricePublishes === this.stallAt) {
      await this.inner.publish(topic, messages.slice(0, Math.ceil(messages.length / 2)));
      process.stdout.write('STALLED\n');
      await new Promise<never>(() => undefined);
    }
    await this.inner.publish(topic, messages);
  }

  override ready(): Promise<boolean> {
    return this.inner.ready();
  }

  override close(): Promise<void> {
    return this.inner.close();
  }
}

async function main(): Promise<void> {
  const config = loadIngestAppConfig({ LOG_LEVEL: 'warn', ...process.env }, {}, { feeds: [] });
  const app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(config, { runWorkers: false }), {
    logger: ['error', 'warn'],
  });
  const stallAt = Number(process.env.TEST_STALL_AT_PRICE_PUBLISH ?? 0);
  const publisher = stallAt > 0 ? new StallingPublisher(app.get(IngestPublisher), stallAt) : app.get(IngestPublisher);
  const runs = app.get(FeedRunsRepository);
  const openData = createOpenDataWiring(app.get(DataSource), config.ingest.openData);
  const published = app.get(PublishedPricesRepository);
  const runner = new FeedRunner(runs, app.get(RegistryRepository), published, publisher, openData, config.ingest.feedLimits);
  const queue = createFeedQueue(config);
  const shards = new FeedShards(runner, runs, new FeedRunShardsRepository(app.get(DataSource)), published, publisher, config.ingest.shards, config.ingest.feedLimits);
  const processor = new FeedRunProcessor(runner, runs, Number(process.env.TEST_CHECKPOINT_LINES ?? 500), {
    shards,
    enqueue: (data, jobId) => queue.add(SHARD_JOB, data, { ...jobOptions(config), jobId }),
  });
  const worker = createFeedWorker(config, (job) => processor.process(job), { lockDuration: 2000, stalledInterval: 1000 });
  worker.on('error', (error) => process.stderr.write(`worker: ${error.message}\n`));
  process.stdout.write(`WORKER ${WORKER_NAME}\nREADY\n`);
  const stop = async () => {
    await worker.close().catch(() => undefined);
    await queue.close().catch(() => undefined);
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
