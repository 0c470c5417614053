import { SourceBlockedError, SourceBudgetSpentError, SourceHttpError, SourceTooLargeError, SourceUnreachableError, type HttpAnswer, type HttpGetOptions, type SourceHttp } from '../source-http';
import { isCacheable, type CachedAnswer, type HttpCacheStore } from './http-cache';
import type { SourceRateLimiter } from './source-rate-limiter';

export interface RateLimit {
  /** Requests started per minute, spaced evenly (60 000 / perMinute ms apart). */
  perMinute: number;
  /** Requests in flight at once; default 1. */
  concurrency?: number;
}

export interface PoliteHttpOptions {
  /** Sent with every request; see hintakoriUserAgent. */
  userAgent: string;
  /** Limits by `host` (host[:port] of the URL) or `host#rateClass` (the more specific one wins). */
  rates: Record<string, RateLimit>;
  /** Limit of a host without an entry in `rates`; default 60. */
  defaultPerMinute?: number;
  /** Limit of a loopback host (a stand-in on this machine) without an entry in `rates`; default defaultPerMinute. */
  loopbackPerMinute?: number;
  /** Retries after the first attempt (429, 5xx, network errors); default 5. */
  maxRetries?: number;
  /** Longest wait before a retry; a Retry-After beyond it fails the request at once. Default 120 000 ms. */
  maxRetryWaitMs?: number;
  /** First backoff step (doubled per retry, with jitter) when the service gives no Retry-After; default 1000 ms. */
  backoffBaseMs?: number;
  /** Time-out of one attempt, answer body included; default 30 000 ms. */
  timeoutMs?: number;
  /** The longest answer body read, in bytes, unless a request says otherwise (HttpGetOptions.maxBytes); default 50 MiB. */
  maxBodyBytes?: number;
  cache?: HttpCacheStore;
  /**
   * Each pull source's rate shared with every other worker (INGEST_RATE_<SOURCE>), for requests that name their source
   * (HttpGetOptions.source): a slot is taken before each attempt, and a Retry-After pauses the source for all of them.
   */
  limiter?: SourceRateLimiter;
  /**
   * Sources whose shared rate holds for a loopback host too (a stand-in on this machine: their INGEST_RATE_<SOURCE> is
   * set); any other source's loopback requests have only the loopback spacing. Default: none.
   */
  limitedOnLoopback?: readonly string[];
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Clock (ms since the epoch) for the spacing and freshness; default Date.now. */
  now?: () => number;
  /** Jitter source in [0, 1); default Math.random. */
  random?: () => number;
}

/** A host on this machine (a stand-in in tests or a local trial), not a public service to spare. */
export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(hostname);
}

export const DEFAULT_CONTACT = 'hello@hintakori.fi';

/** The longest answer body a request reads unless it says otherwise: 50 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;

/** The User-Agent the open-data services ask for: the application, its version and a contact (IngestConfig.openData.contact, INGEST_CONTACT). */
export function hintakoriUserAgent(version = '0.1', contact: string = DEFAULT_CONTACT): string {
  return `Hintakori/${version} (+https://hintakori.fi; ${contact})`;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One rate-limited lane (a host or a host's rate class): even spacing of request starts and a concurrency cap. */
class Lane {
  private nextStartAt = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly intervalMs: number,
    private readonly concurrency: number,
  ) {}

  /** Resolves when a request may start; the returned function frees the slot. */
  async acquire(now: () => number, sleep: (ms: number) => Promise<void>): Promise<() => void> {
    if (this.active < this.concurrency) this.active++;
    // A freed slot is handed straight to the next waiter (active stays counted).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const current = now();
    const start = Math.max(current, this.nextStartAt);
    // Reserved before sleeping, so callers queue up at successive times without polling.
    this.nextStartAt = start + this.intervalMs;
    // Less than a millisecond is not worth a timer.
    if (start - current >= 1) await sleep(Math.round(start - current));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }
}

type Attempt = { ok: true; status: number; headers: Headers; text: string } | { ok: false; error: unknown } | { ok: 'too-large'; status: number; bytes: number };

/**
 * The polite HTTP client of the open-data sources (see SourceHttp): User-Agent, per-host (and rate class) spacing,
 * retries with backoff honouring Retry-After, conditional requests and a cache of 200 and 404 answers.
 */
export class PoliteHttp implements SourceHttp {
  private readonly lanes = new Map<string, Lane>();
  private readonly maxRetries: number;
  private readonly maxRetryWaitMs: number;
  private readonly backoffBaseMs: number;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: PoliteHttpOptions) {
    this.maxRetries = options.maxRetries ?? 5;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 120_000;
    this.backoffBaseMs = options.backoffBaseMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get(url: string, options: HttpGetOptions = {}): Promise<HttpAnswer> {
    return this.request('GET', url, null, url, true, options);
  }

  postForm(url: string, form: Record<string, string>, options: HttpGetOptions = {}): Promise<HttpAnswer> {
    const body = new URLSearchParams(form).toString();
    return this.request('POST', url, body, `${url}\n${body}`, options.freshForMs !== undefined, options);
  }

  postJson(url: string, payload: unknown, options: HttpGetOptions = {}): Promise<HttpAnswer> {
    const body = JSON.stringify(payload);
    return this.request('POST', url, body, `${url}\n${body}`, options.freshForMs !== undefined, options, 'application/json');
  }

  private lane(url: URL, rateClass: string | undefined): Lane {
    const rates = this.options.rates;
    const candidates = [...(rateClass ? [`${url.host}#${rateClass}`, `${url.hostname}#${rateClass}`] : []), url.host, url.hostname];
    const key = candidates.find((k) => rates[k] !== undefined) ?? url.host;
    let lane = this.lanes.get(key);
    if (!lane) {
      const fallback = (isLoopbackHost(url.hostname) ? this.options.loopbackPerMinute : undefined) ?? this.options.defaultPerMinute ?? 60;
      const rate = rates[key] ?? { perMinute: fallback };
      if (!(rate.perMinute > 0)) throw new Error(`The rate of ${key} must be a positive number of requests per minute`);
      lane = new Lane(60_000 / rate.perMinute, Math.max(1, rate.concurrency ?? 1));
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private async request(method: 'GET' | 'POST', url: string, body: string | null, cacheKey: string, useCache: boolean, options: HttpGetOptions, contentType = 'application/x-www-form-urlencoded'): Promise<HttpAnswer> {
    const parsed = new URL(url);
    const host = parsed.host;
    const cache = useCache ? this.options.cache : undefined;
    const cached = cache ? await cache.get(cacheKey) : null;
    if (cached && options.freshForMs !== undefined && this.now() - Date.parse(cached.fetchedAt) < options.freshForMs)
      return { status: cached.status, text: cached.text, fromCache: true, fetchedAt: cached.fetchedAt };

    const headers: Record<string, string> = { ...options.headers, 'User-Agent': this.options.userAgent, Accept: options.accept ?? 'application/json' };
    if (body !== null) headers['Content-Type'] = contentType;
    if (cached?.status === 200) {
      if (cached.etag) headers['If-None-Match'] = cached.etag;
      if (cached.lastModified) headers['If-Modified-Since'] = cached.lastModified;
    }
    const lane = this.lane(parsed, options.rateClass);

    const shared = (name: string) => this.options.limiter?.rateOf(name) !== undefined && (!isLoopbackHost(parsed.hostname) || (this.options.limitedOnLoopback ?? []).includes(name));
    const source = options.source !== undefined && shared(options.source) ? options.source : undefined;
    // One request of the source's hourly budget for this request, whatever its retries (the adapters count the same).
    if (options.budgeted && options.source !== undefined && this.options.limiter?.hasBudget(options.source) && !(await this.options.limiter.spendBudget(options.source)))
      throw new SourceBudgetSpentError(url, options.source);

    for (let attempt = 0; ; attempt++) {
      const release = await lane.acquire(this.now, this.sleep);
      let result: Attempt;
      let slot: string | null = null;
      try {
        if (source !== undefined) slot = await this.sourceSlot(source, method, url, options.signal);
        result = await this.attempt(method, url, headers, body, options.signal, options.maxBytes ?? this.maxBodyBytes);
      } finally {
        // Not awaited: the limiter's next command of this process comes after it (Redis answers one connection in order),
        // and the time it records is later still than the answer's. A slot not given back (the store is away) frees
        // itself when its hold runs out.
        if (source !== undefined && slot !== null) void this.options.limiter?.release(source, slot).catch(() => undefined);
        release();
      }
      const attempts = attempt + 1;

      // A body past the cap is not read further nor asked again (it would be as long): the request fails with the reason.
      if (result.ok === 'too-large') {
        const max = options.maxBytes ?? this.maxBodyBytes;
        throw new SourceTooLargeError(url, result.status, max, `${host} answered ${result.status} with more than ${max} bytes (${result.bytes} read; the limit of this request): ${method} ${url}`);
      }
      if (!result.ok) {
        if (options.signal?.aborted) throw result.error;
        if (attempt >= this.maxRetries)
          throw new SourceUnreachableError(url, `${host} could not be reached (${describe(result.error, this.timeoutMs)}) after ${attempts} attempts: ${method} ${url}`);
        await this.sleep(this.backoff(attempt));
        continue;
      }

      const { status } = result;
      // A bot challenge is an answer, not a fault: it is never retried (a retry would be an attempt to get past it).
      if (isBotChallenge(status, result.headers, result.text))
        throw new SourceBlockedError(url, status, `${host} answered ${status} with a bot challenge: ${method} ${url}`);
      const fetchedAt = new Date(this.now()).toISOString();
      if (status === 304 && cached) {
        const refreshed: CachedAnswer = { ...cached, fetchedAt };
        await cache?.put(cacheKey, refreshed);
        return { status: cached.status, text: cached.text, fromCache: true, fetchedAt };
      }
      if ((status >= 200 && status < 300) || status === 404) {
        if (cache && isCacheable(status))
          await cache.put(cacheKey, { status, text: result.text, etag: result.headers.get('etag'), lastModified: result.headers.get('last-modified'), fetchedAt });
        return { status, text: result.text, fromCache: false, fetchedAt };
      }
      if (status === 429 || status >= 500) {
        const asked = retryAfterMs(result.headers.get('retry-after'), this.now());
        // The service asked this source to wait: every worker of it waits (their next slot comes after the pause).
        if (asked !== null && asked > 0 && source !== undefined) await this.options.limiter?.pause(source, asked);
        if (asked !== null && asked > this.maxRetryWaitMs)
          throw new SourceHttpError(
            url,
            status,
            `${host} answered ${status} and asked to wait ${Math.ceil(asked / 1000)} s before retrying (more than the ${Math.round(this.maxRetryWaitMs / 1000)} s allowed): ${method} ${url}`,
          );
        if (attempt >= this.maxRetries) throw new SourceHttpError(url, status, `${host} answered ${status} after ${attempts} attempts: ${method} ${url}`);
        // A paused source's next slot waits out the pause itself.
        if (asked === null || source === undefined) await this.sleep(asked ?? this.backoff(attempt));
        continue;
      }
      throw new SourceHttpError(url, status, `${host} answered ${status}: ${method} ${url}`);
    }
  }

  /**
   * A slot of the source's shared rate for one attempt: waits while every slot is taken or the source is paused. A
   * pause longer than maxRetryWaitMs (a Retry-After another worker was given) fails the request at once, as the same
   * answer to this request would.
   */
  private async sourceSlot(source: string, method: string, url: string, signal: AbortSignal | undefined): Promise<string> {
    const limiter = this.options.limiter as SourceRateLimiter;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const admission = await limiter.tryAcquire(source, this.timeoutMs + 10_000);
      if (admission.granted) return admission.token;
      if (admission.paused && admission.waitMs > this.maxRetryWaitMs)
        throw new SourceHttpError(
          url,
          429,
          `${source} is paused for ${Math.ceil(admission.waitMs / 1000)} s (its service asked with Retry-After; more than the ${Math.round(this.maxRetryWaitMs / 1000)} s allowed): ${method} ${url}`,
        );
      await this.sleep(Math.max(1, Math.ceil(admission.waitMs)));
    }
  }

  private async attempt(method: string, url: string, headers: Record<string, string>, body: string | null, signal: AbortSignal | undefined, maxBytes: number): Promise<Attempt> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await this.fetchImpl(url, { method, headers, body, signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'follow' });
      const read = await readCapped(response, maxBytes);
      if (read.text === null) return { ok: 'too-large', status: response.status, bytes: read.bytes };
      return { ok: true, status: response.status, headers: response.headers, text: read.text };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** Exponential backoff with jitter: between half and all of base · 2^attempt, at most maxRetryWaitMs. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.maxRetryWaitMs, this.backoffBaseMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }
}

/**
 * The body as UTF-8 text (as Response.text() decodes it), read as a stream and given up once past `maxBytes` (a
 * Content-Length above it is given up before reading): then text is null and bytes what was read.
 */
export async function readCapped(response: Response, maxBytes: number): Promise<{ text: string | null; bytes: number }> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { text: null, bytes: 0 };
  }
  if (!response.body) return { text: '', bytes: 0 };
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { text: null, bytes };
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join(''), bytes };
}

/**
 * Whether an answer is a bot challenge rather than the service's data: Cloudflare marks its challenges with
 * `cf-mitigated: challenge`; other fronts answer 403 or 503 with an HTML page that asks the browser to prove itself.
 */
export function isBotChallenge(status: number, headers: Headers, text: string): boolean {
  if ((headers.get('cf-mitigated') ?? '').toLowerCase().includes('challenge')) return true;
  if (status !== 403 && status !== 503) return false;
  const type = headers.get('content-type') ?? '';
  if (!type.includes('html') && !/^\s*</.test(text)) return false;
  return /challenge|captcha|cf-chl|just a moment|verify you are human|attention required/i.test(text.slice(0, 20_000));
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP-date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The reason of a network failure: the system error code (ENOTFOUND, ECONNREFUSED, …) when there is one. */
function describe(error: unknown, timeoutMs: number): string {
  // Duck-typed: fetch's errors may come from another realm (test runners), so instanceof is not reliable.
  const failure = (typeof error === 'object' && error !== null ? error : {}) as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  return failure.cause?.code ?? failure.code ?? failure.cause?.message ?? failure.message ?? String(error);
}
