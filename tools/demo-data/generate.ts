/**
 * Writes the Hintakori demo data set to disk.
 *
 *   node -r @swc-node/register tools/demo-data/generate.ts --out .data/demo [--seed N] [--today YYYY-MM-DD] [--size small]
 *
 * Output: stores.json, categories.json, items.json, offers.json and prices.jsonl (one price per line).
 * Progress goes to stderr, the summary line to stdout.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateDemoData, type DemoOptions } from '@hintakori/demo-data';

export interface CliOptions extends DemoOptions {
  out: string;
}

export interface Summary {
  out: string;
  stores: number;
  categories: number;
  items: number;
  offers: number;
  prices: number;
  seconds: number;
}

const USAGE = 'Usage: node -r @swc-node/register tools/demo-data/generate.ts --out <dir> [--seed <int>] [--today YYYY-MM-DD] [--size small]';

export function parseArgs(argv: readonly string[]): CliOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') throw new Error(USAGE);
    const match = /^--(out|seed|today|size)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument '${arg}'\n${USAGE}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`Missing value for --${match[1]}\n${USAGE}`);
    values.set(match[1], value);
  }
  const out = values.get('out');
  if (!out) throw new Error(`--out is required\n${USAGE}`);
  const options: CliOptions = { out };
  const seed = values.get('seed');
  if (seed !== undefined) {
    if (!/^-?\d+$/.test(seed)) throw new Error(`--seed must be an integer, got '${seed}'`);
    options.seed = Number(seed);
  }
  const today = values.get('today');
  if (today !== undefined) options.today = today;
  const size = values.get('size');
  if (size !== undefined) {
    if (size !== 'small') throw new Error(`--size must be 'small', got '${size}'`);
    options.size = 'small';
  }
  return options;
}

export function run(argv: readonly string[], stderr: NodeJS.WritableStream = process.stderr): Summary {
  const started = Date.now();
  const { out, ...demoOptions } = parseArgs(argv);
  const dir = resolve(out);
  const data = generateDemoData(demoOptions);
  mkdirSync(dir, { recursive: true });
  const writeJson = (name: string, value: unknown) => writeFileSync(join(dir, name), `${JSON.stringify(value, null, 2)}\n`);
  writeJson('stores.json', data.stores);
  writeJson('categories.json', data.categories);
  writeJson('items.json', data.items);
  writeJson('offers.json', data.offers);

  const interactive = Boolean((stderr as { isTTY?: boolean }).isTTY);
  const progress = (done: number, end = false) => {
    const pct = data.priceCount === 0 ? 100 : Math.floor((done / data.priceCount) * 100);
    stderr.write(`${interactive ? '\r' : ''}prices ${done}/${data.priceCount} (${pct}%)${interactive && !end ? '' : '\n'}`);
  };
  const fd = openSync(join(dir, 'prices.jsonl'), 'w');
  let written = 0;
  try {
    let chunk: string[] = [];
    for (const price of data.prices()) {
      chunk.push(JSON.stringify(price));
      written++;
      if (chunk.length === 25_000) {
        writeSync(fd, `${chunk.join('\n')}\n`);
        chunk = [];
        progress(written);
      }
    }
    if (chunk.length > 0) writeSync(fd, `${chunk.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
  progress(written, true);
  if (written !== data.priceCount) throw new Error(`Wrote ${written} prices, expected ${data.priceCount}`);

  return {
    out: dir,
    stores: data.stores.length,
    categories: data.categories.length,
    items: data.items.length,
    offers: data.offers.length,
    prices: written,
    seconds: (Date.now() - started) / 1000,
  };
}

if (require.main === module) {
  try {
    const s = run(process.argv.slice(2));
    process.stdout.write(
      `demo data: ${s.stores} stores, ${s.categories} categories, ${s.items} items, ${s.offers} offers, ${s.prices} prices -> ${s.out} (${s.seconds.toFixed(1)} s)\n`,
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
