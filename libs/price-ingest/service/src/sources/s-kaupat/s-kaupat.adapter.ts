import type { FeedInput } from '../../feeds/feed-input';
import { reject, type FeedRecord } from '../../feeds/feed-record';
import { guarded } from '../../feeds/adapters/common';
import { checkedEan, isObject, type Json, RecordError } from '../../feeds/values';
import { planRefresh, type RefreshTask } from '../../refresh/refresh-plan';
import { envelopeParser, linesInput, listsStores, type PullContext, type PullSourceAdapter, storeInPart } from '../pull-source';
import { SourceBudgetSpentError, SourceHttpError, SourceUnreachableError } from '../source-http';
import { helsinkiDate } from './s-kaupat-hours';
import { CATEGORY_PRODUCTS_QUERY, NAVIGATION_QUERY, PRODUCTS_BY_EANS_QUERY, STORE_SEARCH_QUERY, storeHoursQuery } from './s-kaupat.queries';
import { chainOfBrand, hasWebShop, S_KAUPAT_BRANDS, S_KAUPAT_SOURCE, sKaupatPrice, sKaupatProduct, sKaupatStore } from './s-kaupat.records';

/** The S group web shop's public GraphQL endpoint (one endpoint, POST of `{operationName, variables, query}`). */
export const S_KAUPAT_URL = 'https://api.s-kaupat.fi/';

/**
 * Request rate for the API's host, as PoliteHttp `rates` take it. S-kaupat publishes no limit and sends no rate-limit
 * headers (about 25 requests 10 s apart saw no throttling); the API is the web shop's own, so a modest one request
 * every 2 s, one at a time.
 */
export const S_KAUPAT_RATES = { 'api.s-kaupat.fi': { perMinute: 30, concurrency: 1 } } as const;

/**
 * EANs asked in one `products(eans:)` request. The API documents no maximum; 100 keeps the query's answer near the
 * size of one listing page (the lists' page sizes seen in use: 24 on the site, 48–120 by other clients).
 */
export const S_KAUPAT_EANS_PER_REQUEST = 100;
/** Products per page of a category listing (`limit`). */
export const S_KAUPAT_PAGE_SIZE = 100;
/** Stores whose opening hours one request asks (aliased `store(id:)` fields; a store search page is 24 stores). */
export const S_KAUPAT_HOURS_PER_REQUEST = 24;
/**
 * Top-level navigation entries that only list products of the other categories again (new products, campaigns,
 * plant-based, seasons): an assortment walk skips them.
 */
export const S_KAUPAT_CROSS_LISTINGS = ['uutuustuotteet', 'kampanjat', 'kasvipohjaiset-tuotteet', 'ideat-ja-sesongit'];

const HOUR_MS = 60 * 60 * 1000;
/** Why a run stopped before its own budget: the source's hourly budget, shared by every worker, had nothing left. */
const SHARED_BUDGET = ' (the hourly budget shared by every worker of s-kaupat)';

export interface SKaupatOptions {
  /** The parser's clock: dated opening-hour exceptions before today (Helsinki) are dropped. Default: the real time. */
  now?: () => Date;
  eansPerRequest?: number;
  pageSize?: number;
  hoursPerRequest?: number;
  /** Category slugs not walked for a store's assortment; default S_KAUPAT_CROSS_LISTINGS. */
  skipCategories?: readonly string[];
  /** A price answer fetched this recently is answered from the HTTP cache (a resumed run re-reads it); default 5 min. */
  freshForMs?: number;
  /** The same for store listings and opening hours; default 6 hours. */
  storesFreshForMs?: number;
}

/** The lines `openInput` yields and the parser reads. */
type SKaupatLine =
  /** A store of `searchStores` with its `weeklyOpeningHours`, or why they are missing. */
  | { t: 'store'; s: unknown; h: { weeks: unknown } | { error: string } }
  /** A product of a price answer in one store; `product`: the first time this run meets the EAN (also a product record). */
  | { t: 'item'; store: string; at: string; product: boolean; p: unknown }
  /** An answer that could not be read (not JSON, truncated, GraphQL `errors`, an HTTP error): nothing of it is applied. */
  | { t: 'unreadable'; what: string; reason: string };

/** `spent`: the request was not sent, the source's hourly budget shared by every worker has nothing left now. */
type Read = { ok: true; data: Json; fetchedAt: string } | { ok: false; reason: string; spent?: true };

interface GraphqlRequest {
  operationName: string;
  variables: Record<string, unknown>;
  query: string;
}

/** An answer's body → its `data`, or why it cannot be used. */
export function graphqlData(status: number, text: string): { data: Json } | { reason: string } {
  if (status !== 200) return { reason: `HTTP status ${status}` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { reason: `not valid JSON (${text.length} characters): ${(error as Error).message}` };
  }
  if (!isObject(body)) return { reason: 'the answer is not a JSON object' };
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const messages = body.errors.map((e) => {
      const message = isObject(e) && typeof e.message === 'string' ? e.message : JSON.stringify(e);
      const code = isObject(e) && isObject(e.extensions) && typeof e.extensions.code === 'string' ? ` (${e.extensions.code})` : '';
      return `${message}${code}`;
    });
    return { reason: `GraphQL errors: ${messages.join('; ').slice(0, 500)}` };
  }
  if (!isObject(body.data)) return { reason: 'the answer has no data' };
  return { data: body.data };
}

const line = (value: SKaupatLine) => JSON.stringify(value);
const storeIdOf = (externalId: string) => externalId.slice(S_KAUPAT_SOURCE.length + 1);

/**
 * S group's web shop (S-kaupat): every store of the six S group brands from `searchStores` with its opening hours, and
 * the prices of the stores that have a web shop (`domains` S_KAUPAT), by EAN and by walking the store's categories,
 * in the order `planRefresh` gives and within the run's request budget.
 */
export class SKaupatAdapter implements PullSourceAdapter {
  readonly source = S_KAUPAT_SOURCE;
  readonly defaultLocation = S_KAUPAT_URL;
  readonly splitsByStore = true;
  private readonly now: () => Date;
  readonly eansPerRequest: number;
  readonly pageSize: number;
  private readonly hoursPerRequest: number;
  private readonly skipCategories: Set<string>;
  private readonly freshForMs: number;
  private readonly storesFreshForMs: number;

  constructor(options: SKaupatOptions = {}) {
    this.now = options.now ?? (() => new Date());
    const positive = (value: number | undefined, fallback: number, what: string) => {
      const n = value ?? fallback;
      if (!Number.isInteger(n) || n < 1) throw new Error(`S-kaupat ${what} must be a positive integer, not ${n}`);
      return n;
    };
    this.eansPerRequest = positive(options.eansPerRequest, S_KAUPAT_EANS_PER_REQUEST, 'EANs per request');
    this.pageSize = positive(options.pageSize, S_KAUPAT_PAGE_SIZE, 'page size');
    this.hoursPerRequest = positive(options.hoursPerRequest, S_KAUPAT_HOURS_PER_REQUEST, 'stores per hours request');
    this.skipCategories = new Set(options.skipCategories ?? S_KAUPAT_CROSS_LISTINGS);
    this.freshForMs = options.freshForMs ?? 5 * 60_000;
    this.storesFreshForMs = options.storesFreshForMs ?? 6 * HOUR_MS;
  }

  async openInput(location: string, ctx: PullContext): Promise<FeedInput> {
    const url = location || S_KAUPAT_URL;
    const progress = { done: 0 };
    ctx.log(`s-kaupat: stores of ${S_KAUPAT_BRANDS.join(', ')} and prices within ${ctx.requestBudget} request(s) from ${url}`);
    return linesInput(this.lines(url, ctx, progress), { done: () => progress.done, total: () => null });
  }

  /**
   * One POST (`budgeted`: a price request, paid by the source's hourly budget); an HTTP error or an unreadable body
   * becomes the reason. A bot challenge (SourceBlockedError) propagates.
   */
  private async ask(url: string, ctx: PullContext, request: GraphqlRequest, freshForMs: number, progress: { done: number }, budgeted = false): Promise<Read> {
    let answer;
    try {
      answer = await ctx.http.postJson(url, request, { freshForMs, accept: 'application/json', signal: ctx.signal, ...(budgeted ? { budgeted } : {}) });
    } catch (error) {
      if (error instanceof SourceBudgetSpentError) return { ok: false, reason: error.message, spent: true };
      if (error instanceof SourceHttpError || error instanceof SourceUnreachableError) return { ok: false, reason: error.message };
      throw error;
    } finally {
      progress.done++;
    }
    const read = graphqlData(answer.status, answer.text);
    return 'data' in read ? { ok: true, data: read.data, fetchedAt: answer.fetchedAt } : { ok: false, reason: read.reason };
  }

  private async *lines(url: string, ctx: PullContext, progress: { done: number }): AsyncGenerator<string> {
    // A price part of a run split by store reads the same store listing (from the shared HTTP cache the head filled)
    // but yields none of it: the head's lines carry the stores.
    const head = listsStores(ctx.part);
    const stores = new Map<string, unknown>();
    let storeRequests = 0;
    for (const brand of S_KAUPAT_BRANDS) {
      let cursor: string | null = null;
      const cursors = new Set<string>();
      for (let page = 1; ; page++) {
        const read = await this.ask(url, ctx, { operationName: 'RemoteStoreSearch', variables: { query: null, brand, cursor }, query: STORE_SEARCH_QUERY }, this.storesFreshForMs, progress);
        storeRequests++;
        const search = read.ok && isObject(read.data.searchStores) ? read.data.searchStores : null;
        if (!read.ok || !search || !Array.isArray(search.stores)) {
          if (head) yield line({ t: 'unreadable', what: `stores of ${brand}, page ${page}`, reason: read.ok ? 'the answer has no searchStores.stores' : read.reason });
          break;
        }
        search.stores.forEach((store, i) => {
          const id = isObject(store) && (typeof store.id === 'string' || typeof store.id === 'number') ? String(store.id) : `${brand}/${page}/${i}`;
          // A store listed under several brand queries is one store.
          if (!stores.has(id)) stores.set(id, store);
        });
        const next: unknown = search.cursor;
        if (typeof next !== 'string' || next === '' || cursors.has(next) || search.stores.length === 0) break;
        cursors.add(next);
        cursor = next;
      }
    }

    // Opening hours of the stores that can be stores of ours (a known brand), several stores a request.
    const today = helsinkiDate(this.now());
    const hours = new Map<string, { weeks: unknown } | { error: string }>();
    // (A price part needs only the stores' ids: it asks no hours.)
    const asked = head ? [...stores.entries()].filter(([id, s]) => /^\d+$/.test(id) && isObject(s) && chainOfBrand(s.brand) !== null).map(([id]) => id) : [];
    for (let i = 0; i < asked.length; i += this.hoursPerRequest) {
      const ids = asked.slice(i, i + this.hoursPerRequest);
      const variables = Object.fromEntries(ids.map((id, n) => [`s${n}`, id]));
      const read = await this.ask(url, ctx, { operationName: 'RemoteStoreOpeningHours', variables, query: storeHoursQuery(ids.length) }, this.storesFreshForMs, progress);
      storeRequests++;
      if (!read.ok && head) yield line({ t: 'unreadable', what: `opening hours of stores ${ids.join(', ')}`, reason: read.reason });
      ids.forEach((id, n) => {
        const node = read.ok ? read.data[`s${n}`] : null;
        if (!read.ok) hours.set(id, { error: read.reason });
        else if (isObject(node) && node.weeklyOpeningHours !== undefined && node.weeklyOpeningHours !== null) hours.set(id, { weeks: node.weeklyOpeningHours });
        else hours.set(id, { error: `store ${id} came back without opening hours` });
      });
    }

    const webShops: string[] = [];
    for (const [id, store] of stores) {
      const h = hours.get(id) ?? { error: 'opening hours not asked' };
      if (head) yield line({ t: 'store', s: store, h });
      if (!isObject(store) || !hasWebShop(store)) continue;
      try {
        const externalId = sKaupatStore(store, h, today).externalId;
        if (storeInPart(externalId, ctx.part)) webShops.push(externalId);
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
      }
    }
    ctx.log(`s-kaupat: ${stores.size} stores (${webShops.length} with a web shop${ctx.part ? ` in part ${ctx.part.no} of ${ctx.part.parts}` : ''}) in ${storeRequests} request(s)`);
    yield* this.prices(url, ctx, progress, webShops);
  }

  private async *prices(url: string, ctx: PullContext, progress: { done: number }, webShops: string[]): AsyncGenerator<string> {
    if (webShops.length === 0) return;
    const tasks = planRefresh({ stores: webShops, priorities: await ctx.refreshPriorities(), eansPerRequest: this.eansPerRequest });
    const budget = ctx.requestBudget;
    let spent = 0;
    const productsSeen = new Set<string>();
    const pricedIn = new Map<string, Set<string>>();

    const items = (externalStoreId: string, data: Json, fetchedAt: string): { lines: string[]; count: number; total: number | null } => {
      const store = isObject(data.store) ? data.store : null;
      const products = store && isObject(store.products) ? store.products : null;
      const list = products && Array.isArray(products.productListItems) ? products.productListItems : null;
      if (!list) return { lines: [line({ t: 'unreadable', what: `products of ${externalStoreId}`, reason: store ? 'the answer has no products.productListItems' : 'the store is not in the answer' })], count: 0, total: null };
      const priced = pricedIn.get(externalStoreId) ?? new Set<string>();
      pricedIn.set(externalStoreId, priced);
      const out: string[] = [];
      for (const item of list) {
        const p = isObject(item) ? item.product : item;
        const ean = isObject(p) && typeof p.ean === 'string' ? p.ean : null;
        // A product met again in the same store (the basket, then the store's categories) is priced once.
        if (ean !== null && priced.has(ean)) continue;
        if (ean !== null) priced.add(ean);
        const first = ean !== null && !productsSeen.has(ean);
        if (ean !== null) productsSeen.add(ean);
        out.push(line({ t: 'item', store: externalStoreId, at: fetchedAt, product: first, p }));
      }
      return { lines: out, count: list.length, total: products && typeof products.total === 'number' ? products.total : null };
    };

    let stopped: { at: number; detail: string } | null = null;
    for (let t = 0; t < tasks.length && !stopped; t++) {
      const task: RefreshTask = tasks[t];
      const storeId = storeIdOf(task.externalStoreId);
      if (spent >= budget) {
        stopped = { at: t, detail: '' };
        break;
      }
      if (task.kind === 'eans') {
        const eans = task.eans.filter((e) => /^\d{8,14}$/.test(e));
        if (eans.length === 0) continue;
        const read = await this.ask(url, ctx, { operationName: 'RemoteProductsByEans', variables: { storeId, eans, limit: eans.length }, query: PRODUCTS_BY_EANS_QUERY }, this.freshForMs, progress, true);
        if (!read.ok && read.spent) {
          stopped = { at: t, detail: SHARED_BUDGET };
          break;
        }
        spent++;
        if (!read.ok) yield line({ t: 'unreadable', what: `${eans.length} EAN(s) in ${task.externalStoreId} (${task.tier})`, reason: read.reason });
        else yield* items(task.externalStoreId, read.data, read.fetchedAt).lines;
        continue;
      }
      const nav = await this.ask(url, ctx, { operationName: 'RemoteNavigation', variables: { id: storeId }, query: NAVIGATION_QUERY }, this.storesFreshForMs, progress, true);
      if (!nav.ok && nav.spent) {
        stopped = { at: t, detail: SHARED_BUDGET };
        break;
      }
      spent++;
      const store = nav.ok && isObject(nav.data.store) ? nav.data.store : null;
      if (!nav.ok || !store || !Array.isArray(store.navigation)) {
        yield line({ t: 'unreadable', what: `categories of ${task.externalStoreId}`, reason: nav.ok ? 'the store has no navigation in the answer' : nav.reason });
        continue;
      }
      const slugs = store.navigation.flatMap((c) => (isObject(c) && typeof c.slug === 'string' && c.slug !== '' && !this.skipCategories.has(c.slug) ? [c.slug] : []));
      for (const slug of slugs) {
        let total: number | null = null;
        for (let from = 0; ; from += this.pageSize) {
          if (spent >= budget) {
            stopped = { at: t + 1, detail: ` (${task.externalStoreId} stopped in category ${slug} at ${from})` };
            break;
          }
          const read = await this.ask(
            url,
            ctx,
            { operationName: 'RemoteFilteredProducts', variables: { storeId, slug, from, limit: this.pageSize }, query: CATEGORY_PRODUCTS_QUERY },
            this.freshForMs,
            progress,
            true,
          );
          if (!read.ok && read.spent) {
            stopped = { at: t + 1, detail: ` (${task.externalStoreId} stopped in category ${slug} at ${from})${SHARED_BUDGET}` };
            break;
          }
          spent++;
          if (!read.ok) {
            yield line({ t: 'unreadable', what: `${task.externalStoreId} category ${slug} from ${from}`, reason: read.reason });
            // Without a page read the category's size is not known; with it, the next page may be readable.
            if (total === null || from + this.pageSize >= total) break;
            continue;
          }
          const page = items(task.externalStoreId, read.data, read.fetchedAt);
          yield* page.lines;
          total = page.total;
          if (page.count === 0 || total === null || from + this.pageSize >= total) break;
        }
        if (stopped) break;
      }
    }
    if (stopped) ctx.log(`s-kaupat: request budget of ${budget} spent; ${tasks.length - stopped.at} refresh task(s) left for the next run${stopped.detail}`);
    ctx.log(`s-kaupat: ${spent} price request(s) for ${tasks.length} refresh task(s)`);
  }

  createParser(): (line: string, lineNo: number) => FeedRecord[] {
    const today = helsinkiDate(this.now());
    return envelopeParser((record) => parseLine(record, today));
  }
}

/** One envelope line → its records (exported for tests). */
export function parseLine(record: Json, today: string): FeedRecord[] {
  switch (record.t) {
    case 'store': {
      const info = record.s;
      const h = isObject(record.h) && 'weeks' in record.h ? { weeks: record.h.weeks } : { error: isObject(record.h) ? String(record.h.error) : 'no hours' };
      return [guarded('store', info, () => {
        if (!isObject(info)) throw new RecordError('a store must be an object');
        return { kind: 'store', value: sKaupatStore(info, h, today) };
      })];
    }
    case 'item': {
      const p = record.p;
      const store = typeof record.store === 'string' ? record.store : '';
      if (!isObject(p)) return [reject('price', `a product of ${store} must be an object`, p)];
      try {
        checkedEan(p.ean);
      } catch (error) {
        if (error instanceof RecordError) return [reject('price', `${error.message} (${store})`, p)];
        throw error;
      }
      const out: FeedRecord[] = [];
      if (record.product === true) out.push(guarded('product', p, () => ({ kind: 'product', value: sKaupatProduct(p) })));
      out.push(guarded('price', p, () => ({ kind: 'price', value: sKaupatPrice(p, store, typeof record.at === 'string' ? record.at : null) })));
      return out;
    }
    case 'unreadable':
      return [reject('line', `S-kaupat answer not usable (${String(record.what)}): ${String(record.reason)}`, record)];
    default:
      return [reject('line', `unknown line type ${JSON.stringify(record.t)}`, record)];
  }
}
