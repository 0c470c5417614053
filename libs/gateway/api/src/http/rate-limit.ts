import type { CacheStore } from '@hintakori/platform-cache';
import type { NextFunction, Request, Response } from 'express';

/** Fixed one-minute window per client address, shared across gateway replicas through the cache store. */
export function rateLimitMiddleware(store: CacheStore, perMinute: number) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (perMinute <= 0) return next();
    const window = Math.floor(Date.now() / 60000);
    const count = await store.increment(`rl:${req.ip}:${window}`, 60);
    res.setHeader('RateLimit-Limit', String(perMinute));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, perMinute - count)));
    if (count > perMinute) {
      res.setHeader('Retry-After', String(60 - (Math.floor(Date.now() / 1000) % 60)));
      res.status(429).json({ statusCode: 429, message: `Too many requests: at most ${perMinute} a minute`, error: 'Too Many Requests' });
      return;
    }
    next();
  };
}
