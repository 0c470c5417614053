import type { CacheStore } from '@hintakori/platform-cache';
import type { NextFunction, Request, Response } from 'express';
import { clientKey } from './client-key';

export interface RateLimitOptions {
  /** Counter key prefix: each limiter counts on its own (the pages' flood never uses up the API's allowance). */
  prefix?: string;
  /** The answer over the limit (after Retry-After is set); default the API's JSON 429. */
  reject?: (res: Response, perMinute: number) => void;
}

const apiReject = (res: Response, perMinute: number): void => {
  res.status(429).json({ statusCode: 429, message: `Too many requests: at most ${perMinute} a minute`, error: 'Too Many Requests' });
};

/**
 * Fixed one-minute window per client (an IPv6 client by its /64, client-key.ts), shared across gateway replicas
 * through the cache store. `perMinute` 0 turns it off.
 */
export function rateLimitMiddleware(store: CacheStore, perMinute: number, options: RateLimitOptions = {}) {
  const { prefix = 'rl', reject = apiReject } = options;
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (perMinute <= 0) return next();
    const window = Math.floor(Date.now() / 60000);
    let count: number;
    try {
      count = await store.increment(`${prefix}:${clientKey(req.ip)}:${window}`, 60);
    } catch (error) {
      return next(error);
    }
    res.setHeader('RateLimit-Limit', String(perMinute));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, perMinute - count)));
    if (count > perMinute) {
      res.setHeader('Retry-After', String(60 - (Math.floor(Date.now() / 1000) % 60)));
      reject(res, perMinute);
      return;
    }
    next();
  };
}
