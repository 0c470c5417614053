import type { AppConfig } from '@hintakori/platform-config';
import { createPostgresBackend, Job, JobsOptions, Queue, RepeatOptions, Worker, withBackend, type Processor, type WorkerOptions } from 'bullmq';
import IORedis from 'ioredis';
import type { IngestAppConfig } from '../ingest-config';

export const FEED_QUEUE = 'price-ingest-feeds';

export interface FeedJobData {
  source: string;
  location: string;
  /** Set for one-off runs created up front (CLI, demo feed); scheduled jobs create their run from the job id. */
  runId?: string;
  label?: string;
  /** A pull source asks its service again even where its copy is fresh (an operator's `npm run ingest -- --refresh`). */
  refresh?: boolean;
  /** Set on a job of one part of a split run (runs/feed-shards.ts, job name SHARD_JOB): the part's number. */
  shard?: number;
}

/** The job name of a feed run ('feed-run': the whole run, or its planning and head when it is split). */
export const RUN_JOB = 'feed-run';
/** The job name of one part of a split run. */
export const SHARD_JOB = 'feed-shard';

export interface WorkerTuning {
  /** How long a job's lock lasts without renewal; a killed worker's job is taken over after about this long. */
  lockDuration?: number;
  stalledInterval?: number;
  /** Lines between checkpoints of a run (default 20,000); tests use small values. */
  checkpointLines?: number;
}

/**
 * The one place that picks the queue backend: BullMQ's PostgreSQL backend on the service database in
 * the standalone profile (schema `<prefix>_jobs`), Redis (REDIS_URL, key prefix `<prefix>`) in the distributed one.
 */
export function createFeedQueue(config: AppConfig): FeedQueue {
  if (config.profile === 'standalone') {
    const pg = withBackend(createPostgresBackend);
    return new pg.Queue<FeedJobData>(FEED_QUEUE, { connection: pgConnection(config) });
  }
  return new RedisFeedQueue(new IORedis(config.redisUrl, { maxRetriesPerRequest: null }), config.queuePrefix);
}

// BullMQ leaves a connection it was given open on close(); these own theirs, so a closed process can exit.
class RedisFeedQueue extends Queue<FeedJobData> {
  constructor(
    private readonly redis: IORedis,
    prefix: string,
  ) {
    super(FEED_QUEUE, { connection: redis, prefix });
  }

  override async close(): Promise<void> {
    await super.close();
    await this.redis.quit().catch(() => undefined);
  }
}

class RedisFeedWorker extends Worker<FeedJobData> {
  constructor(
    private readonly redis: IORedis,
    processor: Processor<FeedJobData>,
    options: Omit<WorkerOptions, 'connection'>,
  ) {
    super(FEED_QUEUE, processor, { ...options, connection: redis });
  }

  override async close(force?: boolean): Promise<void> {
    await super.close(force);
    await this.redis.quit().catch(() => undefined);
  }
}

/** What price-ingest uses of a queue, whichever backend holds it. */
export interface FeedQueue {
  add(name: string, data: FeedJobData, opts?: JobsOptions): Promise<unknown>;
  /** Jobs by state (waiting, active, delayed, failed…): the queue depth the worker HPA scales on. */
  getJobCounts(...types: ('waiting' | 'active' | 'delayed' | 'failed' | 'completed' | 'prioritized')[]): Promise<Record<string, number>>;
  upsertJobScheduler(id: string, repeat: Omit<RepeatOptions, 'key'>, template?: { name?: string; data?: FeedJobData; opts?: Omit<JobsOptions, 'jobId' | 'repeat' | 'delay'> }): Promise<unknown>;
  close(): Promise<void>;
}

/** What price-ingest uses of a worker. */
export interface FeedWorker {
  on(event: 'error', listener: (error: Error) => void): unknown;
  close(force?: boolean): Promise<void>;
}

export function createFeedWorker(config: IngestAppConfig, processor: Processor<FeedJobData>, tuning: WorkerTuning = {}): FeedWorker {
  const common = {
    concurrency: config.ingest.workerConcurrency,
    lockDuration: tuning.lockDuration ?? 60_000,
    stalledInterval: tuning.stalledInterval ?? 30_000,
    // A killed worker's run is taken over (and resumed from its checkpoint) rather than failed.
    maxStalledCount: 10,
  };
  if (config.profile === 'standalone') {
    const pg = withBackend(createPostgresBackend);
    return new pg.Worker<FeedJobData>(FEED_QUEUE, processor as never, { ...common, connection: pgConnection(config) });
  }
  return new RedisFeedWorker(new IORedis(config.redisUrl, { maxRetriesPerRequest: null }), processor, { ...common, prefix: config.queuePrefix });
}

function pgConnection(config: AppConfig) {
  return { connectionString: config.databaseUrl, schema: `${config.queuePrefix}_jobs`, max: 3, migrate: true };
}

export function jobOptions(config: IngestAppConfig) {
  return {
    attempts: config.ingest.jobAttempts,
    backoff: { type: 'exponential' as const, delay: config.ingest.backoffMs },
    removeOnComplete: { count: 200 },
    removeOnFail: { count: 500 },
  };
}

export type FeedJob = Job<FeedJobData>;
