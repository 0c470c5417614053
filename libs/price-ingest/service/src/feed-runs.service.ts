import { APP_CONFIG } from '@hintakori/platform-config';
import { appMetrics } from '@hintakori/platform-telemetry';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createOpenDataWiring } from './sources/open-data-wiring';
import { createSourceRateLimiter, type SourceRateLimiter } from './sources/http/source-rate-limiter';
import { chainRefreshWiring, type ChainRefreshWiring } from './refresh/refresh-wiring';
import { SOURCE_PATTERN } from './feeds/adapters';
import type { IngestAppConfig } from './ingest-config';
import { createFeedQueue, createFeedWorker, FEED_QUEUE, FeedQueue, FeedWorker, jobOptions, SHARD_JOB, WorkerTuning } from './jobs/feed-queue';
import { FeedRunProcessor } from './jobs/feed-run.processor';
import { IdleCollector } from './jobs/idle-collector';
import { IngestPublisher } from './publishing/ingest-publisher';
import { PublishedPricesRepository } from './published/published-prices.repository';
import { RegistryRepository } from './registry/registry.repository';
import { FeedRunner } from './runs/feed-runner';
import { FeedRunShardsRepository, type FeedRunShard } from './runs/feed-run-shards.repository';
import { FeedRun, FeedRunsRepository } from './runs/feed-runs.repository';
import { FeedShards } from './runs/feed-shards';
import { registerFreshnessProvider } from './status/freshness';

export const WORKER_TUNING = Symbol('WORKER_TUNING');

/**
 * Feed runs of this process: enqueues runs and the repeatable job per configured feed, and — when the
 * process runs workers (standalone host, main.worker.ts) — processes them.
 */
@Injectable()
export class FeedRunsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('FeedRuns');
  private queue: FeedQueue | null = null;
  private worker: FeedWorker | null = null;
  private idle: IdleCollector | null = null;
  private refresh: ChainRefreshWiring | null = null;
  private limiter: SourceRateLimiter | null = null;
  private readonly shards: FeedRunShardsRepository;

  constructor(
    @Inject(APP_CONFIG) private readonly config: IngestAppConfig,
    private readonly runs: FeedRunsRepository,
    private readonly registry: RegistryRepository,
    private readonly published: PublishedPricesRepository,
    private readonly publisher: IngestPublisher,
    @Inject(WORKER_TUNING) private readonly tuning: WorkerTuning & { runWorkers?: boolean; now?: () => Date },
    private readonly dataSource: DataSource,
  ) {
    this.shards = new FeedRunShardsRepository(dataSource);
  }

  async onApplicationBootstrap(): Promise<void> {
    // A migrations run (HINTAKORI_MIGRATE_ONLY) closes the context as soon as it is up: no queue, no schedules, no workers.
    if (this.config.migrateOnly) return;
    registerFreshnessProvider(() => this.runs.freshness());
    this.queue = createFeedQueue(this.config);
    for (const feed of this.config.ingest.feeds) {
      const data = { source: feed.source, location: feed.location };
      await this.queue.upsertJobScheduler(`feed:${feed.source}`, { pattern: feed.schedule }, { name: 'feed-run', data, opts: jobOptions(this.config) });
      this.logger.log(`scheduled ${feed.source} from ${feed.location || 'its public endpoint'} (${feed.schedule})`);
    }
    if (this.tuning.runWorkers ?? this.config.ingest.runWorkers) {
      // hintakori_queue_depth{queue="price-ingest-feeds"}: runs and shards waiting for a worker, what the worker HPA scales on
      // (every worker process reports the same queue: the adapter takes the max).
      const queue = this.queue;
      appMetrics.observeQueueDepth(FEED_QUEUE, () => queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'));
      this.startWorker();
    }
  }

  startWorker(): FeedWorker {
    if (this.worker) return this.worker;
    this.refresh = chainRefreshWiring(this.dataSource, this.config);
    // Each pull source's rate, shared with every other worker process through Redis in the distributed profile.
    this.limiter = createSourceRateLimiter(this.config, { rates: this.config.ingest.openData.requestRates, budgets: this.config.ingest.requestBudgets });
    const wiring = createOpenDataWiring(this.dataSource, this.config.ingest.openData, this.limiter);
    const adapterOptions = this.tuning.now ? { ...wiring.adapterOptions, now: this.tuning.now } : wiring.adapterOptions;
    const openData = { ...wiring, adapterOptions, ...this.refresh.wiring };
    const runner = new FeedRunner(this.runs, this.registry, this.published, this.publisher, openData, this.config.ingest.feedLimits);
    const shards = new FeedShards(runner, this.runs, this.shards, this.published, this.publisher, this.config.ingest.shards, this.config.ingest.feedLimits);
    const processor = new FeedRunProcessor(runner, this.runs, this.tuning.checkpointLines, {
      shards,
      enqueue: (data, jobId) => this.requireQueue().add(SHARD_JOB, data, { ...jobOptions(this.config), jobId }),
    });
    // Between runs the worker gives back the heap a run grew (jobs/idle-collector.ts; needs --expose-gc).
    const idle = (this.idle = new IdleCollector({ onCollected: (ms) => this.logger.debug(`idle: a full collection in ${ms.toFixed(0)} ms`) }));
    this.worker = createFeedWorker(this.config, (job) => idle.around(() => processor.process(job)), this.tuning);
    this.worker.on('error', (error) => this.logger.error(`worker: ${error.message}`));
    this.logger.log(`feed-run worker started (concurrency ${this.config.ingest.workerConcurrency}${idle.enabled ? '; a full collection when idle' : ''})`);
    return this.worker;
  }

  /** Creates a run and queues it; the returned run is 'queued'. */
  /** `refresh`: a pull source asks its service again even where its copy is fresh (scheduled runs never do). */
  async enqueue(source: string, location: string, label?: string, options: { refresh?: boolean } = {}): Promise<FeedRun> {
    if (!SOURCE_PATTERN.test(source)) throw new Error(`Unknown source "${source}": use s-group, k-group, lidl, osm, open-food-facts, open-prices, csv:<name> or jsonl:<name>`);
    const run = await this.runs.create(source, location, { label });
    // The creation time keeps job ids unique when a database (and its run ids) is recreated under the same queue prefix:
    // BullMQ ignores a job whose id it still holds.
    const jobId = `run-${run.id}-${Date.parse(run.startedAt)}`;
    await this.requireQueue().add('feed-run', { source, location, runId: run.id, label, ...(options.refresh ? { refresh: true } : {}) }, { ...jobOptions(this.config), jobId });
    return run;
  }

  /** Waits until the runs are completed (or one fails for good), reporting progress. */
  async waitFor(runIds: readonly string[], onPoll?: (runs: FeedRun[]) => void, pollMs = 1000): Promise<FeedRun[]> {
    for (;;) {
      const current = (await Promise.all(runIds.map((id) => this.runs.get(id)))).filter((r): r is FeedRun => r !== null);
      onPoll?.(current);
      const failed = current.find((r) => r.status === 'failed');
      if (failed) throw new Error(`Feed run ${failed.id} (${failed.source}) failed: ${failed.lastError ?? 'unknown error'}`);
      if (current.every((r) => r.status === 'completed')) return current;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  get feedRuns(): FeedRunsRepository {
    return this.runs;
  }

  /** The parts of a split run with the worker that took each (empty: the run was read whole). */
  shardsOf(runId: string): Promise<FeedRunShard[]> {
    return this.shards.list(runId);
  }

  private requireQueue(): FeedQueue {
    if (!this.queue) throw new Error('The feed queue is not open yet');
    return this.queue;
  }

  async onModuleDestroy(): Promise<void> {
    registerFreshnessProvider(null);
    await this.worker?.close().catch(() => undefined);
    this.idle?.cancel();
    await this.queue?.close().catch(() => undefined);
    await this.refresh?.close();
    await this.limiter?.close();
    await this.publisher.close().catch(() => undefined);
  }
}
