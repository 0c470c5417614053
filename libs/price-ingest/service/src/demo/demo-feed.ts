import { FEED_FILES, FEED_ORDER, readFeedManifest, writeDemoFeedFiles, type FeedSize } from '@hintakori/demo-data';
import { join, resolve } from 'node:path';
import type { FeedRunsService } from '../feed-runs.service';
import type { FeedRun } from '../runs/feed-runs.repository';

export interface DemoFeedOptions {
  /** Where the generated feed files live (kept between starts). */
  dir: string;
  size: FeedSize;
  log: (line: string) => void;
  /** Called on every poll of a run (for a progress bar); without it, progress is logged per checkpoint. */
  onRunProgress?: (source: string, run: FeedRun, totalLines: number | null) => void;
}

export const DEMO_LABEL = 'demo';

/** The run label of a demo size: 'demo' for the standard set, 'demo-<size>' for the others (a database holds one). */
export function demoLabel(size: FeedSize): string {
  return size === 'small' ? DEMO_LABEL : `${DEMO_LABEL}-${size}`;
}

/**
 * Loads the demo data by feed runs: generates the S group, K group and Lidl feed files (once) and runs
 * them in order through the queue. Runs that completed before are not repeated (data is kept across
 * starts); a run left half-way by a stopped process is resumed by the worker and waited for here.
 * Returns the runs, or [] when the demo data was loaded before.
 */
export async function loadDemoFeeds(service: FeedRunsService, options: DemoFeedOptions): Promise<FeedRun[]> {
  const label = demoLabel(options.size);
  const previous = await service.feedRuns.byLabel(label);
  if (FEED_ORDER.every((source) => previous.some((r) => r.source === source && r.status === 'completed'))) return [];
  const dir = resolve(options.dir);
  let manifest = readFeedManifest(dir);
  if (!manifest || manifest.size !== options.size) {
    const started = Date.now();
    let lastPct = -1;
    options.log(`generating the ${options.size} demo feeds in ${dir}…`);
    manifest = writeDemoFeedFiles(dir, {
      size: options.size,
      onProgress: (p) => {
        const pct = Math.floor((p.done / p.total) * 100);
        if (pct >= lastPct + 25 || p.done === p.total) {
          lastPct = p.done === p.total ? -1 : pct;
          options.log(`  ${p.source}: ${pct}%`);
        }
      },
    });
    options.log(`demo feeds written in ${((Date.now() - started) / 1000).toFixed(1)} s: ${manifest.stores} stores, ${manifest.items} products, ${manifest.prices} prices`);
  }
  const done: FeedRun[] = [];
  for (const source of FEED_ORDER) {
    const runs = previous.filter((r) => r.source === source);
    const completed = runs.find((r) => r.status === 'completed');
    if (completed) {
      done.push(completed);
      continue;
    }
    const pending = runs.find((r) => r.status === 'queued' || r.status === 'running');
    const run = pending ?? (await service.enqueue(source, join(dir, FEED_FILES[source]), label));
    options.log(`${pending ? 'waiting for' : 'queued'} demo feed run ${run.id} (${source})`);
    let lastLine = -1;
    const totalLines = manifest.feeds.find((f) => f.source === source)?.lines ?? null;
    const [finished] = await service.waitFor([run.id], ([r]) => {
      if (r && options.onRunProgress) options.onRunProgress(source, r, totalLines);
      else if (r && r.checkpointLine !== lastLine && r.checkpointLine > 0) {
        lastLine = r.checkpointLine;
        options.log(`  ${source}: ${r.checkpointLine} lines, ${r.pricesPublished} prices published`);
      }
    });
    options.log(`demo feed ${source}: ${finished.pricesPublished} prices, ${finished.itemsPublished} items, ${finished.storesPublished} stores, ${finished.offersPublished} offers, ${finished.recordsRejected} rejected`);
    done.push(finished);
  }
  return done;
}
