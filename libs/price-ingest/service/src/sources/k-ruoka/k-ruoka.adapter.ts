import type { FeedInput } from '../../feeds/feed-input';
import { reject, type FeedRecord } from '../../feeds/feed-record';
import { checkedEan, isObject, type Json, RecordError } from '../../feeds/values';
import { guarded } from '../../feeds/adapters/common';
import { planRefresh, type RefreshTask } from '../../refresh/refresh-plan';
import { envelopeParser, linesInput, listsStores, type PullContext, type PullSourceAdapter, storeInPart } from '../pull-source';
import { type HttpAnswer, SourceBudgetSpentError, SourceHttpError } from '../source-http';
import { isWebStore, K_RUOKA_STORE_PREFIX, kRuokaOffer, kRuokaPrice, kRuokaProduct, kRuokaStore, type KRuokaLine, pricingEnd } from './k-ruoka.records';

/** The K group's web shop; `--url` is the site's address, its API is under `/kr-api`. */
export const K_RUOKA_URL = 'https://www.k-ruoka.fi';

/** Why a run stops when K-Ruoka answers with a bot challenge (Cloudflare): the lead records it as the run's reason. */
export const K_RUOKA_BLOCKED_REASON = 'blocked by a bot challenge: K-Ruoka needs an agreement for this use';

/**
 * PoliteHttp rates for K-Ruoka. The shop publishes no rate for its API; the recorded scrapers ran at 2 requests a
 * second. Hintakori asks for one request every 2 s (30 a minute), on the whole host.
 */
export const K_RUOKA_RATES = { 'www.k-ruoka.fi': { perMinute: 30 } } as const;

/** The rates keyed on the host of a configured site address (a stand-in, a mirror). */
export function kRuokaRates(url: string = K_RUOKA_URL): Record<string, { perMinute: number }> {
  return { [new URL(url).host]: { perMinute: K_RUOKA_RATES['www.k-ruoka.fi'].perMinute } };
}

/**
 * The API answers 409 to a request without `X-K-Build-Number` (the web app's build; presence-checked and numeric,
 * any recent build is taken). Not a cookie or a token: the web app sends it on every `/kr-api` call.
 */
export const K_RUOKA_BUILD_NUMBER = '30227';

/** `search-offers` answers no page past this offset (its hard limit in the recorded scraper). */
export const K_RUOKA_MAX_OFFSET = 1000;
/** Offer ids `fetch-offers` is asked about at once (the recorded scraper's batch). */
export const K_RUOKA_FETCH_OFFERS_BATCH = 25;

export interface KRuokaOptions {
  /** `X-K-Build-Number` sent with every request; default K_RUOKA_BUILD_NUMBER. */
  buildNumber?: string;
  /** The store list fetched this recently is answered from the HTTP cache; default 6 hours. */
  storesFreshForMs?: number;
}

/** `spent`: the request was not sent, the source's hourly budget shared by every worker has nothing left now. */
type Read<T> = { ok: true; value: T } | { ok: false; reason: string; spent?: true };

/** The state of one run's price requests: the budget, and what it has already written. */
interface PriceRun {
  used: number;
  budget: number;
  products: Set<string>;
  priced: Set<string>;
  offered: Set<string>;
  notFound: number;
  /** Why the run stopped asking (budget spent), or null. */
  stopped: string | null;
}

/**
 * K-Ruoka (k-ruoka.fi, the K group's web shop) as a pull source:
 * 1. `GET /kr-api/stores?offset=0&limit=-1` — every store (not budgeted); each a `store` line;
 * 2. for the web stores (`isWebStore`), the refresh plan (planRefresh) within `ctx.requestBudget` requests:
 *    an `eans` task asks `POST /kr-api/v2/product-search/{ean}?storeId=…` per EAN (the API has no list of EANs);
 *    an `assortment` task pages `GET /kr-api/search-offers/?storeId=…&offset=…&categoryPath=&language=fi` (the
 *    store's offers, each with its product and store price) and expands the offers of several products with
 *    `POST /kr-api/fetch-offers` (25 ids a request).
 * A bot challenge (SourceBlockedError from ctx.http) is never caught: the run stops with it (K_RUOKA_BLOCKED_REASON).
 */
export class KRuokaAdapter implements PullSourceAdapter {
  readonly source = 'k-ruoka';
  readonly defaultLocation = K_RUOKA_URL;
  readonly splitsByStore = true;
  private readonly buildNumber: string;
  private readonly storesFreshForMs: number;

  constructor(options: KRuokaOptions = {}) {
    this.buildNumber = options.buildNumber ?? K_RUOKA_BUILD_NUMBER;
    if (!/^\d+$/.test(this.buildNumber)) throw new Error(`K-Ruoka build number must be digits, not ${JSON.stringify(this.buildNumber)}`);
    this.storesFreshForMs = options.storesFreshForMs ?? 6 * 60 * 60_000;
  }

  async openInput(location: string, ctx: PullContext): Promise<FeedInput> {
    const site = (location || K_RUOKA_URL).replace(/\/+$/, '');
    const progress = { done: 0, total: null as number | null };
    ctx.log(`k-ruoka: stores and prices from ${site}/kr-api, at most ${ctx.requestBudget} price requests`);
    return linesInput(this.lines(`${site}/kr-api`, ctx, progress), { done: () => progress.done, total: () => progress.total });
  }

  private get headers(): Record<string, string> {
    return { 'X-K-Build-Number': this.buildNumber };
  }

  private async *lines(api: string, ctx: PullContext, progress: { done: number; total: number | null }): AsyncGenerator<string> {
    const answer = await ctx.http.get(`${api}/stores?offset=0&limit=-1`, { headers: this.headers, freshForMs: this.storesFreshForMs, signal: ctx.signal });
    const list = storeList(answer);
    if (!list.ok) {
      if (listsStores(ctx.part)) yield line({ t: 'unreadable', what: 'the store list', reason: list.reason });
      progress.total = progress.done = 1;
      return;
    }
    // A price part of a run split by store reads the same list (from the shared HTTP cache the head filled) but
    // yields none of it: the head's lines carry the stores.
    const head = listsStores(ctx.part);
    const web: string[] = [];
    for (const store of list.value) {
      if (head) yield line({ t: 'store', s: store });
      try {
        const parsed = kRuokaStore(store);
        if (isWebStore(store) && storeInPart(parsed.externalId, ctx.part)) web.push(parsed.externalId);
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
      }
    }
    ctx.log(`k-ruoka: ${list.value.length} stores, ${web.length} of them web stores${ctx.part ? ` in part ${ctx.part.no} of ${ctx.part.parts}` : ''}${answer.fromCache ? ' (store list from the cache)' : ''}`);

    // The head of a run split by store asks no prices: nor what to price first.
    const tasks = web.length === 0 ? [] : planRefresh({ stores: web, priorities: await ctx.refreshPriorities(), eansPerRequest: 1 });
    progress.total = tasks.length + 1;
    progress.done = 1;
    const run: PriceRun = { used: 0, budget: ctx.requestBudget, products: new Set(), priced: new Set(), offered: new Set(), notFound: 0, stopped: null };
    let index = 0;
    for (; index < tasks.length && run.stopped === null; index++) {
      const task = tasks[index];
      const storeId = task.externalStoreId.slice(K_RUOKA_STORE_PREFIX.length);
      if (task.kind === 'eans') for (const ean of task.eans) yield* this.eanLines(api, storeId, ean, run, ctx);
      else yield* this.assortmentLines(api, storeId, run, ctx);
      if (run.stopped === null) progress.done++;
    }
    const left = tasks.slice(run.stopped === null ? index : index - 1);
    if (left.length > 0) ctx.log(`k-ruoka: ${run.stopped ?? 'stopped'}; ${describeLeft(left)} left for the next run`);
    ctx.log(`k-ruoka: ${run.used} price requests, ${run.priced.size} store prices${run.notFound > 0 ? `, ${run.notFound} EANs not found in their store` : ''}`);
    progress.total = progress.done;
  }

  /** Whether the budget allows another request; records why not. */
  private mayAsk(run: PriceRun): boolean {
    if (run.stopped !== null) return false;
    if (run.used < run.budget) return true;
    run.stopped = `the request budget of ${run.budget} is spent`;
    return false;
  }

  /** A price request: counted unless answered from the cache; an error status becomes a reason (a bot challenge throws). */
  private async ask(run: PriceRun, request: () => Promise<HttpAnswer>): Promise<Read<HttpAnswer>> {
    try {
      const answer = await request();
      if (!answer.fromCache) run.used++;
      return { ok: true, value: answer };
    } catch (error) {
      if (error instanceof SourceBudgetSpentError) {
        run.stopped = 'the hourly request budget shared by every worker of k-ruoka is spent';
        return { ok: false, reason: error.message, spent: true };
      }
      if (!(error instanceof SourceHttpError)) throw error;
      run.used++;
      return { ok: false, reason: error.message };
    }
  }

  /** One EAN in one store: the product search for the EAN, its hit of that EAN (the search also finds others). */
  private async *eanLines(api: string, storeId: string, ean: string, run: PriceRun, ctx: PullContext): AsyncGenerator<string> {
    if (run.priced.has(`${storeId}|${ean}`) || run.stopped !== null || !this.mayAsk(run)) return;
    const query = new URLSearchParams({ offset: '0', language: 'fi', storeId, limit: '5', discountFilter: 'false', isTosTrOffer: 'false' });
    const url = `${api}/v2/product-search/${encodeURIComponent(ean)}?${query}`;
    const asked = await this.ask(run, () => ctx.http.postJson(url, {}, { headers: this.headers, signal: ctx.signal, budgeted: true }));
    const what = `the product search of ${ean} in store ${storeId}`;
    if (!asked.ok && asked.spent) return;
    if (!asked.ok) return yield line({ t: 'unreadable', what, reason: asked.reason });
    const hits = searchHits(asked.value.text);
    if (!hits.ok) return yield line({ t: 'unreadable', what, reason: hits.reason });
    const hit = hits.value.find((h) => isObject(h) && isObject(h.product) && h.product.ean === ean);
    if (!hit) {
      run.notFound++;
      return;
    }
    yield* this.itemLines(storeId, (hit as Json).product, asked.value.fetchedAt, run);
  }

  /** A store's offers, page by page, and the products of its offers of several products. */
  private async *assortmentLines(api: string, storeId: string, run: PriceRun, ctx: PullContext): AsyncGenerator<string> {
    for (let offset = 0; ; ) {
      if (offset >= K_RUOKA_MAX_OFFSET) {
        ctx.log(`k-ruoka: store ${storeId} has offers past offset ${K_RUOKA_MAX_OFFSET}, which search-offers does not page; the rest not read`);
        return;
      }
      if (!this.mayAsk(run)) return;
      const query = new URLSearchParams({ storeId, offset: String(offset), categoryPath: '', language: 'fi' });
      const asked = await this.ask(run, () => ctx.http.get(`${api}/search-offers/?${query}`, { headers: this.headers, freshForMs: 5 * 60_000, signal: ctx.signal, budgeted: true }));
      const what = `the offers of store ${storeId} from offset ${offset}`;
      if (!asked.ok && asked.spent) return;
      if (!asked.ok) return yield line({ t: 'unreadable', what, reason: asked.reason });
      const page = offersPage(asked.value.text);
      if (!page.ok) return yield line({ t: 'unreadable', what, reason: page.reason });
      const compound: string[] = [];
      for (const offer of page.value.results) {
        if (isObject(offer) && isObject(offer.product)) yield* this.offerLines(storeId, offer, [offer.product], asked.value.fetchedAt, run);
        else if (isObject(offer) && typeof offer.id === 'string') compound.push(offer.id);
      }
      for (let i = 0; i < compound.length; i += K_RUOKA_FETCH_OFFERS_BATCH) {
        if (!this.mayAsk(run)) return;
        const ids = compound.slice(i, i + K_RUOKA_FETCH_OFFERS_BATCH);
        const fetched = await this.ask(run, () => ctx.http.postJson(`${api}/fetch-offers`, { storeId, offerIds: ids, pricing: {} }, { headers: this.headers, signal: ctx.signal, budgeted: true }));
        const about = `the offers ${ids.join(', ')} of store ${storeId}`;
        if (!fetched.ok && fetched.spent) return;
        if (!fetched.ok) {
          yield line({ t: 'unreadable', what: about, reason: fetched.reason });
          continue;
        }
        const offers = fetchedOffers(fetched.value.text);
        if (!offers.ok) {
          yield line({ t: 'unreadable', what: about, reason: offers.reason });
          continue;
        }
        for (const offer of offers.value) if (isObject(offer)) yield* this.offerLines(storeId, offer, Array.isArray(offer.products) ? offer.products : [], fetched.value.fetchedAt, run);
      }
      offset += page.value.results.length;
      if (page.value.results.length === 0 || offset >= page.value.totalHits) return;
    }
  }

  /** An offer's products (search hits `{id, product}`): each product's lines, then the offer for it. */
  private *offerLines(storeId: string, offer: Json, hits: unknown[], at: string, run: PriceRun): Generator<string> {
    const { products: _products, product: _product, ...own } = offer;
    const slim = { id: own.id, title: own.title, localizedTitle: own.localizedTitle, image: own.image, validUntil: own.validUntil };
    for (const hit of hits) {
      const product = isObject(hit) ? hit.product : undefined;
      yield* this.itemLines(storeId, product, at, run);
      const ean = isObject(product) && typeof product.ean === 'string' ? product.ean : null;
      if (ean === null || !validEan(ean)) continue;
      const key = `${storeId}|${String(own.id)}|${ean}`;
      if (run.offered.has(key)) continue;
      run.offered.add(key);
      yield line({ t: 'offer', store: storeId, ean, o: slim, end: pricingEnd(isObject(product) && isObject(product.mobilescan) ? product.mobilescan.pricing : null) });
    }
  }

  /** A product the first time this run meets its EAN, and its price in this store the first time there. */
  private *itemLines(storeId: string, product: unknown, at: string, run: PriceRun): Generator<string> {
    const ean = isObject(product) ? product.ean : undefined;
    const code = typeof ean === 'string' && validEan(ean) ? ean : null;
    if (code !== null && !run.products.has(code)) {
      run.products.add(code);
      yield line({ t: 'product', p: product });
    }
    const key = `${storeId}|${String(ean)}`;
    if (run.priced.has(key)) return;
    run.priced.add(key);
    const pricing = isObject(product) && isObject(product.mobilescan) ? product.mobilescan.pricing : undefined;
    yield line({ t: 'price', store: storeId, ean: ean ?? null, at, pricing: pricing ?? null });
  }

  createParser(): (line: string, lineNo: number) => FeedRecord[] {
    return envelopeParser((record) => [parseLine(record)]);
  }
}

/** One envelope line → its record (exported for tests). */
export function parseLine(record: Json): FeedRecord {
  switch (record.t) {
    case 'store':
      return guarded('store', record.s, () => ({ kind: 'store', value: kRuokaStore(record.s) }));
    case 'product':
      return guarded('product', record.p, () => ({ kind: 'product', value: kRuokaProduct(record.p) }));
    case 'price':
      return guarded('price', record, () => ({ kind: 'price', value: kRuokaPrice(String(record.store), record.ean, record.pricing, String(record.at)) }));
    case 'offer':
      return guarded('offer', record, () => ({ kind: 'offer', value: kRuokaOffer(String(record.store), String(record.ean), record.o, typeof record.end === 'string' ? record.end : null) }));
    case 'unreadable':
      return reject('line', `${String(record.what)} unreadable: ${String(record.reason)}`, record);
    default:
      return reject('line', `unknown line type ${JSON.stringify(record.t)}`, record);
  }
}

function line(value: KRuokaLine): string {
  return JSON.stringify(value);
}

function validEan(ean: string): boolean {
  try {
    checkedEan(ean);
    return true;
  } catch {
    return false;
  }
}

function describeLeft(tasks: RefreshTask[]): string {
  const eans = tasks.filter((t) => t.kind === 'eans').length;
  const assortments = tasks.length - eans;
  const stores = new Set(tasks.map((t) => t.externalStoreId)).size;
  return `${tasks.length} tasks (${eans} EAN look-ups, ${assortments} store assortments) in ${stores} stores`;
}

function json(text: string): Read<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: `not valid JSON (${text.length} characters): ${(error as Error).message}` };
  }
}

function storeList(answer: HttpAnswer): Read<unknown[]> {
  if (answer.status !== 200) return { ok: false, reason: `HTTP status ${answer.status}` };
  const body = json(answer.text);
  if (!body.ok) return body;
  if (Array.isArray(body.value)) return { ok: true, value: body.value };
  if (!isObject(body.value) || !Array.isArray(body.value.results)) return { ok: false, reason: 'the answer has no results array' };
  return { ok: true, value: body.value.results };
}

function searchHits(text: string): Read<unknown[]> {
  const body = json(text);
  if (!body.ok) return body;
  if (!isObject(body.value)) return { ok: false, reason: 'the answer is not a JSON object' };
  if (isObject(body.value.error)) return { ok: false, reason: `the API answered an error: ${String(body.value.error.message ?? JSON.stringify(body.value.error))}` };
  if (!Array.isArray(body.value.result)) return { ok: false, reason: 'the answer has no result array' };
  return { ok: true, value: body.value.result };
}

function offersPage(text: string): Read<{ results: unknown[]; totalHits: number }> {
  const body = json(text);
  if (!body.ok) return body;
  if (!isObject(body.value) || !Array.isArray(body.value.results)) return { ok: false, reason: 'the answer has no results array' };
  const total = body.value.totalHits;
  if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) return { ok: false, reason: 'the answer has no totalHits' };
  return { ok: true, value: { results: body.value.results, totalHits: total } };
}

function fetchedOffers(text: string): Read<unknown[]> {
  const body = json(text);
  if (!body.ok) return body;
  if (!isObject(body.value) || !Array.isArray(body.value.offers)) return { ok: false, reason: 'the answer has no offers array' };
  return { ok: true, value: body.value.offers };
}
