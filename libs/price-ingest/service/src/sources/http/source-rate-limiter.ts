import { randomUUID } from 'node:crypto';
import IORedis from 'ioredis';

/**
 * The request rate of each pull source (INGEST_RATE_<SOURCE>), held across every worker and process of price-ingest
 * together: PoliteHttp takes a slot here before each request of a source (HttpGetOptions.source) and gives it back
 * when the answer is read. The standalone profile keeps the slots in the process (InProcessRateLimiter); the
 * distributed one in Redis (RedisRateLimiter), shared by every worker process.
 *
 * The slots are a sliding window as the service sees it: a source of `limit` requests per `windowMs` has `limit`
 * slots; a request holds its slot from the moment it may start until `windowMs` after its answer was read. A request
 * reaches the service after it was allowed and before its answer came back, so any two requests `limit` apart reach
 * the service at least `windowMs` apart, whatever the delays on the way: the service never counts more than `limit`
 * in any window of that length. (The price: a slot is busy for the window plus the answer's latency, so the rate
 * reached is `limit` per `windowMs + latency`.)
 *
 * A `Retry-After` from the service pauses the source (`pause`): no worker of it starts a request before then.
 */
export interface SourceRateLimiter {
  /** The source's configured rate in requests a second, or undefined: the source has no shared rate. */
  rateOf(source: string): number | undefined;
  /**
   * Takes a slot for one request of `source` now, held at most `holdMs` unless released (a process that dies
   * mid-request frees its slot after that); or says how long to wait before asking again, and whether because the
   * source is paused.
   */
  tryAcquire(source: string, holdMs: number): Promise<Admission>;
  /** The request of `token` got its answer: its slot frees one window from now. */
  release(source: string, token: string): Promise<void>;
  /** No request of `source` starts in the next `ms` (a Retry-After); a longer pause already set stays. */
  pause(source: string, ms: number): Promise<void>;
  /** Whether `source` has an hourly request budget here (INGEST_BUDGET_<SOURCE>). */
  hasBudget(source: string): boolean;
  /**
   * Spends one request of the source's hourly budget, shared like the rate: a bucket of one hour's requests that refills
   * evenly over the hour (so a run after a pause of half an hour finds half an hour's). False: none left now.
   */
  spendBudget(source: string): Promise<boolean>;
  close(): Promise<void>;
}

/** What a limiter holds: each source's requests a second (INGEST_RATE_<SOURCE>) and requests an hour (INGEST_BUDGET_<SOURCE>). */
export interface SourceLimits {
  rates: Record<string, number>;
  budgets?: Record<string, number>;
}

const HOUR_MS = 3_600_000;

export type Admission = { granted: true; token: string } | { granted: false; waitMs: number; paused: boolean };

/** How a rate in requests a second is held: `limit` requests in any `windowMs` (0.5 → 1 in 2000 ms, 20 → 20 in 1000 ms). */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

/**
 * The window of a rate: below one a second, one request per 1/rate seconds; from one up, a whole number of requests a
 * second (a fraction above one is dropped: the count in a second is whole).
 */
export function rateWindow(perSecond: number): RateWindow {
  if (!(perSecond > 0) || !Number.isFinite(perSecond)) throw new Error(`A request rate must be a positive number of requests a second, got ${perSecond}`);
  if (perSecond < 1) return { limit: 1, windowMs: Math.ceil(1000 / perSecond) };
  return { limit: Math.floor(perSecond), windowMs: 1000 };
}

/** How long a waiter sleeps while every slot is held by a request still in flight (its answer frees it). */
function pollMs(window: RateWindow): number {
  return Math.max(10, Math.min(250, Math.floor(window.windowMs / window.limit)));
}

function windows(rates: Record<string, number>): Map<string, RateWindow> {
  return new Map(Object.entries(rates).map(([source, rate]) => [source, rateWindow(rate)]));
}

/** The standalone's limiter: the slots and pauses of every source in this process. */
export class InProcessRateLimiter implements SourceRateLimiter {
  private readonly windows: Map<string, RateWindow>;
  private readonly state = new Map<string, { slots: Map<string, number>; pausedUntil: number }>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private seq = 0;

  constructor(
    private readonly limits: SourceLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = windows(limits.rates);
  }

  rateOf(source: string): number | undefined {
    return this.limits.rates[source];
  }

  hasBudget(source: string): boolean {
    return this.limits.budgets?.[source] !== undefined;
  }

  async spendBudget(source: string): Promise<boolean> {
    const perHour = this.limits.budgets?.[source];
    if (perHour === undefined) return true;
    const now = this.now();
    const bucket = this.buckets.get(source) ?? { tokens: perHour, at: now };
    bucket.tokens = Math.min(perHour, bucket.tokens + ((now - bucket.at) * perHour) / HOUR_MS);
    bucket.at = now;
    this.buckets.set(source, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private of(source: string) {
    let entry = this.state.get(source);
    if (!entry) this.state.set(source, (entry = { slots: new Map(), pausedUntil: 0 }));
    return entry;
  }

  async tryAcquire(source: string, holdMs: number): Promise<Admission> {
    const window = this.windows.get(source);
    if (!window) return { granted: true, token: '' };
    const now = this.now();
    const entry = this.of(source);
    if (entry.pausedUntil > now) return { granted: false, waitMs: entry.pausedUntil - now, paused: true };
    for (const [token, until] of entry.slots) if (until <= now) entry.slots.delete(token);
    if (entry.slots.size < window.limit) {
      const token = String(++this.seq);
      entry.slots.set(token, now + holdMs);
      return { granted: true, token };
    }
    const wait = Math.min(...entry.slots.values()) - now;
    return { granted: false, waitMs: wait > window.windowMs ? pollMs(window) : wait, paused: false };
  }

  async release(source: string, token: string): Promise<void> {
    const window = this.windows.get(source);
    if (window && token !== '') this.of(source).slots.set(token, this.now() + window.windowMs);
  }

  async pause(source: string, ms: number): Promise<void> {
    const entry = this.of(source);
    entry.pausedUntil = Math.max(entry.pausedUntil, this.now() + ms);
  }

  async close(): Promise<void> {
    this.state.clear();
    this.buckets.clear();
  }
}

// The clock of every worker is Redis's (TIME), so the processes' own clocks never disagree about a window.
const NOW = `
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/** KEYS: slots (zset token → free-at ms), pause-until; ARGV: limit, windowMs, holdMs, token, pollMs → {granted, waitMs, paused}. */
const ACQUIRE = `${NOW}
local limit, window, hold, poll = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[5])
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return {0, paused - now, 1} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now + hold, ARGV[4])
  if redis.call('PTTL', KEYS[1]) < hold + window then redis.call('PEXPIRE', KEYS[1], hold + window) end
  return {1, 0, 0}
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local wait = tonumber(first[2]) - now
if wait > window then wait = poll end
return {0, wait, 0}
`;

/** KEYS: slots; ARGV: windowMs, token. */
const RELEASE = `${NOW}
local window = tonumber(ARGV[1])
redis.call('ZADD', KEYS[1], now + window, ARGV[2])
if redis.call('PTTL', KEYS[1]) < window then redis.call('PEXPIRE', KEYS[1], window) end
return 1
`;

/** KEYS: budget (hash tokens, at); ARGV: requests an hour → 1 spent, 0 none left. */
const SPEND = `${NOW}
local cap = tonumber(ARGV[1])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or cap
local at = tonumber(state[2]) or now
tokens = math.min(cap, tokens + (now - at) * cap / ${HOUR_MS})
local spent = 0
if tokens >= 1 then
  tokens = tokens - 1
  spent = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], ${HOUR_MS})
return spent
`;

/** KEYS: pause-until; ARGV: ms. */
const PAUSE = `${NOW}
local ms = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if now + ms > current then redis.call('SET', KEYS[1], now + ms, 'PX', ms) end
return 1
`;

type RateCommands = IORedis & {
  ingestRateAcquire(slots: string, pause: string, limit: number, windowMs: number, holdMs: number, token: string, pollMs: number): Promise<[number, number, number]>;
  ingestRateRelease(slots: string, windowMs: number, token: string): Promise<number>;
  ingestRatePause(pause: string, ms: number): Promise<number>;
  ingestRateSpend(budget: string, perHour: number): Promise<number>;
};

/**
 * The distributed profile's limiter: each source's slots in a Redis sorted set and its pause in a key, changed only by
 * Lua scripts (atomic: two workers never take the last slot both). Keys `<prefix>:ingest-rate:{<source>}:…` (the
 * queue prefix, INGEST_QUEUE_PREFIX; one hash slot per source).
 */
export class RedisRateLimiter implements SourceRateLimiter {
  private readonly windows: Map<string, RateWindow>;
  private readonly redis: RateCommands;
  private readonly owner = `${process.pid}-${randomUUID()}`;
  private seq = 0;

  constructor(
    redisUrl: string,
    private readonly limits: SourceLimits,
    private readonly prefix: string,
  ) {
    this.windows = windows(limits.rates);
    // Commands fail (after ioredis's retries) rather than wait for ever when Redis is away: no request goes out unlimited.
    const redis = new IORedis(redisUrl, { lazyConnect: true });
    redis.defineCommand('ingestRateAcquire', { numberOfKeys: 2, lua: ACQUIRE });
    redis.defineCommand('ingestRateRelease', { numberOfKeys: 1, lua: RELEASE });
    redis.defineCommand('ingestRatePause', { numberOfKeys: 1, lua: PAUSE });
    redis.defineCommand('ingestRateSpend', { numberOfKeys: 1, lua: SPEND });
    this.redis = redis as RateCommands;
  }

  private key(source: string, what: 'slots' | 'pause' | 'budget'): string {
    return `${this.prefix}:ingest-rate:{${source}}:${what}`;
  }

  rateOf(source: string): number | undefined {
    return this.limits.rates[source];
  }

  hasBudget(source: string): boolean {
    return this.limits.budgets?.[source] !== undefined;
  }

  async spendBudget(source: string): Promise<boolean> {
    const perHour = this.limits.budgets?.[source];
    return perHour === undefined || (await this.redis.ingestRateSpend(this.key(source, 'budget'), perHour)) === 1;
  }

  async tryAcquire(source: string, holdMs: number): Promise<Admission> {
    const window = this.windows.get(source);
    if (!window) return { granted: true, token: '' };
    const token = `${this.owner}-${++this.seq}`;
    const [granted, waitMs, paused] = await this.redis.ingestRateAcquire(this.key(source, 'slots'), this.key(source, 'pause'), window.limit, window.windowMs, Math.ceil(holdMs), token, pollMs(window));
    return granted === 1 ? { granted: true, token } : { granted: false, waitMs: Number(waitMs), paused: paused === 1 };
  }

  async release(source: string, token: string): Promise<void> {
    const window = this.windows.get(source);
    if (window && token !== '') await this.redis.ingestRateRelease(this.key(source, 'slots'), window.windowMs, token);
  }

  async pause(source: string, ms: number): Promise<void> {
    if (ms > 0) await this.redis.ingestRatePause(this.key(source, 'pause'), Math.ceil(ms));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The limiter (rates and budgets) of a process of this profile: Redis (REDIS_URL, the queue prefix) in the distributed one, in-process in the standalone. */
export function createSourceRateLimiter(config: { profile: string; redisUrl: string; queuePrefix: string }, limits: SourceLimits): SourceRateLimiter {
  return config.profile === 'distributed' ? new RedisRateLimiter(config.redisUrl, limits, config.queuePrefix) : new InProcessRateLimiter(limits);
}
