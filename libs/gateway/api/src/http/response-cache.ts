import { CACHE_STORE, CacheStore } from '@hintakori/platform-cache';
import { ServiceCallError } from '@hintakori/platform-messaging';
import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';

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
 * Read-through cache for answers that many shoppers ask for (categories, popular searches, stores).
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
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(@Inject(CACHE_STORE) private readonly store: CacheStore) {}

  async wrap<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
    if (this.store.available()) {
      const cached = await this.store.get<T>(`resp:${key}`);
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
        return JSON.parse(copy.json) as T;
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
        return JSON.parse(copy.json) as T;
      }
      throw error;
    }
  }

  /** Loads a key, stores the answer (shared store and this process's copy); concurrent callers share the load. */
  private loadOnce<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
    const running = this.loading.get(key);
    if (running) return running as Promise<T>;
    const loaded = (async () => {
      const value = await load();
      await this.store.set(`resp:${key}`, value, ttlSeconds);
      this.keep(key, value);
      return value;
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

  private keep(key: string, value: unknown): void {
    const json = JSON.stringify(value);
    if (json === undefined || json.length > STALE_MAX_BYTES / 8) return;
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
 * The service could not be reached or failed (5xx: broker or service down, its database down), as opposed to
 * answering a 4xx about the request.
 */
function isOutage(error: unknown): boolean {
  return error instanceof ServiceCallError && error.statusCode >= 500;
}
