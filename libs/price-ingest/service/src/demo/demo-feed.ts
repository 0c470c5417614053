import { FEED_ORDER, readFeedManifest, writeDemoFeedFiles, type FeedSize } from '@hintakori/demo-data';
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
 * them in the manifest's order through the queue (each source's earlier run, with the prices its current run no
 * longer lists and that are therefore shown stale, then its current one). Runs that completed before are not
 * repeated (data is kept across starts); a run left half-way by a stopped process is resumed by the worker and
 * waited for here. Returns the runs, or [] when the demo data was loaded before.
 */
export async function loadDemoFeeds(service: FeedRunsService, options: DemoFeedOptions): Promise<FeedRun[]> {
  const label = demoLabel(options.size);
  const previous = await service.feedRuns.byLabel(label);
  const dir = resolve(options.dir);
  const completed = (file: string) => previous.find((r) => r.location === join(dir, file) && r.status === 'completed');
  const existing = readFeedManifest(dir);
  const loaded =
    existing?.size === options.size
      ? existing.feeds.every((feed) => completed(feed.file))
      : // The feed files are gone (or of another size): a database whose every source has a completed demo run is loaded.
        previous.length > 0 && FEED_ORDER.every((source) => previous.some((r) => r.source === source && r.status === 'completed'));
  if (loaded) return [];
  let manifest = existing;
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
  for (const feed of manifest.feeds) {
    const { source } = feed;
    const location = join(dir, feed.file);
    const before = completed(feed.file);
    if (before) {
      done.push(before);
      continue;
    }
    const pending = previous.find((r) => r.location === location && (r.status === 'queued' || r.status === 'running'));
    const run = pending ?? (await service.enqueue(source, location, label));
    options.log(`${pending ? 'waiting for' : 'queued'} demo feed run ${run.id} (${source}${feed.part === 'earlier' ? ', its earlier prices' : ''})`);
    let lastLine = -1;
    const totalLines = feed.lines;
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
