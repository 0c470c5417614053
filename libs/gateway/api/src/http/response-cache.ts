import { CACHE_STORE, CacheStore } from '@hintakori/platform-cache';
import { Inject, Injectable } from '@nestjs/common';

/** Read-through cache for answers that many shoppers ask for (categories, popular searches, stores). */
@Injectable()
export class ResponseCache {
  private hits = 0;
  private misses = 0;

  constructor(@Inject(CACHE_STORE) private readonly store: CacheStore) {}

  async wrap<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
    const cached = await this.store.get<T>(`resp:${key}`);
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const value = await load();
    await this.store.set(`resp:${key}`, value, ttlSeconds);
    return value;
  }

  stats(): { hits: number; misses: number; hitRatio: number } {
    const total = this.hits + this.misses;
    return { hits: this.hits, misses: this.misses, hitRatio: total === 0 ? 0 : this.hits / total };
  }
}
