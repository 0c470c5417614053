import type { RateLimit } from '../http/polite-http';
import { guarded } from '../../feeds/adapters/common';
import { isOverlong, openFeed, type FeedInput, type FeedLine } from '../../feeds/feed-input';
import { reject, type FeedRecord } from '../../feeds/feed-record';
import { isObject, parseJsonLine, RecordError, str, type Json } from '../../feeds/values';
import { linesInput, type PullContext, type PullSourceAdapter } from '../pull-source';
import { SourceHttpError } from '../source-http';
import { fetchOffProduct, OFF_PRODUCT_FRESH_MS, OPEN_FOOD_FACTS_SOURCE, OPEN_FOOD_FACTS_URL, offProductToFeed } from './off-product';

/**
 * PoliteHttp rates for an Open Food Facts deployment, from the rate limits of its API documentation
 * (openfoodfacts-server docs/api/index.md, "Rate limits"): 15 product reads and 10 searches per minute per IP address.
 * Other requests (facets, taxonomies) get the 2 per minute older versions of that page gave facet queries.
 */
export function openFoodFactsRates(base = OPEN_FOOD_FACTS_URL): Record<string, RateLimit> {
  const host = new URL(base).host;
  return { [`${host}#product`]: { perMinute: 15 }, [`${host}#search`]: { perMinute: 10 }, [host]: { perMinute: 2 } };
}

/** The rates of the public deployment, keyed as PoliteHttp's `rates`. */
export const OPEN_FOOD_FACTS_RATES: Record<string, RateLimit> = openFoodFactsRates();

export const NOT_IN_OPEN_FOOD_FACTS = 'skipped: not in Open Food Facts';

export interface OpenFoodFactsAdapterOptions {
  /** EANs asked from the API in one run (15 per minute: 900 is about an hour); default 900. */
  maxProductsPerRun?: number;
  /** EANs taken from the registry at a time (and marked checked together); default 50. */
  batchSize?: number;
  /** Lines of the bulk export whose EANs are looked up in the registry at once; default 500. */
  bulkBatchSize?: number;
  now?: () => number;
}

/** A line of API mode: what Open Food Facts answered for one EAN (the parser turns it into a product or a reject). */
type LookupLine = { lookup: 'found'; code: string; product: Json } | { lookup: 'not-found'; code: string } | { lookup: 'failed'; code: string; reason: string };

function isBulkLocation(location: string): boolean {
  return !/^https?:\/\//i.test(location) || /\.jsonl(\.gz)?(\?|$)/i.test(location);
}

const CODE = /"code"\s*:\s*"(\d{8,14})"/;

/**
 * Open Food Facts products. Two modes by location:
 * - the bulk JSONL export (a file path or a .jsonl/.jsonl.gz URL): the products sold in Finland and those whose EAN
 *   the registry knows;
 * - the API (a base URL, default the public one): the registry's EANs not checked for 30 days, one request each.
 */
export class OpenFoodFactsAdapter implements PullSourceAdapter {
  readonly source = OPEN_FOOD_FACTS_SOURCE;
  readonly defaultLocation = OPEN_FOOD_FACTS_URL;
  private readonly maxProductsPerRun: number;
  private readonly batchSize: number;
  private readonly bulkBatchSize: number;
  private readonly now: () => number;

  constructor(options: OpenFoodFactsAdapterOptions = {}) {
    this.maxProductsPerRun = options.maxProductsPerRun ?? 900;
    this.batchSize = options.batchSize ?? 50;
    this.bulkBatchSize = options.bulkBatchSize ?? 500;
    this.now = options.now ?? Date.now;
  }

  async openInput(location: string, ctx: PullContext): Promise<FeedInput> {
    if (isBulkLocation(location)) {
      const feed = await openFeed(location, ctx.signal, ctx.feedLimits, true);
      return linesInput(this.bulkLines(feed, ctx), { done: () => feed.bytesRead(), total: () => feed.totalBytes });
    }
    let done = 0;
    return linesInput(this.apiLines(location, ctx, () => done++), { done: () => done, total: () => null });
  }

  createParser(): (line: string) => FeedRecord[] {
    return (line) => {
      if (line.trim() === '') return [];
      let record: Json;
      try {
        record = parseJsonLine(line);
      } catch (error) {
        return [reject('line', (error as Error).message, line)];
      }
      switch (record.lookup) {
        case undefined:
          // A product of the bulk export.
          return [guarded('product', record, () => ({ kind: 'product', value: offProductToFeed(record) }))];
        case 'found':
          return [guarded('product', record, () => ({ kind: 'product', value: offProductToFeed(record.product, str(record.code, 'code')) }))];
        case 'not-found':
          return [reject('product', NOT_IN_OPEN_FOOD_FACTS, record)];
        case 'failed':
          return [reject('product', typeof record.reason === 'string' ? record.reason : 'the look-up failed', record)];
        case 'overlong':
          return [reject('line', `line too long: ${String(record.bytes)} bytes (INGEST_MAX_LINE_BYTES)`, record.head)];
        default:
          return [reject('line', `unknown look-up result ${JSON.stringify(record.lookup)}`, record)];
      }
    };
  }

  /** API mode: asks for the registry's EANs not checked within 30 days, a batch at a time, until none or the run's cap. */
  private async *apiLines(base: string, ctx: PullContext, counted: () => void): AsyncGenerator<string> {
    const olderThan = new Date(this.now() - OFF_PRODUCT_FRESH_MS).toISOString();
    const seen = new Set<string>();
    const tally = { found: 0, notFound: 0, failed: 0 };
    while (seen.size < this.maxProductsPerRun && !ctx.signal?.aborted) {
      const batch = (await ctx.eansToRefresh(olderThan, Math.min(this.batchSize, this.maxProductsPerRun - seen.size))).filter((ean) => !seen.has(ean));
      // EANs that failed are not marked checked and come back: seen stops the run from asking them twice.
      if (batch.length === 0) break;
      const checked: string[] = [];
      for (const ean of batch) {
        if (ctx.signal?.aborted) break;
        seen.add(ean);
        const line = await this.lookup(base, ean, ctx);
        if (line.lookup === 'failed') tally.failed++;
        else {
          checked.push(ean);
          if (line.lookup === 'found') tally.found++;
          else tally.notFound++;
        }
        counted();
        yield JSON.stringify(line);
      }
      if (checked.length > 0) await ctx.markProductsChecked(checked, new Date(this.now()).toISOString());
    }
    ctx.log(`open-food-facts: asked about ${seen.size} EANs: ${tally.found} found, ${tally.notFound} not in Open Food Facts, ${tally.failed} failed`);
  }

  private async lookup(base: string, ean: string, ctx: PullContext): Promise<LookupLine> {
    try {
      const answer = await fetchOffProduct(ctx.http, base, ean);
      return answer.found ? { lookup: 'found', code: ean, product: answer.product } : { lookup: 'not-found', code: ean };
    } catch (error) {
      // The service answering errors for one EAN does not stop the run; not reaching it at all does (rethrown).
      if (error instanceof SourceHttpError) return { lookup: 'failed', code: ean, reason: `Open Food Facts answered ${error.status} for ${ean}: ${error.message}` };
      if (error instanceof RecordError) return { lookup: 'failed', code: ean, reason: error.message };
      throw error;
    }
  }

  /** Bulk mode: the export's lines of products sold in Finland or known to the registry, in order. */
  private async *bulkLines(feed: FeedInput<FeedLine>, ctx: PullContext): AsyncGenerator<string> {
    try {
      let batch: string[] = [];
      for await (const line of feed.lines) {
        // A line past the longest (never read whole) goes on as a line the parser rejects, after the lines before it.
        if (isOverlong(line)) {
          if (batch.length > 0) yield* await this.selected(batch, ctx);
          batch = [];
          yield JSON.stringify({ lookup: 'overlong', bytes: line.bytes, head: line.head });
          continue;
        }
        if (line.trim() === '') continue;
        batch.push(line);
        if (batch.length >= this.bulkBatchSize) {
          yield* await this.selected(batch, ctx);
          batch = [];
        }
      }
      if (batch.length > 0) yield* await this.selected(batch, ctx);
    } finally {
      feed.close();
    }
  }

  private async selected(lines: string[], ctx: PullContext): Promise<string[]> {
    const finnish = lines.map((line) => line.includes('"en:finland"') && soldInFinland(line));
    const codes = lines.map((line, i) => (finnish[i] ? null : (CODE.exec(line)?.[1] ?? null)));
    const asked = [...new Set(codes.filter((c): c is string => c !== null))];
    const known = asked.length > 0 ? await ctx.knownEans(asked) : new Set<string>();
    return lines.filter((_line, i) => finnish[i] || (codes[i] !== null && known.has(codes[i] as string)));
  }
}

/** countries_tags (where the product is sold) has en:finland; a line that is not JSON is kept for the parser to reject. */
function soldInFinland(line: string): boolean {
  try {
    const product: unknown = JSON.parse(line);
    return !isObject(product) || (Array.isArray(product.countries_tags) && product.countries_tags.includes('en:finland'));
  } catch {
    return true;
  }
}
