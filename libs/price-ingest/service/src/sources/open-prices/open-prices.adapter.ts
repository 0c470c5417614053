import type { FeedInput } from '../../feeds/feed-input';
import { reject, type FeedProduct, type FeedRecord } from '../../feeds/feed-record';
import { isObject, type Json, parseJsonLine, RecordError } from '../../feeds/values';
import { linesInput, type PullContext, type PullSourceAdapter } from '../pull-source';
import { SourceHttpError, SourceUnreachableError } from '../source-http';
import { type CategoryEans, helsinkiDay, type OpenPricesLine, openPricesPrice, openPricesProduct, outsideCountry, priceEan } from './open-prices.records';

/** The public Open Prices instance (Open Food Facts' crowd-sourced prices). */
export const OPEN_PRICES_URL = 'https://prices.openfoodfacts.org';

/**
 * Request rates for Open Prices, per rate class of its host. Open Prices documents no rate limit (API docs, nginx
 * config and Django REST framework settings have none), and every list page is a count plus a joined query on a small
 * non-profit server: a modest 30 a minute (one every 2 s), under Open Food Facts' 100/min for product reads.
 */
export const OPEN_PRICES_RATES = { prices: { requestsPerMinute: 30 } } as const;

/** Open Prices answers at most this page number of a query (`max_page_number`); further pages go in a new window. */
export const OPEN_PRICES_MAX_PAGE = 500;
/** Open Prices' largest page size (`max_page_size`). */
export const OPEN_PRICES_MAX_PAGE_SIZE = 100;

export interface OpenPricesOptions {
  /** OFF category tag → EAN standing for that loose produce (see parseCategoryEans for OPEN_PRICES_CATEGORY_EANS). */
  categoryEans?: CategoryEans;
  /** Prices per request, 1–100; default 100. */
  pageSize?: number;
  /** Only prices whose location is in this country (ISO alpha-2) are read; default 'FI'; null: every located price. */
  countryCode?: string | null;
  /** A page fetched this recently is answered from the HTTP cache (a resumed run re-reads the same pages); default 5 min. */
  freshForMs?: number;
  now?: () => Date;
}

interface Page {
  items: unknown[];
  pages: number;
}

type PageRead = { ok: true; page: Page } | { ok: false; reason: string } | { ok: 'gone' };

/**
 * Prices reported by shoppers to Open Prices, pulled from `GET /api/v1/prices`: euro prices at OpenStreetMap
 * locations (Open Prices has no country filter on prices: prices outside `countryCode` are dropped by the location's
 * country code before anything is yielded), since the day before the last completed run.
 */
export class OpenPricesAdapter implements PullSourceAdapter {
  readonly source = 'open-prices';
  readonly storeSource = 'osm';
  readonly defaultLocation = OPEN_PRICES_URL;
  private readonly categoryEans: CategoryEans;
  private readonly pageSize: number;
  private readonly countryCode: string | null;
  private readonly freshForMs: number;
  private readonly now: () => Date;

  constructor(options: OpenPricesOptions = {}) {
    this.categoryEans = options.categoryEans ?? {};
    const size = options.pageSize ?? OPEN_PRICES_MAX_PAGE_SIZE;
    if (!Number.isInteger(size) || size < 1 || size > OPEN_PRICES_MAX_PAGE_SIZE) throw new Error(`Open Prices page size must be 1–${OPEN_PRICES_MAX_PAGE_SIZE}, not ${size}`);
    this.pageSize = size;
    this.countryCode = options.countryCode === undefined ? 'FI' : options.countryCode;
    this.freshForMs = options.freshForMs ?? 5 * 60_000;
    this.now = options.now ?? (() => new Date());
  }

  /** The query of one page: euro prices at OSM locations, oldest-created first (new prices go to the end while paging). */
  pageUrl(base: string, page: number, since: string | null, createdFrom: string | null): string {
    const query = new URLSearchParams({ currency: 'EUR', location__type: 'OSM' });
    if (since) query.set('date__gte', since);
    if (createdFrom) query.set('created__gte', createdFrom);
    query.set('order_by', 'created,id');
    query.set('page', String(page));
    query.set('size', String(this.pageSize));
    return `${base.replace(/\/+$/, '')}/api/v1/prices?${query}`;
  }

  async openInput(location: string, ctx: PullContext): Promise<FeedInput> {
    const base = location || OPEN_PRICES_URL;
    // A day's margin: prices dated the day the last run started may have been reported after it started.
    const last = ctx.lastCompletedRunStartedAt;
    const since = last ? helsinkiDay(Date.parse(last) < this.now().getTime() ? last : this.now().toISOString(), 1) : null;
    const progress = { done: 0, total: null as number | null };
    ctx.log(`open-prices: ${since ? `prices dated ${since} or later` : 'every price (first run)'} from ${base}${this.countryCode ? `, in ${this.countryCode}` : ''}`);
    return linesInput(this.lines(base, since, ctx, progress), { done: () => progress.done, total: () => progress.total });
  }

  private async *lines(base: string, since: string | null, ctx: PullContext, progress: { done: number; total: number | null }): AsyncGenerator<string> {
    const seen = new Set<string>();
    let createdFrom: string | null = null;
    /** Ids of prices created exactly at `createdFrom`, already read in the previous window. */
    let idsAtCursor = new Set<unknown>();
    let pagesBefore = 0;
    let dropped = 0;
    for (;;) {
      let lastCreated: string | null = null;
      let idsAtLast = new Set<unknown>();
      let pages: number | null = null;
      let page = 1;
      for (; pages === null || page <= Math.min(pages, OPEN_PRICES_MAX_PAGE); page++) {
        const read = await this.readPage(this.pageUrl(base, page, since, createdFrom), ctx);
        if (read.ok === 'gone') break; // fewer pages than when paging began (prices deleted)
        if (!read.ok) {
          yield line({ t: 'unreadable', page: pagesBefore + page, reason: read.reason });
          progress.done++;
          if (pages === null) break; // the first page: how many there are is not known
          continue;
        }
        pages = read.page.pages;
        progress.total = pagesBefore + Math.max(pages, page);
        const items = read.page.items.filter((item) => !(isObject(item) && createdFrom !== null && item.created === createdFrom && idsAtCursor.has(item.id)));
        const kept = this.countryCode === null ? items : items.filter((item) => !(isObject(item) && outsideCountry(item, this.countryCode as string)));
        dropped += items.length - kept.length;
        for (const item of read.page.items) {
          if (!isObject(item) || typeof item.created !== 'string') continue;
          if (item.created !== lastCreated) idsAtLast = new Set();
          lastCreated = item.created;
          idsAtLast.add(item.id);
        }
        for (const productLine of await this.productLines(kept, seen, ctx)) yield productLine;
        for (const item of kept) yield line({ t: 'price', page: pagesBefore + page, p: item });
        progress.done++;
      }
      // Open Prices answers no page past 500: the rest is read as a new query from the last creation time reached.
      if (pages === null || pages <= OPEN_PRICES_MAX_PAGE || lastCreated === null || lastCreated === createdFrom) break;
      pagesBefore += OPEN_PRICES_MAX_PAGE;
      idsAtCursor = lastCreated === createdFrom ? new Set([...idsAtCursor, ...idsAtLast]) : idsAtLast;
      createdFrom = lastCreated;
    }
    progress.total = progress.done;
    if (dropped > 0) ctx.log(`open-prices: ${dropped} prices outside ${this.countryCode} skipped`);
  }

  /** One page, retried once (a new request, not the cache) when its body cannot be read. */
  private async readPage(url: string, ctx: PullContext): Promise<PageRead> {
    let reason = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await ctx.http.get(url, { rateClass: 'prices', freshForMs: attempt === 0 ? this.freshForMs : 0, signal: ctx.signal });
      if (answer.status === 404) return { ok: 'gone' };
      const page = pageOf(answer.text);
      if (typeof page !== 'string') return { ok: true, page };
      reason = page;
      ctx.log(`open-prices: ${url}: ${reason}${attempt === 0 ? ', retrying once' : ''}`);
    }
    return { ok: false, reason };
  }

  /**
   * For each EAN first priced in this run, one line: the product when no source has listed it (from Open Food
   * Facts, else from the price's embedded product), else `listed`. One line per EAN whatever is listed keeps a resumed
   * run's line numbers those of its first attempt.
   */
  private async productLines(items: unknown[], seen: Set<string>, ctx: PullContext): Promise<string[]> {
    const first = new Map<string, Json>();
    for (const item of items) {
      if (!isObject(item)) continue;
      let ean: string;
      try {
        openPricesPrice(item, this.categoryEans); // only prices the parser will accept name a product
        ean = priceEan(item, this.categoryEans);
      } catch (error) {
        if (error instanceof RecordError) continue;
        throw error;
      }
      if (!seen.has(ean) && !first.has(ean)) first.set(ean, item);
    }
    if (first.size === 0) return [];
    // Any source's product, not only those Open Prices created: one product whatever source named it (a price of a
    // product a chain's shop or Open Food Facts brought in prices that product; nothing is looked up for it).
    const listed = await ctx.knownEans([...first.keys()]);
    const lines: string[] = [];
    for (const [ean, item] of first) {
      seen.add(ean);
      if (listed.has(ean)) {
        lines.push(line({ t: 'listed', ean }));
        continue;
      }
      const off = await this.lookup(ean, ctx);
      const categoryTag = typeof item.category_tag === 'string' ? item.category_tag : null;
      if (off) lines.push(line({ t: 'product', ean, off: { ...off, source: off.source ?? 'open-food-facts' } }));
      else if (item.type === 'CATEGORY') lines.push(line({ t: 'product', ean, reason: `skipped: EAN ${ean} of category ${categoryTag} is not in Open Food Facts` }));
      else lines.push(line({ t: 'product', ean, op: item.product ?? null, categoryTag }));
    }
    return lines;
  }

  /** Open Food Facts' product, or null; an unreachable or failing Open Food Facts leaves the price's own product data. */
  private async lookup(ean: string, ctx: PullContext): Promise<FeedProduct | null> {
    try {
      return await ctx.lookupOpenFoodFacts(ean);
    } catch (error) {
      if (!(error instanceof SourceHttpError || error instanceof SourceUnreachableError)) throw error;
      ctx.log(`open-prices: Open Food Facts lookup of ${ean} failed (${error.message}); using Open Prices' product data`);
      return null;
    }
  }

  createParser(): (line: string, lineNo: number) => FeedRecord[] {
    const categoryEans = this.categoryEans;
    return (text) => {
      let record: Json;
      try {
        record = parseJsonLine(text);
      } catch (error) {
        return [reject('line', (error as Error).message, text.slice(0, 2000))];
      }
      return parseLine(record, categoryEans);
    };
  }
}

/** One envelope line → its records (exported for tests). */
export function parseLine(record: Json, categoryEans: CategoryEans): FeedRecord[] {
  try {
    switch (record.t) {
      case 'price': {
        if (!isObject(record.p)) throw new RecordError('a price must be an object');
        return [{ kind: 'price', value: openPricesPrice(record.p, categoryEans) }];
      }
      case 'product': {
        const ean = String(record.ean);
        if (typeof record.reason === 'string') return [reject('product', record.reason, record)];
        if (isObject(record.off)) return [{ kind: 'product', value: record.off as unknown as FeedProduct }];
        return [{ kind: 'product', value: openPricesProduct(ean, record.op, typeof record.categoryTag === 'string' ? record.categoryTag : null) }];
      }
      case 'listed':
        return [];
      case 'unreadable':
        return [reject('line', `page ${record.page} unreadable: ${record.reason}`, record)];
      default:
        throw new RecordError(`unknown line type ${JSON.stringify(record.t)}`);
    }
  } catch (error) {
    if (error instanceof RecordError) return [reject(record.t === 'product' ? 'product' : record.t === 'price' ? 'price' : 'line', error.message, record.t === 'price' ? record.p : record)];
    throw error;
  }
}

function line(value: OpenPricesLine): string {
  return JSON.stringify(value);
}

/** A page body → the page, or why it cannot be read. */
function pageOf(text: string): Page | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${text.length} characters): ${(error as Error).message}`;
  }
  if (!isObject(body)) return 'the answer is not a JSON object';
  if (!Array.isArray(body.items)) return 'the answer has no items';
  if (typeof body.pages !== 'number' || !Number.isInteger(body.pages) || body.pages < 0) return 'the answer has no page count';
  return { items: body.items, pages: body.pages };
}
