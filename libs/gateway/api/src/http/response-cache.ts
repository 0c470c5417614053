import { CACHE_STORE, CacheStore } from '@hintakori/platform-cache';
import { ServiceCallError } from '@hintakori/platform-messaging';
import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { map, type Observable } from 'rxjs';

/** The response of the request being answered, so a stale answer can say so in its headers. */
const currentResponse = new AsyncLocalStorage<Response>();

/** Express middleware (on /api) that makes the response reachable from ResponseCache. */
export function responseContextMiddleware(_req: Request, res: Response, next: NextFunction): void {
  currentResponse.run(res, next);
}

/** A stale copy is kept this long after it was loaded … */
const STALE_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** … within this many bytes of JSON per gateway process (least recently stored dropped first). */
const STALE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * An answer already serialized: the JSON text the response cache holds, sent as the HTTP body as it is
 * (JsonBodyInterceptor) instead of being parsed and serialized again. `toJSON` gives the value, so anything that
 * serializes it as an object still writes the same JSON.
 */
export class JsonBody<T = unknown> {
  constructor(readonly text: string) {}

  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}

/**
 * Read-through cache for answers that many shoppers ask for (categories, popular searches, stores).
 *
 * An answer is serialized once, when it is loaded: the shared store, this process's stale copy and the HTTP
 * response (`wrapJson`) all hold that one JSON text (a search answer of 100 items is about 120 kB of it).
 *
 * stale-if-error: the last answer loaded for each key is also kept in this process (bounded by age and bytes).
 * When loading it again fails with a 5xx (broker, service or its database down), that
 * copy is answered instead, with `X-Cache: STALE` and `Age` telling the client how old it is.
 *
 * While the shared store cannot be reached (Redis down), this process's own copy answers within the key's time to
 * live, so every gateway replica keeps caching instead of sending every read to the services (a search-heavy read
 * load would otherwise land on catalog all at once). Concurrent misses of one key share a single load.
 */
@Injectable()
export class ResponseCache {
  private hits = 0;
  private misses = 0;
  private staleServed = 0;
  private localServed = 0;
  private staleBytes = 0;
  private readonly stale = new Map<string, { json: string; at: number }>();
  private readonly loading = new Map<string, Promise<string>>();

  constructor(@Inject(CACHE_STORE) private readonly store: CacheStore) {}

  /** The answer as the JSON the handler sends as it is (see JsonBody). */
  async wrapJson<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<JsonBody<T>> {
    return new JsonBody<T>(
      await this.wrapText(key, ttlSeconds, async () => {
        const json = JSON.stringify(await load());
        if (json === undefined) throw new Error(`The answer for ${key} has no JSON form`);
        return json;
      }),
    );
  }

  /** As wrapJson, for an answer the service already wrote as JSON text (`loadJson`): kept and sent as it is. */
  async wrapJsonText<T>(key: string, ttlSeconds: number, loadJson: () => Promise<string>): Promise<JsonBody<T>> {
    return new JsonBody<T>(await this.wrapText(key, ttlSeconds, loadJson));
  }

  private async wrapText(key: string, ttlSeconds: number, load: () => Promise<string>): Promise<string> {
    if (this.store.available()) {
      const cached = await this.store.getText(`resp:${key}`);
      if (cached !== undefined) {
        this.hits++;
        if (!this.stale.has(key)) this.keep(key, cached);
        return cached;
      }
    } else {
      // The copy's time is when this process loaded it (or first saw it in the shared store): never fresher than that.
      const copy = this.stale.get(key);
      if (copy && Date.now() - copy.at < ttlSeconds * 1000) {
        this.hits++;
        this.localServed++;
        return copy.json;
      }
    }
    this.misses++;
    try {
      return await this.loadOnce(key, ttlSeconds, load);
    } catch (error) {
      const copy = this.stale.get(key);
      if (copy && isOutage(error) && Date.now() - copy.at < STALE_MAX_AGE_MS) {
        this.staleServed++;
        const res = currentResponse.getStore();
        if (res && !res.headersSent) {
          res.setHeader('X-Cache', 'STALE');
          res.setHeader('Age', String(Math.floor((Date.now() - copy.at) / 1000)));
        }
        return copy.json;
      }
      throw error;
    }
  }

  /**
   * Loads a key's JSON once; stores it (shared store and this process's copy). Concurrent callers share the load.
   */
  private loadOnce(key: string, ttlSeconds: number, load: () => Promise<string>): Promise<string> {
    const running = this.loading.get(key);
    if (running) return running;
    const loaded = (async () => {
      const json = await load();
      await this.store.setText(`resp:${key}`, json, ttlSeconds);
      this.keep(key, json);
      return json;
    })();
    this.loading.set(key, loaded);
    const done = () => void this.loading.delete(key);
    loaded.then(done, done);
    return loaded;
  }

  stats(): { hits: number; misses: number; hitRatio: number; staleServed: number; localServed: number; staleEntries: number } {
    const total = this.hits + this.misses;
    return {
      hits: this.hits,
      misses: this.misses,
      hitRatio: total === 0 ? 0 : this.hits / total,
      staleServed: this.staleServed,
      localServed: this.localServed,
      staleEntries: this.stale.size,
    };
  }

  /** Keeps the answer's JSON as this process's stale copy (the same string the store and the response hold). */
  private keep(key: string, json: string): void {
    if (json.length > STALE_MAX_BYTES / 8) return;
    const previous = this.stale.get(key);
    if (previous) {
      this.staleBytes -= previous.json.length;
      this.stale.delete(key);
    }
    this.stale.set(key, { json, at: Date.now() });
    this.staleBytes += json.length;
    // Map keeps insertion order: drop the oldest copies until within budget.
    for (const [oldKey, entry] of this.stale) {
      if (this.staleBytes <= STALE_MAX_BYTES) break;
      this.stale.delete(oldKey);
      this.staleBytes -= entry.json.length;
    }
  }
}

/**
 * Sends a JsonBody's text as the response body with the type `res.json` gives (`application/json; charset=utf-8`;
 * express adds the charset, the length and the ETag as for any body); other answers pass through.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value: unknown) => {
        if (!(value instanceof JsonBody) || context.getType() !== 'http') return value;
        context.switchToHttp().getResponse<Response>().setHeader('Content-Type', 'application/json');
        return value.text;
      }),
    );
  }
}

/**
 * The service could not be reached or failed (5xx: broker or service down, its database down), as opposed to
 * answering a 4xx about the request.
 */
function isOutage(error: unknown): boolean {
  return error instanceof ServiceCallError && error.statusCode >= 500;
}
