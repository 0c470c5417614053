import { IngestTopics, type RunCompletedEvent, type RunSeenStores } from '@hintakori/price-ingest-contracts';
import { Logger } from '@nestjs/common';
import { hostname } from 'node:os';
import type { FeedLimits } from '../feeds/feed-input';
import { PublishedPricesRepository, type StorePrices } from '../published/published-prices.repository';
import { IngestPublisher } from '../publishing/ingest-publisher';
import { FeedRunner, type RunOptions } from './feed-runner';
import { type FeedRunShard, FeedRunShardsRepository } from './feed-run-shards.repository';
import { type FeedRun, FeedRunsRepository, LostRunError } from './feed-runs.repository';
import { openShard, planShards, type ShardSettings } from './shard-plan';
import { MAX_REMEMBERED } from './unchanged-lines';
import { adapterFor } from '../feeds/adapters';
import { isPullSource } from '../sources/pull-source';

/** The worker's name in a run's report: its host (a pod's name in Kubernetes) and process id. */
export const WORKER_NAME = `${hostname()}:${process.pid}`;

/**
 * One run split across workers: the plan (a file's head, then byte ranges: shard-plan.ts), each part run by whichever
 * worker takes it from the queue (FeedRunner.run over the part's lines, with the part's own checkpoint), and the run's
 * end once its last part completed — the unlisting of what the whole run no longer had, the stores it priced,
 * RunCompleted and `completed`, as a run read whole ends.
 */
export class FeedShards {
  private readonly logger = new Logger('FeedShards');

  constructor(
    private readonly runner: FeedRunner,
    private readonly runs: FeedRunsRepository,
    private readonly shards: FeedRunShardsRepository,
    private readonly published: PublishedPricesRepository,
    private readonly publisher: IngestPublisher,
    private readonly settings: ShardSettings,
    private readonly limits: FeedLimits,
  ) {}

  /** The run's parts: planned now if they were not (null: the run is read whole by one worker). */
  async plan(runId: string): Promise<FeedRunShard[] | null> {
    const run = await this.runs.get(runId);
    if (!run) throw new LostRunError(`Feed run ${runId} does not exist`);
    if (run.shards !== null) return this.shards.list(runId);
    if (run.status === 'completed') return null;
    const ranges = await planShards(run.source, run.location, this.settings, this.limits);
    if (!ranges) return null;
    const planned = await this.shards.plan(runId, ranges);
    const parts = isPullSource(adapterFor(run.source, {}, run.location))
      ? `the store listing first, then ${planned.length - 1} parts of the stores' prices`
      : `the head of ${ranges[0].endByte} bytes first, then ${planned.length - 1} of about ${this.settings.shardBytes} bytes`;
    this.logger.log(`run ${runId} (${run.source}): split into ${planned.length} shards (${parts})`);
    return planned;
  }

  /** Runs one part (from its checkpoint); the worker that completes the run's last part ends the run. */
  async runShard(runId: string, shardNo: number, options: Omit<RunOptions, 'shard'> = {}): Promise<FeedRun> {
    const shard = await this.shards.start(runId, shardNo, WORKER_NAME);
    const run = await this.runs.get(runId);
    if (!run) throw new LostRunError(`Feed run ${runId} does not exist`);
    if (run.status === 'completed') return run;
    if (run.status === 'failed') {
      // Another part ran out of attempts: the run has failed for good (its report says why); this part is not read.
      this.logger.warn(`run ${runId} shard ${shardNo}: not read, the run failed: ${run.lastError ?? 'unknown error'}`);
      return run;
    }
    if (shard.status === 'completed') {
      // A retried job whose part was done: its worker may have stopped before the run's end.
      return (await this.shards.allCompleted(runId)) ? this.finishRun(run) : run;
    }
    const pull = isPullSource(adapterFor(run.source, {}, run.location));
    if (shard.checkpointLine > 0) this.logger.log(`run ${runId} shard ${shardNo}: resuming after its line ${shard.checkpointLine} (${WORKER_NAME})`);
    let last = false;
    await this.runner.run(runId, {
      ...options,
      shard: {
        run,
        resumeAfter: shard.checkpointLine,
        // A pull split by store: the part's store listing or prices, asked now; a file: the part's bytes.
        open: () => (pull ? this.runner.openPullPart(run, { no: shardNo, parts: run.shards ?? 1 }, options.refresh === true) : openShard(run.location, shard, this.limits)),
        checkpoint: (from, to, counts) => this.shards.checkpoint(runId, shardNo, from, to, counts),
        finish: async (state, atLine) => {
          ({ last } = await this.shards.complete(runId, shardNo, atLine, run.source, {
            published: state.changed,
            seen: state.seen,
            pricedStores: [...state.published.keys()],
            lines: state.lines?.forShard() ?? null,
          }));
          return run;
        },
      },
    });
    this.logger.log(`run ${runId} shard ${shardNo} completed by ${WORKER_NAME}${last ? ': the last one' : ''}`);
    return last ? this.finishRun(run) : ((await this.runs.get(runId)) as FeedRun);
  }

  /**
   * The end of a split run, as FeedRunner.run ends a whole one: the prices the run no longer had are forgotten and
   * reported (when every part knows what it saw), the stores it priced marked, RunCompleted published, then the run
   * completed. A crash in between repeats it (consumers dedupe by runId), never loses it.
   */
  private async finishRun(run: FeedRun): Promise<FeedRun> {
    const seen = await this.shards.seen(run.id);
    let report: RunSeenStores | undefined;
    if (seen) {
      const remembered = await this.published.load(run.source, [...seen.keys()]);
      const changed = new Map<number, StorePrices>();
      const stores: RunSeenStores['stores'] = [];
      for (const [storeId, itemIds] of seen) {
        const prices = remembered.get(storeId);
        const unlisted = prices ? [...prices.keys()].filter((itemId) => !itemIds.has(itemId)) : [];
        for (const itemId of unlisted) prices?.delete(itemId);
        if (unlisted.length > 0 && prices) changed.set(storeId, prices);
        stores.push({ storeId, unlisted });
      }
      await this.published.save(run.source, changed);
      report = { at: run.startedAt, stores };
    } else {
      this.logger.log(`run ${run.id} (${run.source}): a shard resumed after a checkpoint, so the run freshens nothing (as a resumed run)`);
    }
    await this.published.markPriced(run.source, await this.shards.pricedStores(run.id), run.startedAt);
    // What every part remembers of its lines, for the next run to skip (as a whole run's end saves its own).
    const lines = await this.published.lines().adoptParts(run.source, run.id, run.shards ?? 0, MAX_REMEMBERED);
    if (lines) this.logger.log(`run ${run.id} (${run.source}): ${lines.kept ? `the ${lines.entries} remembered lines kept` : `${lines.entries} lines remembered for the next run`}, from its shards`);
    const current = (await this.runs.get(run.id)) as FeedRun;
    const completed: RunCompletedEvent = { runId: run.id, source: run.source, pricesPublished: current.pricesPublished, completedAt: new Date().toISOString(), seen: report };
    await this.publisher.publish(IngestTopics.RunCompleted, [{ key: run.source, value: completed }]);
    const done = await this.runs.complete(run.id);
    await this.shards.release(run.id);
    this.logger.log(
      `run ${done.id} (${done.source}) completed in ${current.shards} shards: ${done.recordsTotal} records, ${done.pricesPublished} prices, ${done.itemsPublished} items, ${done.storesPublished} stores, ${done.offersPublished} offers, ${done.recordsRejected} rejected`,
    );
    return done;
  }
}
