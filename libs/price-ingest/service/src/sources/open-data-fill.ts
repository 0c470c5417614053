import type { FeedRunsService } from '../feed-runs.service';
import type { FeedRun } from '../runs/feed-runs.repository';

/** What the first fill did with one source. */
export interface OpenDataFillStep {
  source: string;
  /** imported: a run completed now; present: an earlier run had completed; unreachable: the run failed (it retries in the background); skipped: not tried. */
  outcome: 'imported' | 'present' | 'unreachable' | 'skipped';
  run: FeedRun | null;
  /** Why it was unreachable or skipped. */
  reason: string | null;
}

const NAMES: Record<string, string> = {
  osm: 'OpenStreetMap (Overpass API)',
  'open-prices': 'Open Prices',
  'open-food-facts': 'Open Food Facts',
  's-kaupat': 'S-kaupat',
  'k-ruoka': 'K-Ruoka',
  lidl: 'Lidl',
};

/**
 * The order of the first fill: stores from OpenStreetMap first (the chains' stores become their twins), then the chain
 * shops the operator enabled (their stores, hours and prices), then Open Prices (whose prices match both).
 */
const FILL_ORDER = ['osm', 's-kaupat', 'k-ruoka', 'lidl', 'open-prices'];

/**
 * The first fill of a real-data site (HINTAKORI_DATA=real): the stores from OpenStreetMap, then the chain shops that
 * are enabled (INGEST_CHAIN_SOURCES: S-kaupat, K-Ruoka, Lidl), then the prices from Open Prices (whose unknown EANs
 * come from Open Food Facts), each by a feed run through the ordinary pipeline, for every
 * source that has never completed a run. Products by themselves come with the nightly Open Food Facts run.
 * A source that cannot be reached is named with the error, and the site goes on with what it has; its queued run keeps
 * retrying with the queue's backoff.
 */
export async function fillFromOpenData(
  feedRuns: FeedRunsService,
  feeds: readonly { source: string; location: string }[],
  log: (line: string) => void,
  options: { pollMs?: number; progressEveryMs?: number } = {},
): Promise<OpenDataFillStep[]> {
  const steps: OpenDataFillStep[] = [];
  for (const source of FILL_ORDER) {
    const feed = feeds.find((f) => f.source === source);
    const name = NAMES[source];
    // A chain shop that is not enabled is simply not part of this site.
    if (!feed && source !== 'osm' && source !== 'open-prices') continue;
    if (!feed) {
      steps.push({ source, outcome: 'skipped', run: null, reason: 'not among the configured feeds' });
      continue;
    }
    if (await feedRuns.feedRuns.lastCompletedStart(source)) {
      steps.push({ source, outcome: 'present', run: null, reason: null });
      continue;
    }
    if (source === 'open-prices' && !steps.some((s) => s.source === 'osm' && (s.outcome === 'imported' || s.outcome === 'present'))) {
      const reason = 'no stores from OpenStreetMap yet (prices are matched to them); it runs on its schedule';
      log(`${name}: not imported now: ${reason}`);
      steps.push({ source, outcome: 'skipped', run: null, reason });
      continue;
    }
    const where = feed.location || 'its public endpoint';
    log(`${name}: importing from ${where}…`);
    const run = await feedRuns.enqueue(source, feed.location, 'first fill of the real data');
    const finished = await followRun(feedRuns, run.id, name, log, options);
    if (finished.status === 'completed') {
      log(`${name}: ${summary(finished)}`);
      steps.push({ source, outcome: 'imported', run: finished, reason: null });
    } else {
      const reason = finished.lastError ?? 'unknown error';
      // A bot challenge is not retried: the chain has to agree to this use first.
      const retried = reason.startsWith('blocked by a bot challenge') ? 'it is not retried' : 'the run is retried in the background';
      log(`${name}: could not import from ${where}: ${reason}. Hintakori keeps running with what it has; ${retried}.`);
      steps.push({ source, outcome: 'unreachable', run: finished, reason });
    }
  }
  return steps;
}

/** Polls a run until it completes or its first attempt fails (the queue retries it later), logging progress. */
async function followRun(
  feedRuns: FeedRunsService,
  id: string,
  name: string,
  log: (line: string) => void,
  options: { pollMs?: number; progressEveryMs?: number },
): Promise<FeedRun> {
  const pollMs = options.pollMs ?? 500;
  const progressEveryMs = options.progressEveryMs ?? 5000;
  let lastProgress = Date.now();
  for (;;) {
    const run = await feedRuns.feedRuns.get(id);
    if (!run) throw new Error(`feed run ${id} vanished`);
    if (run.status === 'completed' || run.status === 'failed' || run.lastError) return run;
    if (Date.now() - lastProgress >= progressEveryMs) {
      lastProgress = Date.now();
      log(`${name}: ${run.recordsTotal} records read (${run.storesPublished} stores, ${run.itemsPublished} products, ${run.pricesPublished} prices)…`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

function summary(run: FeedRun): string {
  const rejected = Object.entries(run.rejectedByReason)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${count} ${reason}`)
    .join(', ');
  return `${run.storesPublished} stores, ${run.itemsPublished} products, ${run.pricesPublished} prices from ${run.recordsTotal} records${rejected ? `; skipped or rejected: ${rejected}` : ''}`;
}
