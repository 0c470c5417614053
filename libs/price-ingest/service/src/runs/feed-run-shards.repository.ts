import { DataSource, type EntityManager } from 'typeorm';
import { saveShardLines, type ShardLines } from '../published/published-lines';
import { mergeStorePrices, type PublishedPrice } from '../published/published-prices.repository';
import { addChunkCounts, type ChunkCounts, chunkCountParams, LostRunError } from './feed-runs.repository';
import type { ShardRange } from './shard-plan';

export type ShardStatus = 'queued' | 'running' | 'completed';

/** One part of a split run as the report shows it: which worker took it, how far it got. */
export interface FeedRunShard extends ShardRange {
  runId: string;
  status: ShardStatus;
  /** Lines of this part committed (its own checkpoint, counted from the part's first line). */
  checkpointLine: number;
  attempts: number;
  /** The part was taken up again after a checkpoint (a killed or failed worker's): what it saw before is not known. */
  resumed: boolean;
  /** The worker (host:pid) holding or last holding the part, and every worker that took it, in order. */
  worker: string | null;
  workers: string[];
  recordsTotal: number;
  pricesPublished: number;
  recordsRejected: number;
  startedAt: string | null;
  finishedAt: string | null;
}

/** What a completed part hands to the end of its run. */
export interface ShardOutcome {
  /** Per store, the prices this part published that differ from what was remembered when it started: merged in. */
  published: Map<number, Map<number, PublishedPrice>>;
  /** Store → items the part saw priced; null when the part resumed (it does not know its first lines'). */
  seen: Map<number, Set<number>> | null;
  /** Every store the part priced (changed or not). */
  pricedStores: number[];
  /** What the part remembers of its lines for the next run (runs/unchanged-lines.ts); null: nothing (it resumed, or its source's lines are not read on their own). */
  lines?: ShardLines | null;
}

const COLUMNS = `run_id::text AS "runId", shard_no AS "shardNo", start_byte::float8 AS "startByte", end_byte::float8 AS "endByte", status,
  checkpoint_line AS "checkpointLine", attempts, resumed, worker, workers, records_total::float8 AS "recordsTotal",
  prices_published::float8 AS "pricesPublished", records_rejected::float8 AS "recordsRejected", started_at AS "startedAt", finished_at AS "finishedAt"`;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result) as T[];
}

function normalise(row: FeedRunShard): FeedRunShard {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return { ...row, startedAt: iso(row.startedAt), finishedAt: iso(row.finishedAt) };
}

/**
 * The parts of split runs (ingest.feed_run_shards): each part's checkpoint moves together with the run's counters in
 * one statement, so a part taken over after a crash counts nothing twice; the run completes once every part has.
 */
export class FeedRunShardsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the run's parts once (a second planner of the same run gets the first one's); returns them. */
  async plan(runId: string, ranges: readonly ShardRange[]): Promise<FeedRunShard[]> {
    await this.dataSource.transaction(async (manager) => {
      const planned = rowsOf<unknown>(await manager.query('UPDATE ingest.feed_runs SET shards = $2 WHERE id = $1 AND shards IS NULL RETURNING id', [runId, ranges.length]));
      if (planned.length === 0) return;
      await manager.query(
        `INSERT INTO ingest.feed_run_shards (run_id, shard_no, start_byte, end_byte)
         SELECT $1, s.no, s.start_byte, s.end_byte FROM unnest($2::int[], $3::bigint[], $4::bigint[]) AS s(no, start_byte, end_byte)`,
        [runId, ranges.map((r) => r.shardNo), ranges.map((r) => r.startByte), ranges.map((r) => r.endByte)],
      );
    });
    return this.list(runId);
  }

  async list(runId: string): Promise<FeedRunShard[]> {
    const rows: FeedRunShard[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM ingest.feed_run_shards WHERE run_id = $1 ORDER BY shard_no`, [runId]);
    return rows.map(normalise);
  }

  /** Takes a part for one more attempt by `worker` (the run is running again too) and returns it. */
  async start(runId: string, shardNo: number, worker: string): Promise<FeedRunShard> {
    const [row] = rowsOf<FeedRunShard>(
      await this.dataSource.query(
        `UPDATE ingest.feed_run_shards SET status = CASE WHEN status = 'completed' THEN status ELSE 'running' END,
           attempts = attempts + CASE WHEN status = 'completed' THEN 0 ELSE 1 END,
           resumed = resumed OR (status <> 'completed' AND checkpoint_line > 0),
           worker = CASE WHEN status = 'completed' THEN worker ELSE $3 END,
           workers = CASE WHEN status = 'completed' OR $3 = ANY(workers) THEN workers ELSE array_append(workers, $3) END,
           started_at = coalesce(started_at, now())
         WHERE run_id = $1 AND shard_no = $2 RETURNING ${COLUMNS}`,
        [runId, shardNo, worker],
      ),
    );
    if (!row) throw new LostRunError(`Feed run ${runId} has no shard ${shardNo}`);
    // A failed run stays failed (one of its parts ran out of attempts): its other parts do not bring it back.
    await this.dataSource.query(`UPDATE ingest.feed_runs SET status = 'running', last_error = NULL WHERE id = $1 AND status NOT IN ('completed', 'failed')`, [runId]);
    return normalise(row);
  }

  /**
   * Commits a chunk of a part: the part's checkpoint, and the run's counters and line count, in one statement, only if
   * nobody moved the part's checkpoint since `fromLine` (a second worker on the same part loses and stops).
   */
  async checkpoint(runId: string, shardNo: number, fromLine: number, toLine: number, counts: ChunkCounts): Promise<void> {
    const rows = rowsOf<unknown>(
      await this.dataSource.query(
        `WITH part AS (
           UPDATE ingest.feed_run_shards SET checkpoint_line = $4, records_total = records_total + $5, records_rejected = records_rejected + $6,
             prices_published = prices_published + $7
           WHERE run_id = $1 AND shard_no = $2 AND checkpoint_line = $3 AND status = 'running' RETURNING run_id)
         UPDATE ingest.feed_runs SET checkpoint_line = checkpoint_line + ($4 - $3), ${addChunkCounts(5)}
         WHERE id = (SELECT run_id FROM part) RETURNING id`,
        [runId, shardNo, fromLine, toLine, ...chunkCountParams(counts)],
      ),
    );
    if (rows.length === 0) throw new LostRunError(`Shard ${shardNo} of feed run ${runId} moved on without this worker (checkpoint ${fromLine} is stale)`);
  }

  /**
   * Completes a part at its checkpoint `atLine`: merges what it published into the source's remembered prices, keeps
   * what it saw, and says whether it was the run's last part to complete (exactly one completion says so: they take
   * the run's row lock in turn). Throws LostRunError when another worker completed or moved the part.
   */
  async complete(runId: string, shardNo: number, atLine: number, source: string, outcome: ShardOutcome): Promise<{ last: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const done = rowsOf<unknown>(
        await manager.query(
          `UPDATE ingest.feed_run_shards SET status = 'completed', finished_at = now(), seen = $4, priced_stores = $5::int[]
           WHERE run_id = $1 AND shard_no = $2 AND checkpoint_line = $3 AND status = 'running' RETURNING run_id`,
          [runId, shardNo, atLine, outcome.seen ? encodeSeen(outcome.seen) : null, outcome.pricedStores],
        ),
      );
      if (done.length === 0) throw new LostRunError(`Shard ${shardNo} of feed run ${runId} was completed or moved on by another worker`);
      await mergePublished(manager, source, outcome.published);
      if (outcome.lines) await saveShardLines(manager, runId, shardNo, outcome.lines);
      await manager.query('SELECT id FROM ingest.feed_runs WHERE id = $1 FOR UPDATE', [runId]);
      const [left]: { n: number }[] = await manager.query(`SELECT count(*)::int AS n FROM ingest.feed_run_shards WHERE run_id = $1 AND status <> 'completed'`, [runId]);
      return { last: left.n === 0 };
    });
  }

  /** Whether every part of the run has completed. */
  async allCompleted(runId: string): Promise<boolean> {
    const [row]: { n: number }[] = await this.dataSource.query(`SELECT count(*)::int AS n FROM ingest.feed_run_shards WHERE run_id = $1 AND status <> 'completed'`, [runId]);
    return row.n === 0;
  }

  /** The union of what the run's parts saw, or null when any part does not know (it resumed). */
  async seen(runId: string): Promise<Map<number, Set<number>> | null> {
    const rows: { seen: Buffer | null }[] = await this.dataSource.query('SELECT seen FROM ingest.feed_run_shards WHERE run_id = $1', [runId]);
    if (rows.some((r) => r.seen === null)) return null;
    const union = new Map<number, Set<number>>();
    for (const row of rows) decodeSeen(row.seen as Buffer, union);
    return union;
  }

  /** Every store the run's parts priced. */
  async pricedStores(runId: string): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query('SELECT DISTINCT unnest(priced_stores) AS id FROM ingest.feed_run_shards WHERE run_id = $1 ORDER BY 1', [runId]);
    return rows.map((r) => r.id);
  }

  /** Forgets what the parts saw once the run has completed (the report's rows stay). */
  async release(runId: string): Promise<void> {
    await this.dataSource.query('UPDATE ingest.feed_run_shards SET seen = NULL, priced_stores = NULL WHERE run_id = $1', [runId]);
  }
}

/**
 * Merges a part's published prices into the source's remembered ones (ingest.published_prices), item by item: two
 * parts may have priced the same store. One merge of a source at a time (an advisory lock of the transaction).
 */
async function mergePublished(manager: EntityManager, source: string, changes: Map<number, Map<number, PublishedPrice>>): Promise<void> {
  if (changes.size === 0) return;
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('ingest.published_prices:' || $1))`, [source]);
  const storeIds = [...changes.keys()].sort((a, b) => a - b);
  const rows: { storeId: number; prices: Buffer }[] = await manager.query(
    'SELECT store_id AS "storeId", prices FROM ingest.published_prices WHERE source = $1 AND store_id = ANY($2::int[])',
    [source, storeIds],
  );
  const current = new Map(rows.map((r) => [r.storeId, r.prices]));
  const merged = storeIds.map((storeId) => mergeStorePrices(current.get(storeId) ?? null, changes.get(storeId) as Map<number, PublishedPrice>));
  await manager.query(
    `INSERT INTO ingest.published_prices (source, store_id, prices)
     SELECT $1, s.store_id, s.prices FROM unnest($2::int[], $3::bytea[]) AS s(store_id, prices)
     ON CONFLICT (source, store_id) DO UPDATE SET prices = excluded.prices`,
    [source, storeIds, merged],
  );
}

/** Store → items as int4 little-endian: per store its id, its item count, then its item ids. */
export function encodeSeen(seen: Map<number, Set<number>>): Buffer {
  let ints = 0;
  for (const items of seen.values()) ints += 2 + items.size;
  const buffer = Buffer.allocUnsafe(ints * 4);
  let offset = 0;
  for (const [storeId, items] of seen) {
    buffer.writeInt32LE(storeId, offset);
    buffer.writeInt32LE(items.size, offset + 4);
    offset += 8;
    for (const itemId of items) {
      buffer.writeInt32LE(itemId, offset);
      offset += 4;
    }
  }
  return buffer;
}

/** Adds encoded store → items to `into`. */
export function decodeSeen(buffer: Buffer, into: Map<number, Set<number>> = new Map()): Map<number, Set<number>> {
  let offset = 0;
  while (offset + 8 <= buffer.length) {
    const storeId = buffer.readInt32LE(offset);
    const count = buffer.readInt32LE(offset + 4);
    offset += 8;
    let items = into.get(storeId);
    if (!items) into.set(storeId, (items = new Set()));
    for (let i = 0; i < count; i++, offset += 4) items.add(buffer.readInt32LE(offset));
  }
  return into;
}
