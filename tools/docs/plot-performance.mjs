#!/usr/bin/env node
// Prints the measured history in docs/performance-history.jsonl: one series per benchmark, scenario, setting and
// figure, in time order, as a sparkline (default) or every point (--points), or as CSV (--csv).
//
//   npm run docs:performance                                   the store-totals table below, then every series
//   npm run docs:performance -- --store-totals                 only the store-totals table
//   npm run docs:performance -- --benchmark load:comparisons --figure p95 --points
//   npm run docs:performance -- --scenario "store totals" --data finland --csv > store-totals.csv
//   npm run docs:performance -- --check                        validate the file (used by the unit test)
//
// Filters (--benchmark, --figure, --scenario, --setting, --profile, --data, --variant) match a case-insensitive
// part of the field; --since YYYY-MM-DD drops older lines; --file reads another JSONL file.
// A line's value is a number, [low, high] for a range, or null with the written form in `text`; a range is
// drawn at its middle. Lines that `npm run load:comparisons` writes also carry `commit` (short hash), `rateLimit`
// (`off`, `unknown` or `N/min`) and `stackAge` (seconds from the stack's start to k6's), which --check validates.
//
// The store-totals table (without filters, or --store-totals): load:comparisons store totals p95 at each target
// rate on the distributed profile with the `finland` data, one row per run in time order (its date, time and
// variant or source: a run of load:comparisons names its branch and commit), with the p95 of the run's machine
// floor where it measured one (the slower of the two), so a step shows on the day it lands and a busy machine too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REQUIRED = ['date', 'benchmark', 'scenario', 'figure', 'unit', 'source'];
const FILTERS = ['benchmark', 'figure', 'scenario', 'setting', 'profile', 'data', 'variant'];
const SERIES_KEY = ['benchmark', 'profile', 'data', 'scenario', 'setting', 'figure', 'unit'];
const BARS = '▁▂▃▄▅▆▇█';

function parseArgs(argv) {
  const options = { file: path.join(root, 'docs/performance-history.jsonl'), filters: {}, csv: false, points: false, check: false, storeTotals: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) fail(`${arg} needs a value`);
      return next;
    };
    if (arg === '--csv') options.csv = true;
    else if (arg === '--points') options.points = true;
    else if (arg === '--check') options.check = true;
    else if (arg === '--store-totals') options.storeTotals = true;
    else if (arg === '--file') options.file = path.resolve(value());
    else if (arg === '--since') options.since = value();
    else if (FILTERS.includes(arg.slice(2)) && arg.startsWith('--')) options.filters[arg.slice(2)] = value().toLowerCase();
    else if (arg === '--help' || arg === '-h') {
      console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n'));
      process.exit(0);
    } else fail(`unknown argument ${arg} (see --help)`);
  }
  return options;
}

function fail(message) {
  console.error(`plot-performance: ${message}`);
  process.exit(2);
}

/** The lines of the file, with the problems of any malformed line. */
function load(file) {
  const problems = [];
  const lines = [];
  readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
    if (!text.trim()) return;
    let line;
    try {
      line = JSON.parse(text);
    } catch {
      problems.push(`line ${i + 1}: not JSON`);
      return;
    }
    const missing = REQUIRED.filter((k) => typeof line[k] !== 'string' || !line[k]);
    if (missing.length) problems.push(`line ${i + 1}: missing ${missing.join(', ')}`);
    if (!/^\d{4}-\d\d-\d\d$/.test(line.date ?? '')) problems.push(`line ${i + 1}: date must be YYYY-MM-DD`);
    if (line.time !== undefined && !/^\d\d:\d\d$/.test(line.time)) problems.push(`line ${i + 1}: time must be HH:MM`);
    const v = line.value;
    const ok = typeof v === 'number' || (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number')) || (v === null && typeof line.text === 'string');
    if (!ok) problems.push(`line ${i + 1}: value must be a number, [low, high], or null with text`);
    if (line.commit !== undefined && !/^[0-9a-f]{7,40}$/.test(line.commit)) problems.push(`line ${i + 1}: commit must be a short or full git hash`);
    if (line.rateLimit !== undefined && !/^(off|unknown|\d+\/min)$/.test(line.rateLimit)) problems.push(`line ${i + 1}: rateLimit must be off, unknown or N/min`);
    if (line.stackAge !== undefined && !(typeof line.stackAge === 'number' && line.stackAge >= 0)) problems.push(`line ${i + 1}: stackAge must be a number of seconds`);
    lines.push({ ...line, order: i });
  });
  return { lines, problems };
}

const middle = (v) => (Array.isArray(v) ? (v[0] + v[1]) / 2 : v);
const shown = (line) => (line.value === null ? line.text : Array.isArray(line.value) ? `${line.value[0]}–${line.value[1]}` : String(line.value));
const when = (line) => `${line.date}${line.time ? ` ${line.time}` : ''}`;

function sparkline(values) {
  const numbers = values.filter((v) => typeof v === 'number');
  if (!numbers.length) return '';
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  return values.map((v) => (typeof v !== 'number' ? ' ' : high === low ? BARS[3] : BARS[Math.round(((v - low) / (high - low)) * (BARS.length - 1))])).join('');
}

function seriesOf(lines) {
  const series = new Map();
  for (const line of lines) {
    const key = SERIES_KEY.map((k) => line[k] ?? '').join('\u0000');
    if (!series.has(key)) series.set(key, []);
    series.get(key).push(line);
  }
  for (const points of series.values()) points.sort((a, b) => when(a).localeCompare(when(b)) || a.order - b.order);
  return [...series.values()].sort((a, b) => SERIES_KEY.map((k) => a[0][k] ?? '').join('\u0000').localeCompare(SERIES_KEY.map((k) => b[0][k] ?? '').join('\u0000')));
}

const label = (p) => [p.benchmark, p.profile, p.data, p.scenario, p.setting, p.figure].filter(Boolean).join(' · ');

/**
 * load:comparisons store totals p95 per target rate (distributed, finland), one row per run in time order: the
 * rates two runs or more measured are the columns; `floor p95` is the run's machine floor where it has one.
 */
function storeTotalsTable(lines) {
  const mine = lines.filter((l) => l.benchmark === 'load:comparisons' && l.profile === 'distributed' && l.data === 'finland');
  const runKey = (l) => [when(l), l.variant ?? '', l.source].join('\u0000');
  const runs = new Map();
  for (const l of mine) {
    const rate = /^target (\d+)\/s$/.exec(l.setting ?? '')?.[1];
    const isP95 = l.scenario === 'store totals' && l.figure === 'p95' && rate;
    const isFloor = l.scenario === 'machine floor' && (l.figure === 'p95' || l.figure === 'throughput');
    if (!isP95 && !isFloor) continue;
    const run = runs.get(runKey(l)) ?? { first: l, p95: new Map(), floors: new Map() };
    if (isP95) run.p95.set(Number(rate), l);
    else run.floors.set(l.setting, { ...run.floors.get(l.setting), [l.figure]: middle(l.value) });
    runs.set(runKey(l), run);
  }
  const rows = [...runs.values()].filter((r) => r.p95.size).sort((a, b) => when(a.first).localeCompare(when(b.first)) || a.first.order - b.first.order);
  if (!rows.length) return [];
  const counts = new Map();
  for (const r of rows) for (const rate of r.p95.keys()) counts.set(rate, (counts.get(rate) ?? 0) + 1);
  const rates = [...counts].filter(([, n]) => n >= 2 || rows.length === 1).map(([rate]) => rate).sort((a, b) => a - b);
  const runLabel = (l) => {
    const text = l.variant ?? l.source;
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  };
  // The slower floor of the run (fewer requests/s), as load:comparisons takes its ratios to.
  const floorP95 = (r) => [...r.floors.values()].filter((f) => f.p95 !== undefined).sort((a, b) => (a.throughput ?? 0) - (b.throughput ?? 0))[0]?.p95;
  const header = ['when'.padEnd(16), 'run'.padEnd(40), ...rates.map((rate) => `${rate}/s`.padStart(7)), 'floor p95'.padStart(10)].join(' ');
  const out = ['store totals p95 (ms) at each target rate, distributed, finland — load:comparisons, one run a row', `  ${header}`];
  for (const r of rows) {
    const cells = rates.map((rate) => (r.p95.has(rate) ? shown(r.p95.get(rate)) : '').padStart(7));
    const floor = floorP95(r);
    out.push(`  ${[when(r.first).padEnd(16), runLabel(r.first).padEnd(40), ...cells, (floor === undefined ? '' : String(floor)).padStart(10)].join(' ')}`.trimEnd());
  }
  return out;
}

function csvCell(value) {
  const text = value === undefined || value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const { lines, problems } = load(options.file);
  if (options.check) {
    if (problems.length) {
      console.error(problems.join('\n'));
      process.exit(1);
    }
    console.log(`${path.relative(process.cwd(), options.file) || options.file}: ${lines.length} lines, ${seriesOf(lines).length} series, no problems`);
    return;
  }
  if (problems.length) console.error(`skipped: ${problems.join('; ')}`);
  const usable = lines.filter((line) => !options.since || line.date >= options.since);
  if (options.storeTotals) {
    const table = storeTotalsTable(usable);
    console.log(table.length ? table.join('\n') : 'no load:comparisons store-totals p95 on distributed finland');
    return;
  }
  if (!options.csv && Object.keys(options.filters).length === 0) {
    const table = storeTotalsTable(usable);
    if (table.length) console.log(`${table.join('\n')}\n`);
  }
  const picked = lines.filter(
    (line) =>
      Object.entries(options.filters).every(([k, want]) => String(line[k] ?? '').toLowerCase().includes(want)) &&
      (!options.since || line.date >= options.since),
  );
  const series = seriesOf(picked);
  if (options.csv) {
    const columns = ['benchmark', 'profile', 'data', 'scenario', 'setting', 'figure', 'unit', 'date', 'time', 'variant', 'value', 'low', 'high', 'text', 'note'];
    console.log(columns.join(','));
    for (const points of series) {
      for (const p of points) {
        const row = { ...p, value: middle(p.value), low: Array.isArray(p.value) ? p.value[0] : undefined, high: Array.isArray(p.value) ? p.value[1] : undefined };
        console.log(columns.map((c) => csvCell(row[c])).join(','));
      }
    }
    return;
  }
  if (!series.length) {
    console.log('no line matches');
    return;
  }
  for (const points of series) {
    const first = points[0];
    const last = points.at(-1);
    if (options.points) {
      console.log(`${label(first)} (${first.unit})`);
      const width = Math.max(...points.map((p) => shown(p).length));
      for (const p of points) console.log(`  ${when(p).padEnd(16)} ${shown(p).padStart(width)}  ${p.variant ?? ''}`.trimEnd());
      console.log(`  ${sparkline(points.map((p) => middle(p.value)))}`);
    } else {
      const span = points.length > 1 ? `${shown(first)} → ${shown(last)}` : shown(last);
      console.log(`${label(first)}: ${sparkline(points.map((p) => middle(p.value)))} ${span} ${first.unit} (${points.length} × ${when(first)}${points.length > 1 ? ` … ${when(last)}` : ''})`);
    }
  }
}

main();
