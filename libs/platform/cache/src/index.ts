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

/**
 * The standalone's store: bounded by entries and by size (a text value counts its length, anything else 256), the
 * oldest dropped first, and expired entries swept as new ones come. A bound by entries alone let 5,000 cached search
 * answers of up to 170 kB each stay long after they expired (seen in a heap snapshot: 25 MB more in six minutes of
 * one search a second).
 */
export class MemoryCacheStore implements CacheStore {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number; size: number }>();
  private size = 0;
  private lastSweep = 0;

  constructor(
    private readonly maxEntries = 5000,
    /** The most the values may hold together, in characters of text (default 32 M: about 32 MB of one-byte text). */
    private readonly maxSize = 32 * 1024 * 1024,
  ) {}

  /** The entries held now (expired ones not yet swept included) and their size. */
  stats(): { entries: number; size: number } {
    return { entries: this.entries.size, size: this.size };
  }

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return miss('memory');
    if (entry.expiresAt <= Date.now()) {
      this.remove(key);
      return miss('memory');
    }
    appMetrics.cacheLookup('memory', true);
    return entry.value as T;
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    this.put(key, value, Date.now() + ttlSeconds * 1000);
  }

  private put(key: string, value: unknown, expiresAt: number): void {
    const size = typeof value === 'string' ? value.length : 256;
    this.remove(key);
    if (size > this.maxSize) return; // larger than the whole store: not kept
    const now = Date.now();
    // At most once a second, drop every expired entry (one pass over the map).
    if (now - this.lastSweep >= 1000) {
      this.lastSweep = now;
      for (const [k, entry] of this.entries) if (entry.expiresAt <= now) this.remove(k);
    }
    // Map keeps insertion order: drop the oldest entries until the new one fits.
    while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || this.size + size > this.maxSize)) {
      this.remove(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, expiresAt, size });
    this.size += size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.size;
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
    this.put(key, next, found && current !== undefined ? found.expiresAt : Date.now() + ttlSeconds * 1000);
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
    this.size = 0;
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
