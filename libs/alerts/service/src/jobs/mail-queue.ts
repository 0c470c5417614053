import type { AppConfig } from '@hintakori/platform-config';
import { createPostgresBackend, Job, JobsOptions, Queue, Worker, withBackend, type Processor } from 'bullmq';
import IORedis from 'ioredis';
import type { AlertsConfig } from '../alerts-config';

export const MAIL_QUEUE = 'alerts-mail';

/** Send the double opt-in mail of one confirmation (the plain token lives only here and in the mail). */
export interface ConfirmationJobData {
  kind: 'confirmation';
  confirmationId: number;
  token: string;
}

/** Send one address its price drops for one feed run (or for the end of its 12-hour window: runId `after-<ms>`). */
export interface NotificationJobData {
  kind: 'notification';
  subscriberId: number;
  runId: string;
}

export type MailJobData = ConfirmationJobData | NotificationJobData;
export type MailJob = Job<MailJobData>;

/** What the alerts service uses of a queue, whichever backend holds it. */
export interface MailQueue {
  add(name: string, data: MailJobData, opts?: JobsOptions): Promise<unknown>;
  close(): Promise<void>;
}

export interface MailWorker {
  on(event: 'error', listener: (error: Error) => void): unknown;
  close(force?: boolean): Promise<void>;
}

/**
 * The same backend choice as price-ingest's feed queue: BullMQ's PostgreSQL backend on the service database in
 * the standalone profile (schema `<prefix>_alerts_jobs`), Redis (REDIS_URL, key prefix `<prefix>`) when distributed.
 */
export function createMailQueue(config: AppConfig, alerts: AlertsConfig): MailQueue {
  if (config.profile === 'standalone') {
    const pg = withBackend(createPostgresBackend);
    return new pg.Queue<MailJobData>(MAIL_QUEUE, { connection: pgConnection(config, alerts) });
  }
  const redis = new IORedis(config.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue<MailJobData>(MAIL_QUEUE, { connection: redis, prefix: alerts.queuePrefix });
  return {
    add: (name, data, opts) => queue.add(name, data, opts),
    async close() {
      await queue.close();
      await redis.quit().catch(() => undefined);
    },
  };
}

export function createMailWorker(config: AppConfig, alerts: AlertsConfig, processor: Processor<MailJobData>): MailWorker {
  const common = { concurrency: 2, lockDuration: 60_000, stalledInterval: 30_000, maxStalledCount: 3 };
  if (config.profile === 'standalone') {
    const pg = withBackend(createPostgresBackend);
    return new pg.Worker<MailJobData>(MAIL_QUEUE, processor as never, { ...common, connection: pgConnection(config, alerts) });
  }
  const redis = new IORedis(config.redisUrl, { maxRetriesPerRequest: null });
  const worker = new Worker<MailJobData>(MAIL_QUEUE, processor, { ...common, connection: redis, prefix: alerts.queuePrefix });
  return {
    on: (event, listener) => worker.on(event, listener),
    async close(force?: boolean) {
      await worker.close(force);
      await redis.quit().catch(() => undefined);
    },
  };
}

function pgConnection(config: AppConfig, alerts: AlertsConfig) {
  return { connectionString: config.databaseUrl, schema: `${alerts.queuePrefix}_alerts_jobs`, max: 3, migrate: true };
}

/** Retries with exponential backoff; finished jobs are kept for a while so a repeated id is recognised. */
export function mailJobOptions(alerts: AlertsConfig): JobsOptions {
  return {
    attempts: alerts.jobAttempts,
    backoff: { type: 'exponential', delay: alerts.backoffMs },
    removeOnComplete: { count: 1000 },
    removeOnFail: { count: 1000 },
  };
}
