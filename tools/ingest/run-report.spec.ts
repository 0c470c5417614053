import type { FeedRun, FeedRunShard } from '@hintakori/price-ingest-service';
import { formatRunReport, parseStatusArgs } from './run-report';

const run = (over: Partial<FeedRun> = {}): FeedRun => ({
  id: '7',
  source: 's-group',
  location: '/data/s-group.jsonl',
  label: null,
  status: 'completed',
  attempts: 1,
  checkpointLine: 1204,
  recordsTotal: 1204,
  recordsRejected: 4,
  pricesPublished: 1000,
  pricesUnchanged: 0,
  itemsPublished: 100,
  storesPublished: 8,
  offersPublished: 0,
  startedAt: '2026-12-04T18:00:00.000Z',
  finishedAt: '2026-12-04T18:01:00.000Z',
  newestObservationAt: null,
  lastError: null,
  rejectedByReason: {},
  shards: null,
  ...over,
});

const shard = (shardNo: number, over: Partial<FeedRunShard>): FeedRunShard => ({
  runId: '7',
  shardNo,
  startByte: shardNo * 1e6,
  endByte: (shardNo + 1) * 1e6,
  status: 'completed',
  checkpointLine: 400,
  attempts: 1,
  resumed: false,
  worker: 'w:1',
  workers: ['w:1'],
  recordsTotal: 400,
  pricesPublished: 400,
  recordsRejected: 0,
  startedAt: null,
  finishedAt: null,
  ...over,
});

describe('ingest --status', () => {
  it('reads --status with an optional run id, and nothing else', () => {
    expect(parseStatusArgs(['--source', 's-group'])).toBeNull();
    expect(parseStatusArgs(['--status'])).toEqual({ runId: null, limit: 10 });
    expect(parseStatusArgs(['--status', '12'])).toEqual({ runId: '12', limit: 10 });
    expect(() => parseStatusArgs(['--status', 'latest'])).toThrow(/at most a run id/);
  });

  it('names the worker of each shard, and both workers of a part taken over', () => {
    const text = formatRunReport(run({ shards: 3 }), [
      shard(0, {}),
      shard(1, { worker: 'w:2', workers: ['w:1', 'w:2'], resumed: true, attempts: 2 }),
      shard(2, { worker: 'w:2', workers: ['w:2'] }),
    ]);
    expect(text).toMatch(/run 7 s-group completed .* in 3 shards/);
    expect(text).toMatch(/shard  1 .* w:2 \(taken by w:1 → w:2, resumed from its checkpoint\)/);
    expect(text).toMatch(/workers: w:1 1 shard, w:2 2 shards/);
    expect(formatRunReport(run(), [])).toMatch(/read whole by one worker\n$/);
  });

  it('shows a pull split by store as its store listing and shares of the stores, not bytes', () => {
    const pull = (n: number, worker: string) => shard(n, { startByte: 0, endByte: 0, worker, workers: [worker] });
    const text = formatRunReport(run({ source: 's-kaupat', shards: 3 }), [pull(0, 'w:1'), pull(1, 'w:2'), pull(2, 'w:1')]);
    expect(text).toMatch(/shard  0  store listing .* w:1/);
    expect(text).toMatch(/shard  2  stores 2\/2 .* w:1/);
    expect(text).not.toMatch(/MB/);
    expect(text).toMatch(/workers: w:1 2 shards, w:2 1 shard/);
  });
});
