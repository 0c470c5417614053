import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { helsinkiToday } from './dates';
import { DEFAULT_SEED, generateDemoData } from './generate';
import { earlierFeedFile, FEED_FILES, FEED_ORDER, type FeedPart, type FeedProgress, type FeedSourceId, writeDemoFeed } from './feeds';
import type { DemoSize } from './types';

/**
 * Feed sizes: 'small' is the standard demo data set (what `npm start` loads), 'finland' the national
 * one, 'tiny' the generator's reduced set (tests).
 */
export type FeedSize = 'tiny' | 'small' | 'finland';
export const FEED_SIZES: readonly FeedSize[] = ['tiny', 'small', 'finland'];

const GENERATOR_SIZE: Record<FeedSize, DemoSize> = { tiny: 'small', small: 'standard', finland: 'finland' };

export interface FeedManifest {
  size: FeedSize;
  seed: number;
  today: string;
  stores: number;
  items: number;
  prices: number;
  offers: number;
  /** In run order: each source's earlier run (its stale prices: feeds.ts FeedPart), then its current one. */
  feeds: { source: FeedSourceId; file: string; lines: number; part?: FeedPart['kind'] }[];
}

export interface WriteFeedsOptions {
  size?: FeedSize;
  seed?: number;
  /** YYYY-MM-DD in Europe/Helsinki; default: today. */
  today?: string;
  onProgress?: (progress: FeedProgress) => void;
  /**
   * One run per source with every price (what the benchmarks time), instead of each source's earlier and current
   * runs (what the demo loads, so it shows stale prices: feeds.ts FeedPart).
   */
  whole?: boolean;
}

const MANIFEST = 'manifest.json';
/** The spec's stale-price threshold: a price last updated longer ago shows a red clock. */
export const STALE_PRICE_DAYS = 14;

/** The manifest of a complete feed directory, or null when there is none (or it was left half-written). */
export function readFeedManifest(dir: string): FeedManifest | null {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as FeedManifest;
}

/** Writes the three source feeds and, last, manifest.json (so a crash never leaves a directory that looks complete). */
export function writeDemoFeedFiles(dir: string, options: WriteFeedsOptions = {}): FeedManifest {
  const size = options.size ?? 'small';
  const seed = options.seed ?? DEFAULT_SEED;
  const today = options.today ?? helsinkiToday();
  const data = generateDemoData({ seed, today, size: GENERATOR_SIZE[size] });
  mkdirSync(dir, { recursive: true });
  const feeds: FeedManifest['feeds'] = [];
  // Midnight UTC of `today` is within hours of Helsinki's; the stale prices are at least 15 days old (prices.ts).
  const staleBefore = Date.parse(`${today}T00:00:00Z`) - STALE_PRICE_DAYS * 86_400_000;
  const runs = options.whole
    ? FEED_ORDER.map((source) => ({ source, kind: undefined, file: FEED_FILES[source] }))
    : FEED_ORDER.flatMap((source) => (['earlier', 'current'] as const).map((kind) => ({ source, kind, file: kind === 'earlier' ? earlierFeedFile(source) : FEED_FILES[source] })));
  for (const { source, kind, file } of runs) {
    const target = join(dir, file);
    const partial = `${target}.partial`;
    const fd = openSync(partial, 'w');
    let buffer: string[] = [];
    let bytes = 0;
    const flush = () => {
      if (buffer.length === 0) return;
      writeSync(fd, buffer.join(''));
      buffer = [];
      bytes = 0;
    };
    let lines: number;
    try {
      lines = writeDemoFeed(
        data,
        source,
        (line) => {
          buffer.push(line, '\n');
          bytes += line.length;
          if (bytes > 1 << 20) flush();
        },
        kind === 'earlier' ? undefined : options.onProgress,
        kind ? { kind, staleBefore } : undefined,
      );
      flush();
    } finally {
      closeSync(fd);
    }
    renameSync(partial, target);
    feeds.push({ source, file, lines, ...(kind ? { part: kind } : {}) });
  }
  const manifest: FeedManifest = {
    size,
    seed,
    today,
    stores: data.stores.length,
    items: data.items.length,
    prices: data.priceCount,
    offers: data.offers.length,
    feeds,
  };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
