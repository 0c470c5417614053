import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type RunStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface FeedRun {
  id: string;
  source: string;
  location: string;
  label: string | null;
  status: RunStatus;
  attempts: number;
  checkpointLine: number;
  recordsTotal: number;
  recordsRejected: number;
  pricesPublished: number;
  /** Prices the run saw as they were last published (not published again). */
  pricesUnchanged: number;
  itemsPublished: number;
  storesPublished: number;
  offersPublished: number;
  startedAt: string;
  finishedAt: string | null;
  newestObservationAt: string | null;
  lastError: string | null;
  /**
   * The run's report: rejected and skipped records counted by reason (see reasonKey), and the records published after
   * cleaning (a name or picture made safe, runs/record-cleaning.ts) under keys starting with "cleaned:" (not in recordsRejected).
   */
  rejectedByReason: Record<string, number>;
  /** The parts the run is split into (ingest.feed_run_shards, runs/feed-shards.ts); null: read whole by one worker. */
  shards: number | null;
}

/** What one committed chunk adds to a run's accounting. */
export interface ChunkCounts {
  records: number;
  rejected: number;
  prices: number;
  /** Prices seen as last published, so not published. */
  unchanged?: number;
  items: number;
  stores: number;
  offers: number;
  newestObservationAt: string | null;
  /** Rejected records of the chunk by reason key. */
  rejectReasons?: Record<string, number>;
}

const COLUMNS = `id::text, source, location, label, status, attempts, checkpoint_line::int AS "checkpointLine",
  records_total::float8 AS "recordsTotal", records_rejected::float8 AS "recordsRejected", prices_published::float8 AS "pricesPublished",
  prices_unchanged::float8 AS "pricesUnchanged",
  items_published AS "itemsPublished", stores_published AS "storesPublished", offers_published AS "offersPublished",
  started_at AS "startedAt", finished_at AS "finishedAt", newest_observation_at AS "newestObservationAt", last_error AS "lastError",
  rejected_by_reason AS "rejectedByReason", shards`;

export class LostRunError extends Error {}

/**
 * The SET items that add a chunk's counts to a feed_runs row, reading them from `$first` on in the order of
 * `chunkCountParams` (records, rejected, prices, items, stores, offers, newest observation, reject reasons, unchanged).
 */
export function addChunkCounts(first: number): string {
  const [records, rejected, prices, items, stores, offers, newest, reasons, unchanged] = Array.from({ length: 9 }, (_, i) => `$${first + i}`);
  return `records_total = records_total + ${records}, records_rejected = records_rejected + ${rejected}, prices_published = prices_published + ${prices}, prices_unchanged = prices_unchanged + ${unchanged},
         items_published = items_published + ${items}, stores_published = stores_published + ${stores}, offers_published = offers_published + ${offers},
         newest_observation_at = GREATEST(newest_observation_at, ${newest}::timestamptz),
         rejected_by_reason = CASE WHEN ${reasons}::jsonb = '{}'::jsonb THEN rejected_by_reason ELSE (
           SELECT coalesce(jsonb_object_agg(k, n), '{}'::jsonb)
           FROM (SELECT k, sum(n)::bigint AS n FROM (
                   SELECT key AS k, value::bigint AS n FROM jsonb_each_text(rejected_by_reason)
                   UNION ALL SELECT key, value::bigint FROM jsonb_each_text(${reasons}::jsonb)) parts GROUP BY k) totals) END`;
}

/** A chunk's counts as the parameters `addChunkCounts` reads. */
export function chunkCountParams(counts: ChunkCounts): unknown[] {
  return [counts.records, counts.rejected, counts.prices, counts.items, counts.stores, counts.offers, counts.newestObservationAt, JSON.stringify(counts.rejectReasons ?? {}), counts.unchanged ?? 0];
}

/** TypeORM answers UPDATE … RETURNING with [rows, affected]; INSERT and SELECT with the rows. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result) as T[];
}

/** Feed runs and their checkpoints: counters move only together with the checkpoint, so a resumed run never counts twice. */
@Injectable()
export class FeedRunsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(source: string, location: string, options: { jobKey?: string; label?: string } = {}): Promise<FeedRun> {
    const [row]: FeedRun[] = await this.dataSource.query(
      `INSERT INTO ingest.feed_runs (source, location, status, job_key, label) VALUES ($1, $2, 'queued', $3, $4)
       ON CONFLICT (job_key) DO UPDATE SET job_key = excluded.job_key
       RETURNING ${COLUMNS}`,
      [source, location, options.jobKey ?? null, options.label ?? null],
    );
    return normalise(row);
  }

  async get(id: string): Promise<FeedRun | null> {
    const [row]: FeedRun[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM ingest.feed_runs WHERE id = $1`, [id]);
    return row ? normalise(row) : null;
  }

  async latest(limit = 20): Promise<FeedRun[]> {
    const rows: FeedRun[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM ingest.feed_runs ORDER BY id DESC LIMIT $1`, [limit]);
    return rows.map(normalise);
  }

  /** Runs with a label (e.g. the demo feed's), oldest first. */
  async byLabel(label: string): Promise<FeedRun[]> {
    const rows: FeedRun[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM ingest.feed_runs WHERE label = $1 ORDER BY id`, [label]);
    return rows.map(normalise);
  }

  /** Marks the run running for one more attempt and returns it (with the checkpoint to resume from). */
  async start(id: string): Promise<FeedRun> {
    const [row] = rowsOf<FeedRun>(await this.dataSource.query(
      `UPDATE ingest.feed_runs SET status = CASE WHEN status = 'completed' THEN status ELSE 'running' END, attempts = attempts + 1, last_error = NULL
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    ));
    if (!row) throw new LostRunError(`Feed run ${id} does not exist`);
    return normalise(row);
  }

  /**
   * Commits a chunk: the new checkpoint and its counts in one statement, only if nobody else moved the
   * checkpoint since `fromLine` (a second worker on the same run loses and stops).
   */
  async checkpoint(id: string, fromLine: number, toLine: number, counts: ChunkCounts): Promise<void> {
    const rows = rowsOf<unknown>(await this.dataSource.query(
      `UPDATE ingest.feed_runs SET checkpoint_line = $3, ${addChunkCounts(4)}
       WHERE id = $1 AND checkpoint_line = $2 AND status = 'running' RETURNING id`,
      [id, fromLine, toLine, ...chunkCountParams(counts)],
    ));
    if (rows.length === 0) throw new LostRunError(`Feed run ${id} moved on without this worker (checkpoint ${fromLine} is stale)`);
  }

  async complete(id: string): Promise<FeedRun> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = rowsOf<FeedRun>(await manager.query(`UPDATE ingest.feed_runs SET status = 'completed', finished_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [id]));
      const run = normalise(row);
      await manager.query(
        `INSERT INTO ingest.source_freshness (source, newest_observation_at, last_completed_run, last_completed_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (source) DO UPDATE SET newest_observation_at = GREATEST(ingest.source_freshness.newest_observation_at, excluded.newest_observation_at),
           last_completed_run = excluded.last_completed_run, last_completed_at = excluded.last_completed_at`,
        [run.source, run.newestObservationAt, run.id],
      );
      return run;
    });
  }

  /** Start time of the source's last completed run (an incremental pull starts from it), or null. */
  async lastCompletedStart(source: string): Promise<string | null> {
    const [row]: { started: Date }[] = await this.dataSource.query(
      `SELECT r.started_at AS started FROM ingest.source_freshness f JOIN ingest.feed_runs r ON r.id = f.last_completed_run WHERE f.source = $1`,
      [source],
    );
    return row ? new Date(row.started).toISOString() : null;
  }

  async fail(id: string, error: string, final: boolean): Promise<void> {
    await this.dataSource.query(`UPDATE ingest.feed_runs SET last_error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END WHERE id = $1 AND status <> 'completed'`, [
      id,
      error.slice(0, 2000),
      final,
    ]);
  }

  /** Newest observation per source, from completed runs and the runs in progress. */
  async freshness(): Promise<{ source: string; newestObservationAt: string | null }[]> {
    const rows: { source: string; newest: Date | null }[] = await this.dataSource.query(
      `SELECT source, max(newest) AS newest FROM (
         SELECT source, newest_observation_at AS newest FROM ingest.source_freshness
         UNION ALL SELECT source, newest_observation_at FROM ingest.feed_runs WHERE status = 'running'
       ) s GROUP BY source ORDER BY source`,
    );
    return rows.map((r) => ({ source: r.source, newestObservationAt: r.newest ? new Date(r.newest).toISOString() : null }));
  }
}

function normalise(row: FeedRun): FeedRun {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  const byReason = Object.fromEntries(Object.entries(row.rejectedByReason ?? {}).map(([reason, n]) => [reason, Number(n)]));
  return {
    ...row,
    startedAt: iso(row.startedAt) as string,
    finishedAt: iso(row.finishedAt),
    newestObservationAt: iso(row.newestObservationAt),
    rejectedByReason: byReason,
  };
}
