import { Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { FeedTooLargeError } from '../feeds/feed-input';
import { SourceBlockedError } from '../sources/source-http';
import { FeedRunner, RunProgress } from '../runs/feed-runner';
import { FeedRunsRepository } from '../runs/feed-runs.repository';
import type { FeedShards } from '../runs/feed-shards';
import { type FeedJob, type FeedJobData, SHARD_JOB } from './feed-queue';

/** How a worker splits runs: the parts' runner and how a part is queued for any worker (the job id keeps it once). */
export interface ShardWiring {
  shards: FeedShards;
  enqueue(data: FeedJobData, jobId: string): Promise<unknown>;
}

/** Processes one feed-run job: a retried or taken-over job resumes its run from the last checkpoint. */
export class FeedRunProcessor {
  private readonly logger = new Logger('FeedRunProcessor');

  constructor(
    private readonly runner: FeedRunner,
    private readonly runs: FeedRunsRepository,
    private readonly checkpointLines?: number,
    /** Splits a file run into parts any worker takes (runs/feed-shards.ts); without it every run is read whole. */
    private readonly split?: ShardWiring,
  ) {}

  async process(job: FeedJob): Promise<{ runId: string; prices: number; rejected: number; shards?: number }> {
    const runId = job.data.runId ?? (await this.runs.create(job.data.source, job.data.location, { jobKey: `job:${job.id}`, label: job.data.label })).id;
    let lastLogged = 0;
    const onProgress = async (p: RunProgress) => {
      const pct = p.totalBytes ? Math.min(100, Math.floor((p.bytesRead / p.totalBytes) * 100)) : 0;
      await job.updateProgress({ runId, percent: pct, lines: p.lines, prices: p.prices, rejected: p.rejected });
      if (Date.now() - lastLogged > 2000 || pct === 100) {
        lastLogged = Date.now();
        this.logger.log(`run ${runId} (${p.source}): ${pct}% — ${p.lines} lines, ${p.prices} prices published, ${p.rejected} rejected`);
      }
    };
    try {
      const split = this.split;
      if (split && job.name === SHARD_JOB && job.data.shard !== undefined) {
        const run = await split.shards.runShard(runId, job.data.shard, { onProgress, chunkLines: this.checkpointLines, refresh: job.data.refresh === true });
        return { runId, prices: run.pricesPublished, rejected: run.recordsRejected };
      }
      const parts = split ? await split.shards.plan(runId) : null;
      if (split && parts) {
        // The head (a file's stores and products, a pull's store listing) first, here; then every other part is queued for any worker.
        const head = await split.shards.runShard(runId, 0, { onProgress, chunkLines: this.checkpointLines, refresh: job.data.refresh === true });
        const { shard: _shard, ...data } = job.data;
        for (const part of parts.slice(1)) await split.enqueue({ ...data, runId, shard: part.shardNo }, `${String(job.id).replace(/:/g, '_')}-shard-${part.shardNo}`);
        return { runId, prices: head.pricesPublished, rejected: head.recordsRejected, shards: parts.length };
      }
      const run = await this.runner.run(runId, { onProgress, chunkLines: this.checkpointLines, refresh: job.data.refresh === true });
      return { runId, prices: run.pricesPublished, rejected: run.recordsRejected };
    } catch (error) {
      // A bot challenge is the service saying no: the run stops for good (a retry would be trying to get past it),
      // keeping every chunk it committed before.
      const blocked = error instanceof SourceBlockedError;
      const message = blocked ? blockedReason(job.data.source, error) : error instanceof Error ? error.message : String(error);
      // So does a feed past its decompressed cap: another attempt would read the same bytes to the same end.
      const stops = blocked || error instanceof FeedTooLargeError;
      const final = stops || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await this.runs.fail(runId, message, final).catch(() => undefined);
      this.logger.error(`run ${runId} (${job.data.source}) failed${final ? '' : ', will retry'}: ${message}`);
      throw stops ? new UnrecoverableError(message) : error;
    }
  }
}

/** The report's reason of a run stopped by a bot challenge: the source needs an agreement, not another try. */
export function blockedReason(source: string, error: SourceBlockedError): string {
  const name = source === 'k-ruoka' ? 'K-Ruoka' : source === 's-kaupat' ? 'S-kaupat' : source === 'lidl' ? 'Lidl' : source;
  return `blocked by a bot challenge: ${name} needs an agreement for this use (${error.message})`;
}
