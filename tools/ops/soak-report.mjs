// The arithmetic of `npm run soak` (tools/ops/soak.mjs), kept apart so that tools/ops/soak-report.spec.ts can test it:
// the warm-up, the feed-run schedule, least-squares slopes per hour, a Prometheus text scrape read into numbers,
// Kafka consumer lag from topic ends and committed offsets, and the verdict against the targets.

/** The soak's targets (issue 39): no failed request, resident memory flat, consumer lag gone soon after a feed run. */
export const TARGETS = Object.freeze({ failures: 0, rssMbPerHour: 5, lagRecoverySeconds: 60 });

/**
 * Minutes left out of the slopes at the start: 10, or a third of a run shorter than 30 minutes. V8 sizes its heaps for
 * the load during the first minutes (the gateway's RSS rose 340 → 356 MB from minute 5 to 8 of a soak, then stayed).
 */
export function warmUpMinutes(minutes, override) {
  if (override !== undefined && override !== null && override !== '') {
    const value = Number(override);
    if (!Number.isFinite(value) || value < 0 || value >= minutes)
      throw new Error(`--warm-up must be a number of minutes from 0 to under the run's ${minutes}, got ${override}`);
    return value;
  }
  return Math.min(10, minutes / 3);
}

/**
 * When the feed runs start, in minutes from the start of the load: the first at `first` (by default two fifths into
 * the warm-up, so that the memory a process takes for its first feed run is taken before the slopes begin), then one
 * every `every` minutes, each at least 2 minutes before the end so its lag recovery is seen. `every` 0: none.
 *
 * `priming` more runs follow the first one a minute apart, as long as each starts at least half a minute before the
 * warm-up's end (`warmUp`): the worker's resident memory climbs over its first four or five feed runs and then holds
 * (by hand on 2026-12-07, runs 15 s apart: 231 → 250 MB over runs 1–5, then 250 → 252 MB over runs 5–12), so the slopes after the
 * warm-up see a worker that has settled, as one that has run for hours has. The runs after the warm-up keep the
 * `every` cadence from `first`.
 */
export function feedSchedule(minutes, every = 10, first = Math.max(0.25, warmUpMinutes(minutes) * 0.4), { priming = 0, warmUp = warmUpMinutes(minutes) } = {}) {
  if (!(every > 0)) return [];
  const times = [];
  for (let t = first; t <= minutes - 2 + 1e-9; t += every) times.push(t);
  if (times.length) for (let k = 1; k <= priming && first + k <= warmUp - 0.5 + 1e-9; k++) times.push(first + k);
  return [...new Set(times.map((t) => Math.round(t * 100) / 100))].sort((a, b) => a - b);
}

/**
 * Ordinary least squares of y on x over `points` ([{ x, y }], points with a y that is not a finite number left out):
 * { slope, intercept, n, stderr } (stderr: the slope's standard error, null under 3 points); slope null under 2.
 */
export function leastSquares(points) {
  const usable = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const n = usable.length;
  if (n < 2) return { slope: null, intercept: null, n, stderr: null };
  const meanX = usable.reduce((s, p) => s + p.x, 0) / n;
  const meanY = usable.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of usable) {
    sxx += (p.x - meanX) ** 2;
    sxy += (p.x - meanX) * (p.y - meanY);
  }
  if (sxx === 0) return { slope: null, intercept: null, n, stderr: null };
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  let stderr = null;
  if (n > 2) {
    const residuals = usable.reduce((s, p) => s + (p.y - (intercept + slope * p.x)) ** 2, 0);
    stderr = Math.sqrt(residuals / (n - 2) / sxx);
  }
  return { slope, intercept, n, stderr };
}

/**
 * The slope per hour of a series sampled at `minute`s ([{ minute, value }]) after the warm-up (samples at or after
 * `warmUp` minutes), with its standard error, the number of samples used and the first and last value used.
 */
export function slopePerHour(samples, warmUp) {
  const used = samples.filter((s) => s.minute >= warmUp && Number.isFinite(s.value));
  const fit = leastSquares(used.map((s) => ({ x: s.minute / 60, y: s.value })));
  return { perHour: fit.slope, stderr: fit.stderr, n: fit.n, first: used[0]?.value ?? null, last: used.at(-1)?.value ?? null };
}

/**
 * A Prometheus text exposition read into Map(name → [{ labels, value }]) (comments and unparsable lines skipped;
 * label values unescaped). Enough for the apps' own /metrics, not a full parser of the format.
 */
export function parsePrometheus(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line.trim());
    if (!match) continue;
    const labels = {};
    if (match[2])
      for (const [, key, value] of match[2].matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
        labels[key] = value.replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));
    const value = match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : Number(match[3]);
    if (!out.has(match[1])) out.set(match[1], []);
    out.get(match[1]).push({ labels, value });
  }
  return out;
}

/**
 * The sum of a metric's samples (every label set, or those whose labels include `where`'s), or null when the scrape
 * has none.
 */
export function metricSum(parsed, name, where = {}) {
  const samples = (parsed.get(name) ?? []).filter((s) => Object.entries(where).every(([key, value]) => s.labels[key] === value));
  if (samples.length === 0) return null;
  return samples.reduce((sum, s) => sum + s.value, 0);
}

/**
 * Consumer lag per group: for each partition a group has committed on (committed offset ≥ 0), the topic's end (high
 * watermark) minus the commit. Partitions a group never committed are not counted (reply consumers commit nothing).
 *   ends: Map(topic → Map(partition → high)); committed: Map(group → Map(topic → Map(partition → offset)))
 *   → Map(group → { lag, topics: Map(topic → lag) })
 */
export function consumerLag(ends, committed) {
  const out = new Map();
  for (const [group, topics] of committed) {
    let lag = 0;
    const byTopic = new Map();
    for (const [topic, partitions] of topics) {
      let topicLag = 0;
      for (const [partition, offset] of partitions) {
        if (offset < 0) continue;
        const high = ends.get(topic)?.get(partition);
        if (high === undefined) continue;
        topicLag += Math.max(0, high - offset);
      }
      byTopic.set(topic, topicLag);
      lag += topicLag;
    }
    out.set(group, { lag, topics: byTopic });
  }
  return out;
}

/**
 * The verdict against TARGETS (or `targets`):
 *   failures    requests that failed (k6: a non-2xx answer or no answer), of `requests`
 *   rss         [{ process, perHour }] resident-memory slopes after the warm-up, MB an hour (null: too few samples)
 *   recoveries  [{ at, seconds }] seconds from each feed run's completion to zero lag on the ingest topics (null: never)
 *   feedErrors  feed runs that did not complete ([{ at, error }])
 * → { ok, checks: [{ target, ok, detail }] }
 */
export function verdict({ failures, requests, rss, recoveries, feedErrors = [], expectedFeeds = recoveries.length }, targets = TARGETS) {
  const checks = [];
  checks.push({
    target: `failed requests = ${targets.failures}`,
    ok: Number.isFinite(failures) && failures <= targets.failures && requests > 0,
    detail: requests > 0 ? `${failures} of ${requests}` : 'no requests were made',
  });
  const measured = rss.filter((r) => r.perHour !== null);
  const over = measured.filter((r) => r.perHour > targets.rssMbPerHour);
  checks.push({
    target: `RSS slope ≤ ${targets.rssMbPerHour} MB/h, each process`,
    ok: measured.length > 0 && over.length === 0,
    detail:
      measured.length === 0
        ? 'too few samples after the warm-up'
        : over.length > 0
          ? `over: ${over.map((r) => `${r.process} ${r.perHour.toFixed(1)}`).join(', ')}`
          : `highest ${Math.max(...measured.map((r) => r.perHour)).toFixed(1)} MB/h (${measured.reduce((a, b) => (b.perHour > a.perHour ? b : a)).process})`,
  });
  const slow = recoveries.filter((r) => r.seconds === null || r.seconds > targets.lagRecoverySeconds);
  checks.push({
    target: `consumer lag 0 within ${targets.lagRecoverySeconds} s of each feed run`,
    ok: recoveries.length === expectedFeeds && feedErrors.length === 0 && slow.length === 0,
    detail:
      expectedFeeds === 0
        ? 'no feed run in this run (too short, or --no-feed)'
        : [
            recoveries.length > 0 ? `${recoveries.map((r) => (r.seconds === null ? 'never' : `${r.seconds.toFixed(0)} s`)).join(', ')}` : null,
            feedErrors.length > 0 ? `${feedErrors.length} feed run(s) failed: ${feedErrors.map((e) => e.error).join('; ')}` : null,
            recoveries.length + feedErrors.length < expectedFeeds ? `${expectedFeeds - recoveries.length - feedErrors.length} feed run(s) not done` : null,
          ]
            .filter(Boolean)
            .join('; '),
  });
  if (expectedFeeds === 0) checks[checks.length - 1].ok = true;
  return { ok: checks.every((c) => c.ok), checks };
}

/** A number for a table: `digits` decimals with a sign for slopes, '–' for none. */
export function fmt(value, digits = 1, signed = false) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const text = value.toFixed(digits);
  return signed && value > 0 ? `+${text}` : text;
}
