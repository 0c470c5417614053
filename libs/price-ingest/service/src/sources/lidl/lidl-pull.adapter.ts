import { guarded } from '../../feeds/adapters/common';
import type { FeedInput } from '../../feeds/feed-input';
import { reject, type FeedRecord } from '../../feeds/feed-record';
import { isObject, type Json, RecordError } from '../../feeds/values';
import type { RateLimit } from '../http/polite-http';
import { planRefresh } from '../../refresh/refresh-plan';
import { envelopeParser, linesInput, type PullContext, type PullSourceAdapter, type RefreshPriorities } from '../pull-source';
import { SourceBudgetSpentError, SourceHttpError, SourceUnreachableError } from '../source-http';
import { type LidlLine, lidlItem, lidlStore } from './lidl.records';

/** The Schwarz group's store API (every Lidl country; Finland by `country_code=FI`). */
export const LIDL_STORE_API_URL = 'https://live.api.schwarz';
/** The path of the store list under the store API's base. */
export const LIDL_STORES_PATH = '/odj/stores-api/v2/myapi/stores-frontend/stores';
/** Lidl Finland's site: its search API `/q/api/search` answers the products, their national prices and the offers. */
export const LIDL_SITE_URL = 'https://www.lidl.fi';
/** The path of the site's search API. */
export const LIDL_SEARCH_PATH = '/q/api/search';

/**
 * The `x-apikey` header value the public store finder's front-end bundle sends to the store API (the same for every
 * country; recorded in alltheplaces' `locations/spiders/lidl.py`). Configuration, not a login: `LidlPullOptions.storesApiKey`
 * overrides it if Lidl rotates it (the store API then answers 401).
 */
export const LIDL_STORES_API_KEY = '16QaHsGX3Uc3JLhNlS2ZG1CmosbzVPs2';

/**
 * Request rates for Lidl's two hosts (PoliteHttp `rates`). Neither publishes a limit; a store list is one or two
 * requests a run and the site's search answers up to 1,000 products a request, so one request every two seconds
 * on each host is plenty.
 */
export const LIDL_RATES: Record<string, RateLimit> = {
  [new URL(LIDL_STORE_API_URL).host]: { perMinute: 30 },
  [new URL(LIDL_SITE_URL).host]: { perMinute: 30 },
};

/** The store API's largest page (`limit`). */
export const LIDL_STORES_PAGE_SIZE = 250;
/** The search API's largest page (`fetchsize`; the answer's `maxfetchsize`). */
export const LIDL_SEARCH_MAX_FETCH = 1000;

/**
 * Where the two services are for a run's location: none (or the site's own address) → the real store API and site;
 * any other base URL (`--url`, a stand-in) → both under that one base, at their real paths.
 */
export function lidlEndpoints(location: string | null | undefined): { storeApi: string; site: string } {
  const base = (location ?? '').trim().replace(/\/+$/, '');
  if (base === '' || base === LIDL_SITE_URL) return { storeApi: LIDL_STORE_API_URL, site: LIDL_SITE_URL };
  return { storeApi: base, site: base };
}

export interface LidlPullOptions {
  /** The store API's `x-apikey`; default LIDL_STORES_API_KEY. */
  storesApiKey?: string;
  /** Products a search request asks for (`fetchsize`), 1–1000; default 1000. */
  pageSize?: number;
  /** Stores per store-API request (`limit`), 1–250; default 250. */
  storesPageSize?: number;
  /** A store list fetched this recently is answered from the HTTP cache; default 12 h. */
  storesFreshForMs?: number;
  /** A search answer fetched this recently is answered from the HTTP cache (a resumed run); default 5 min. */
  searchFreshForMs?: number;
  /** Search for the plan's EANs (demand, basket) with `q=<EAN>`; default true. */
  searchEans?: boolean;
  /** Pages of the assortment read at most (the first page asks without `offset`); default all. */
  assortmentPages?: number;
  /** The parser's clock (an offer that has not started yet is skipped); default the real time. */
  now?: () => Date;
}

/** `spent`: the request was not sent, the source's hourly budget shared by every worker has nothing left now. */
type Answer = { ok: true; body: Json } | { ok: false; reason: string; spent?: true };

/** The search API's own media type (the site's front-end asks for it), JSON otherwise. */
const SEARCH_ACCEPT = 'application/mindshift.search+json;version=2, application/json';

/** The one pseudo-store of the national price plan: a Lidl price is the same in every store. */
const NATIONAL = 'lidl:national';

/**
 * Lidl Finland pulled from its own services: the stores from the store API (stores with `objectNumber`, position
 * and opening hours by date with their reasons), then the national prices from lidl.fi's search API: the offers list
 * (`store=1`: this week's offers in the stores) first, then searches for the EANs shoppers want and the price-level
 * basket (planRefresh's order), then the assortment page by page, until the run's request budget is spent. A price
 * is national (externalStoreId null): the run gives it to every Lidl store of the registry.
 */
export class LidlPullAdapter implements PullSourceAdapter {
  readonly source = 'lidl';
  readonly defaultLocation = LIDL_SITE_URL;
  private readonly storesApiKey: string;
  private readonly pageSize: number;
  private readonly storesPageSize: number;
  private readonly storesFreshForMs: number;
  private readonly searchFreshForMs: number;
  private readonly searchEans: boolean;
  private readonly assortmentPages: number;
  private readonly now: () => Date;

  constructor(options: LidlPullOptions = {}) {
    this.storesApiKey = options.storesApiKey ?? LIDL_STORES_API_KEY;
    this.pageSize = options.pageSize ?? LIDL_SEARCH_MAX_FETCH;
    if (!Number.isInteger(this.pageSize) || this.pageSize < 1 || this.pageSize > LIDL_SEARCH_MAX_FETCH)
      throw new Error(`Lidl search page size must be 1–${LIDL_SEARCH_MAX_FETCH}, not ${this.pageSize}`);
    this.storesPageSize = options.storesPageSize ?? LIDL_STORES_PAGE_SIZE;
    if (!Number.isInteger(this.storesPageSize) || this.storesPageSize < 1 || this.storesPageSize > LIDL_STORES_PAGE_SIZE)
      throw new Error(`Lidl store page size must be 1–${LIDL_STORES_PAGE_SIZE}, not ${this.storesPageSize}`);
    this.storesFreshForMs = options.storesFreshForMs ?? 12 * 3_600_000;
    this.searchFreshForMs = options.searchFreshForMs ?? 5 * 60_000;
    this.searchEans = options.searchEans ?? true;
    this.assortmentPages = options.assortmentPages ?? Infinity;
    this.now = options.now ?? (() => new Date());
  }

  storesUrl(storeApi: string, offset: number): string {
    const query = new URLSearchParams({ country_code: 'FI', limit: String(this.storesPageSize), offset: String(offset) });
    return `${storeApi}${LIDL_STORES_PATH}?${query}`;
  }

  /** A search request: the offers list (`store: true`), a search for a term (`q`), or a page of the assortment (`offset` only past the first). */
  searchUrl(site: string, request: { offset: number; q?: string; store?: boolean }): string {
    const query = new URLSearchParams({ assortment: 'FI', locale: 'fi_FI', version: '2.1.0', fetchsize: String(this.pageSize) });
    if (request.offset > 0) query.set('offset', String(request.offset));
    if (request.q !== undefined) query.set('q', request.q);
    if (request.store) query.set('store', '1');
    return `${site}${LIDL_SEARCH_PATH}?${query}`;
  }

  async openInput(location: string, ctx: PullContext): Promise<FeedInput> {
    const endpoints = lidlEndpoints(location);
    const progress = { done: 0 };
    ctx.log(`lidl: stores from ${endpoints.storeApi}, national prices from ${endpoints.site} (budget ${ctx.requestBudget} requests)`);
    return linesInput(this.lines(endpoints, ctx, progress), { done: () => progress.done, total: () => null });
  }

  private async *lines(endpoints: { storeApi: string; site: string }, ctx: PullContext, progress: { done: number }): AsyncGenerator<string> {
    // Stores (not budgeted: one or two requests).
    for (let offset = 0, page = 1; ; page++) {
      const answer = await this.read(
        this.storesUrl(endpoints.storeApi, offset),
        ctx,
        { headers: { 'x-apikey': this.storesApiKey }, freshForMs: this.storesFreshForMs },
        storesPage,
      );
      progress.done++;
      if (!answer.ok) {
        yield line({ t: 'unreadable', what: `store list page ${page}`, reason: answer.reason });
        break;
      }
      const items = answer.body.items as unknown[];
      for (const store of items) yield line({ t: 'store', s: store });
      const meta = isObject(answer.body.meta) ? answer.body.meta : {};
      const limit = typeof meta.limit === 'number' && meta.limit > 0 ? meta.limit : items.length;
      const next = (typeof meta.offset === 'number' ? meta.offset : offset) + limit;
      if (items.length === 0 || typeof meta.total !== 'number' || next >= meta.total || next <= offset) break;
      offset = next;
    }

    // National prices, within the request budget.
    const budget = ctx.requestBudget;
    let spent = 0;
    let sharedSpent = false;
    const seen = new Set<string>();
    const search = async function* (
      this: LidlPullAdapter,
      what: string,
      request: { q?: string; store?: boolean },
      maxPages: number,
    ): AsyncGenerator<string, 'done' | 'budget'> {
      for (let offset = 0, page = 1; ; page++) {
        if (spent >= budget) return 'budget';
        const answer = await this.read(
          this.searchUrl(endpoints.site, { ...request, offset }),
          ctx,
          { freshForMs: this.searchFreshForMs, accept: SEARCH_ACCEPT, budgeted: true },
          searchPage,
          {
            onRequest: () => spent++,
            mayRetry: () => spent < budget,
          },
        );
        progress.done++;
        if (!answer.ok && answer.spent) {
          sharedSpent = true;
          return 'budget';
        }
        if (!answer.ok) {
          yield line({ t: 'unreadable', what: `${what} at offset ${offset}`, reason: answer.reason });
          return 'done';
        }
        const items = answer.body.items as unknown[];
        for (const item of items) {
          const data = isObject(item) && isObject(item.gridbox) && isObject(item.gridbox.data) ? item.gridbox.data : item;
          const key = itemKey(data);
          if (key !== null && seen.has(key)) continue;
          if (key !== null) seen.add(key);
          yield line({ t: 'item', from: request.store ? 'offers' : request.q !== undefined ? 'search' : 'assortment', d: data });
        }
        const found = answer.body.numFound as number;
        offset += this.pageSize;
        if (page >= maxPages || items.length === 0 || offset >= found) return 'done';
      }
    };

    let outcome = yield* search.call(this, 'the offers list', { store: true }, Infinity);
    const tasks = planRefresh({ stores: [NATIONAL], priorities: national(await ctx.refreshPriorities()), eansPerRequest: 1 });
    let left = 0;
    for (const task of tasks) {
      if (outcome === 'budget') {
        left += task.kind === 'eans' ? (!this.searchEans ? 0 : task.eans.filter((ean) => !seen.has(`ean:${ean}`)).length) : 1;
        continue;
      }
      if (task.kind === 'eans') {
        if (!this.searchEans) continue;
        for (const ean of task.eans) {
          if (seen.has(`ean:${ean}`)) continue;
          if (outcome === 'budget') {
            left++;
            continue;
          }
          outcome = yield* search.call(this, `the search for ${ean}`, { q: ean }, 1);
          if (outcome === 'budget') left++;
        }
      } else {
        outcome = yield* search.call(this, 'the assortment', {}, this.assortmentPages);
        if (outcome === 'budget') left++;
      }
    }
    if (outcome === 'budget') ctx.log(`lidl: ${sharedSpent ? 'the hourly request budget shared by every worker of lidl' : `request budget of ${budget}`} spent; left for the next run: ${left} searches or assortment reads`);
  }

  /** One answer, retried once (a new request, not the cache) when its body cannot be read; errors other than a bot challenge become a reason. */
  private async read(
    url: string,
    ctx: PullContext,
    options: { headers?: Record<string, string>; freshForMs: number; accept?: string; budgeted?: boolean },
    check: (body: unknown) => string | null,
    counting: { onRequest(): void; mayRetry(): boolean } = { onRequest: () => undefined, mayRetry: () => true },
  ): Promise<Answer> {
    let reason = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0 && !counting.mayRetry()) break;
      counting.onRequest();
      let text: string;
      try {
        const answer = await ctx.http.get(url, {
          headers: options.headers,
          accept: options.accept,
          freshForMs: attempt === 0 ? options.freshForMs : 0,
          signal: ctx.signal,
          ...(options.budgeted ? { budgeted: true } : {}),
        });
        if (answer.status === 404) return { ok: false, reason: 'HTTP status 404' };
        text = answer.text;
      } catch (error) {
        // A bot challenge (SourceBlockedError) and anything unexpected stop the run; a refused or unreachable answer is one line.
        if (error instanceof SourceBudgetSpentError) return { ok: false, reason: error.message, spent: true };
        if (error instanceof SourceHttpError)
          return {
            ok: false,
            reason: `HTTP status ${error.status}${error.status === 401 || error.status === 403 ? ' (the store API key may have changed)' : ''}`,
          };
        if (error instanceof SourceUnreachableError) return { ok: false, reason: `unreachable: ${error.message}` };
        throw error;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        reason = `not valid JSON (${text.length} characters): ${(error as Error).message}`;
        ctx.log(`lidl: ${url}: ${reason}${attempt === 0 ? ', retrying once' : ''}`);
        continue;
      }
      const problem = check(body);
      if (problem === null) return { ok: true, body: body as Json };
      reason = problem;
      ctx.log(`lidl: ${url}: ${reason}${attempt === 0 ? ', retrying once' : ''}`);
    }
    return { ok: false, reason };
  }

  createParser(): (line: string, lineNo: number) => FeedRecord[] {
    const now = this.now;
    return envelopeParser((record): FeedRecord[] => {
      switch (record.t) {
        case 'store':
          return [guarded('store', record.s, () => ({ kind: 'store', value: lidlStore(isObject(record.s) ? record.s : notObject('a store')) }))];
        case 'item': {
          try {
            if (!isObject(record.d)) throw new RecordError('a search item must be an object with gridbox.data');
            const { product, price } = lidlItem(record.d, { fromOffers: record.from === 'offers', now: now() });
            return [
              { kind: 'product', value: product },
              { kind: 'price', value: price },
            ];
          } catch (error) {
            if (error instanceof RecordError) return [reject('product', error.message, record.d)];
            throw error;
          }
        }
        case 'unreadable':
          return [reject('line', `${String(record.what)} unreadable: ${String(record.reason)}`, record)];
        default:
          return [reject('line', `unknown line type ${JSON.stringify(record.t)}`, record)];
      }
    });
  }
}

function notObject(what: string): never {
  throw new RecordError(`${what} must be an object`);
}

function line(value: LidlLine): string {
  return JSON.stringify(value);
}

/** A search item's identity for the run's de-duplication: its EAN, else its product id. */
function itemKey(data: unknown): string | null {
  if (!isObject(data)) return null;
  const eans = Array.isArray(data.eans) ? data.eans : data.ean !== undefined ? [data.ean] : [];
  if (eans.length > 0 && (typeof eans[0] === 'string' || typeof eans[0] === 'number')) return `ean:${String(eans[0])}`;
  const id = data.productId ?? data.erpNumber ?? data.itemId;
  return typeof id === 'string' || typeof id === 'number' ? `product:${String(id)}` : null;
}

/** The priorities of a national price list: the stores collapse into one (selected when shoppers selected any Lidl store). */
function national(priorities: RefreshPriorities): RefreshPriorities {
  const selections = priorities.stores.reduce((sum, s) => sum + (s.externalId.startsWith('lidl:') ? s.selections : 0), 0);
  return { ...priorities, stores: selections > 0 ? [{ externalId: NATIONAL, selections }] : [], lastPricedAt: new Map() };
}

/** Why a store-API answer is not a store page, or null. */
function storesPage(body: unknown): string | null {
  if (!isObject(body)) return 'the answer is not a JSON object';
  if (!Array.isArray(body.items)) return 'the answer has no items';
  return null;
}

/** Why a search answer is not a search page, or null. */
function searchPage(body: unknown): string | null {
  if (!isObject(body)) return 'the answer is not a JSON object';
  if (!Array.isArray(body.items)) return 'the answer has no items';
  if (typeof body.numFound !== 'number') return 'the answer has no numFound';
  return null;
}
