/**
 * Writes the Hintakori demo data set as source feeds (the files a demo feed run ingests).
 *
 *   npm run demo-data -- --out .data/demo [--size small|finland|tiny] [--seed N] [--today YYYY-MM-DD]
 *
 * Output: s-group.jsonl (S group GraphQL nodes), k-group.jsonl (K-Ruoka API records), lidl.jsonl (Lidl's
 * national price list) and manifest.json (written last). Progress bars go to stderr, the summary to stdout.
 */
import { FEED_SIZES, writeDemoFeedFiles, type FeedSize, type WriteFeedsOptions } from '@hintakori/demo-data';
import { resolve } from 'node:path';
import { progressBar } from '../ingest/progress';

export interface CliOptions extends WriteFeedsOptions {
  out: string;
}

export interface Summary {
  out: string;
  size: FeedSize;
  stores: number;
  items: number;
  offers: number;
  prices: number;
  lines: number;
  seconds: number;
}

const USAGE = 'Usage: npm run demo-data -- --out <dir> [--size small|finland|tiny] [--seed <int>] [--today YYYY-MM-DD] [--whole]';

export function parseArgs(argv: readonly string[]): CliOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') throw new Error(USAGE);
    if (arg === '--whole') {
      values.set('whole', 'true');
      continue;
    }
    const match = /^--(out|seed|today|size)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument '${arg}'\n${USAGE}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`Missing value for --${match[1]}\n${USAGE}`);
    values.set(match[1], value);
  }
  const out = values.get('out');
  if (!out) throw new Error(`--out is required\n${USAGE}`);
  const options: CliOptions = { out };
  if (values.has('whole')) options.whole = true;
  const seed = values.get('seed');
  if (seed !== undefined) {
    if (!/^-?\d+$/.test(seed)) throw new Error(`--seed must be an integer, got '${seed}'`);
    options.seed = Number(seed);
  }
  const today = values.get('today');
  if (today !== undefined) options.today = today;
  const size = values.get('size');
  if (size !== undefined) {
    if (!(FEED_SIZES as readonly string[]).includes(size)) throw new Error(`--size must be one of ${FEED_SIZES.join(', ')}, got '${size}'`);
    options.size = size as FeedSize;
  }
  return options;
}

export function run(argv: readonly string[], stderr: NodeJS.WriteStream = process.stderr): Summary {
  const started = Date.now();
  const { out, ...options } = parseArgs(argv);
  const dir = resolve(out);
  const bars = new Map<string, ReturnType<typeof progressBar>>();
  const manifest = writeDemoFeedFiles(dir, {
    ...options,
    onProgress: (p) => {
      let bar = bars.get(p.source);
      if (!bar) {
        bars.forEach((b) => b.done());
        bar = progressBar(`${p.source.padEnd(7)} products`, stderr);
        bars.set(p.source, bar);
      }
      bar.update(p.done, p.total, `${p.done}/${p.total}`);
    },
  });
  bars.forEach((b) => b.done());
  return {
    out: dir,
    size: manifest.size,
    stores: manifest.stores,
    items: manifest.items,
    offers: manifest.offers,
    prices: manifest.prices,
    lines: manifest.feeds.reduce((sum, f) => sum + f.lines, 0),
    seconds: (Date.now() - started) / 1000,
  };
}

if (require.main === module) {
  try {
    const s = run(process.argv.slice(2));
    process.stdout.write(
      `demo feeds (${s.size}): ${s.stores} stores, ${s.items} products, ${s.offers} offers, ${s.prices} store prices in ${s.lines} feed lines -> ${s.out} (${s.seconds.toFixed(1)} s)\n`,
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
