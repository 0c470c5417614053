/**
 * The HTTP client every open-data source uses (OpenStreetMap's Overpass API, Open Food Facts, Open Prices).
 * The implementation (`polite-http.ts`) is a good citizen of each service: a User-Agent naming Hintakori and a
 * contact address, at most the request rate the service asks for (per host), retries with backoff on 429 and 5xx
 * honouring `Retry-After`, conditional requests (ETag / Last-Modified) and no request at all for a URL fetched
 * within `freshForMs`.
 */

export interface HttpGetOptions {
  /** Accept header; default application/json. */
  accept?: string;
  /** A copy fetched this recently (ms) is answered from the cache without any request. */
  freshForMs?: number;
  /** Rate class of the request within its host (Open Food Facts limits product reads and searches differently). */
  rateClass?: string;
  /** The longest answer body in bytes (default: the client's, 50 MiB); a longer one fails with SourceTooLargeError. */
  maxBytes?: number;
  /** Further request headers a service's API expects (never a cookie or a token: no source is used past a login). */
  headers?: Record<string, string>;
  /**
   * The pull source the request is made for (set by `forSource`): its shared rate (INGEST_RATE_<SOURCE>, every worker
   * together) and its pause after a Retry-After apply. Without it only the client's per-host spacing does.
   */
  source?: string;
  /**
   * A request the source's hourly budget pays for (INGEST_BUDGET_<SOURCE>, shared by every worker like the rate): one
   * request of it is spent when the request is sent (not for an answer from a fresh copy); none left throws
   * SourceBudgetSpentError before anything is sent.
   */
  budgeted?: boolean;
  signal?: AbortSignal;
}

export interface HttpAnswer {
  /** HTTP status of the answer (200 also when a 304 was answered from the cache). */
  status: number;
  /** The body as text ('' for a 404 without body). */
  text: string;
  /** true: no request was sent (fresh copy) or the server answered 304 Not Modified. */
  fromCache: boolean;
  /** ISO time the body was fetched from the service. */
  fetchedAt: string;
}

/** The service could not be reached at all (DNS, refused connection, time-out) after the retries. */
export class SourceUnreachableError extends Error {
  constructor(
    readonly url: string,
    message: string,
  ) {
    super(message);
  }
}

/** The service kept answering an error status (429 or 5xx after every retry, or another 4xx than 404). */
export class SourceHttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The answer's body was longer than the request's byte cap (HttpGetOptions.maxBytes): not read further, not retried
 * (the same request would answer the same). A SourceHttpError, so an adapter that turns those into one unreadable line
 * does so with this one too.
 */
export class SourceTooLargeError extends SourceHttpError {
  constructor(
    url: string,
    status: number,
    readonly maxBytes: number,
    message: string,
  ) {
    super(url, status, message);
  }
}

/**
 * The service answered with a bot challenge (Cloudflare's `cf-mitigated: challenge`, or a 403/503 HTML challenge page)
 * instead of data. Never retried and never worked around: the run stops with this reason.
 */
export class SourceBlockedError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The source's hourly request budget, shared by every worker of it, has nothing left now: the request was not sent.
 * Not a SourceHttpError: the adapters stop spending (as when their own run's budget is spent) instead of reading it as
 * an unreadable answer.
 */
export class SourceBudgetSpentError extends Error {
  constructor(
    readonly url: string,
    readonly source: string,
  ) {
    super(`the hourly request budget of ${source} (INGEST_BUDGET_*, all workers together) is spent for now`);
  }
}

export interface SourceHttp {
  /** GET a URL; 2xx and 404 are answered, everything else throws one of the errors above after the retries. */
  get(url: string, options?: HttpGetOptions): Promise<HttpAnswer>;
  /** POST a form (Overpass takes its query as `data=`); same retry and rate rules, never cached unless freshForMs. */
  postForm(url: string, form: Record<string, string>, options?: HttpGetOptions): Promise<HttpAnswer>;
  /** POST a JSON body (a GraphQL query); cached, like GET, under the URL and body when `freshForMs` is given. */
  postJson(url: string, body: unknown, options?: HttpGetOptions): Promise<HttpAnswer>;
}

/**
 * The client of a run asked for with `--refresh`: every copy counts as stale, so each request goes to the service
 * again — still conditional (If-None-Match / If-Modified-Since from the kept copy, a 304 costs the service little)
 * and at the service's rate, as every request is. A request that never used the cache is sent as it was.
 * `pricesOnly`: only the budgeted (price) requests — a price part of a run split by store, whose store listing the
 * run's head has just asked again.
 */
export function askingAgain(http: SourceHttp, pricesOnly = false): SourceHttp {
  const stale = (options: HttpGetOptions = {}): HttpGetOptions =>
    options.freshForMs === undefined || (pricesOnly && options.budgeted !== true) ? options : { ...options, freshForMs: 0 };
  return {
    get: (url, options) => http.get(url, stale(options)),
    postForm: (url, form, options) => http.postForm(url, form, stale(options)),
    postJson: (url, body, options) => http.postJson(url, body, stale(options)),
  };
}

/**
 * The client of one source's run: every request names `source` (HttpGetOptions.source), so the source's shared rate
 * and Retry-After pauses hold it together with every other worker's requests of the source.
 */
export function forSource(http: SourceHttp, source: string): SourceHttp {
  const named = (options: HttpGetOptions = {}): HttpGetOptions => ({ ...options, source: options.source ?? source });
  return {
    get: (url, options) => http.get(url, named(options)),
    postForm: (url, form, options) => http.postForm(url, form, named(options)),
    postJson: (url, body, options) => http.postJson(url, body, named(options)),
  };
}
