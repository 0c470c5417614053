import type { AppConfig } from '@hintakori/platform-config';
import { appMetrics } from '@hintakori/platform-telemetry';
import Redis from 'ioredis';
import { constants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';

/** Response cache and rate-limit counters: in memory (standalone) or Redis (distributed). */
export interface CacheStore {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
  /** A value stored as text (JSON the caller serialized), as it was stored: no parsing, no copy. */
  getText(key: string): Promise<string | undefined>;
  setText(key: string, text: string, ttlSeconds: number): Promise<void>;
  /** Increments a counter that expires `ttlSeconds` after its first increment; returns the new value. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  ping(): Promise<boolean>;
  /** False while the store cannot be reached (Redis down): its lookups then answer "miss" without knowing. */
  available(): boolean;
  close(): Promise<void>;
}

export class MemoryCacheStore implements CacheStore {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();

  constructor(private readonly maxEntries = 5000) {}

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return miss('memory');
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return miss('memory');
    }
    appMetrics.cacheLookup('memory', true);
    return entry.value as T;
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }

  async getText(key: string): Promise<string | undefined> {
    const value = await this.get<unknown>(key);
    return typeof value === 'string' ? value : undefined;
  }

  setText(key: string, text: string, ttlSeconds: number): Promise<void> {
    return this.set(key, text, ttlSeconds);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    // Read the entry directly: counters are not cache lookups (they stay out of the hit ratio).
    const found = this.entries.get(key);
    const current = found && found.expiresAt > Date.now() ? (found.value as number) : undefined;
    const next = (current ?? 0) + 1;
    const entry = found;
    this.entries.set(key, { value: next, expiresAt: entry && current !== undefined ? entry.expiresAt : Date.now() + ttlSeconds * 1000 });
    return next;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  available(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

export class RedisCacheStore implements CacheStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'hk:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    this.redis.on('error', () => undefined);
  }

  async get<T>(key: string): Promise<T | undefined> {
    try {
      const raw = await this.redis.get(this.prefix + key);
      if (raw === null) return miss('redis');
      appMetrics.cacheLookup('redis', true);
      return JSON.parse(raw) as T;
    } catch {
      return miss('redis');
    }
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    try {
      await this.redis.set(this.prefix + key, JSON.stringify(value), 'EX', ttlSeconds);
    } catch {
      // A cache that is down must not fail the request.
    }
  }

  async getText(key: string): Promise<string | undefined> {
    try {
      const raw = await this.redis.getBuffer(this.prefix + key);
      if (raw === null) return miss('redis');
      appMetrics.cacheLookup('redis', true);
      return textOf(raw);
    } catch {
      return miss('redis');
    }
  }

  async setText(key: string, text: string, ttlSeconds: number): Promise<void> {
    try {
      await this.redis.set(this.prefix + key, text.length >= COMPRESS_TEXT_FROM ? compressText(text) : text, 'EX', ttlSeconds);
    } catch {
      // A cache that is down must not fail the request.
    }
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    try {
      const [[, count]] = (await this.redis.multi().incr(this.prefix + key).expire(this.prefix + key, ttlSeconds, 'NX').exec()) as [[unknown, number]];
      return count;
    } catch {
      return 0;
    }
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  available(): boolean {
    return this.redis.status === 'ready';
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/**
 * Texts of at least this many characters go to Redis zstd-compressed: a search answer of 120 kB is about a tenth of
 * that, so the gateway writes and Redis holds and sends far fewer bytes (writing the whole text to the socket was
 * 0.8 ms of the gateway's CPU per uncached search). Smaller texts are stored as they are.
 */
export const COMPRESS_TEXT_FROM = 16 * 1024;

/** zstd frames start with these bytes; a JSON or other text value never does (0x28 is "(", then 0xB5). */
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

function compressText(text: string): Buffer {
  return zstdCompressSync(Buffer.from(text, 'utf8'), { params: { [constants.ZSTD_c_compressionLevel]: 1 } });
}

/** A stored value as text: decompressed when setText compressed it, else its UTF-8 as it was stored. */
function textOf(raw: Buffer): string {
  return raw.length >= 4 && raw.subarray(0, 4).equals(ZSTD_MAGIC) ? zstdDecompressSync(raw).toString('utf8') : raw.toString('utf8');
}

/** Counts a lookup that found nothing (hintakori_cache_requests_total{result="miss"}). */
function miss(cache: string): undefined {
  appMetrics.cacheLookup(cache, false);
  return undefined;
}

export const CACHE_STORE = Symbol('CACHE_STORE');

export function createCacheStore(config: AppConfig): CacheStore {
  return config.profile === 'distributed' ? new RedisCacheStore(config.redisUrl) : new MemoryCacheStore();
}
