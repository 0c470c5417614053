import type { FeedRun, FeedRunShard } from '@hintakori/price-ingest-service';

/**
 * `npm run ingest -- --status [<run id>]`: the arguments, or null when the command is not a status query. Without a run
 * id the latest runs are listed.
 */
export function parseStatusArgs(argv: readonly string[]): { runId: string | null; limit: number } | null {
  const index = argv.indexOf('--status');
  if (index < 0) return null;
  const rest = argv.filter((_, i) => i !== index);
  if (rest.length > 1 || (rest.length === 1 && !/^\d+$/.test(rest[0]))) {
    throw new Error(`--status takes at most a run id (a number), got '${rest.join(' ')}'\nUsage: npm run ingest -- --status [<run id>]`);
  }
  return { runId: rest[0] ?? null, limit: 10 };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** One run as the status shows it, with its shards (when it was split) and the worker that took each. */
export function formatRunReport(run: FeedRun, shards: readonly FeedRunShard[]): string {
  const lines = [
    `run ${run.id} ${run.source} ${run.status}${run.finishedAt ? ` at ${run.finishedAt}` : ''}: ${run.checkpointLine} lines, ${run.pricesPublished} prices published, ` +
      `${run.pricesUnchanged} unchanged, ${run.recordsRejected} rejected${run.shards ? `, in ${run.shards} shards` : ', read whole by one worker'}` +
      (run.lastError ? `\n  last error: ${run.lastError}` : ''),
  ];
  // A pull split by store has no bytes: its parts are the store listing and shares of the stores.
  const byStore = shards.length > 0 && shards.every((s) => s.startByte === 0 && s.endByte === 0);
  const range = (s: FeedRunShard) =>
    byStore ? (s.shardNo === 0 ? 'store listing' : `stores ${s.shardNo}/${shards.length - 1}`).padEnd(19) : `${mb(s.startByte).padStart(9)}–${mb(s.endByte).padEnd(9)}`;
  for (const s of shards) {
    const takenOver = s.workers.length > 1 ? ` (taken by ${s.workers.join(' → ')}${s.resumed ? ', resumed from its checkpoint' : ''})` : '';
    lines.push(
      `  shard ${String(s.shardNo).padStart(2)}  ${range(s)} ${s.status.padEnd(9)} ${String(s.checkpointLine).padStart(8)} lines ` +
        `${String(s.pricesPublished).padStart(8)} prices  ${s.worker ?? '(not taken yet)'}${takenOver}`,
    );
  }
  if (shards.length > 0) {
    const byWorker = new Map<string, number>();
    for (const s of shards) if (s.worker) byWorker.set(s.worker, (byWorker.get(s.worker) ?? 0) + 1);
    lines.push(`  workers: ${[...byWorker].map(([worker, n]) => `${worker} ${n} shard${n === 1 ? '' : 's'}`).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
