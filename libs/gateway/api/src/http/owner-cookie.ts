import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const OWNER_COOKIE = 'hk_uid';
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
const OWNER_ID = /^[0-9a-f-]{36}$/;

/** Gives every browser an anonymous, HttpOnly id: carts are owned by it, nothing else is known of the user. */
export function ownerCookieMiddleware(secure: boolean) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const existing = (req.cookies as Record<string, string> | undefined)?.[OWNER_COOKIE];
    if (typeof existing === 'string' && OWNER_ID.test(existing)) {
      res.locals.ownerId = existing;
    } else {
      const ownerId = randomUUID();
      res.locals.ownerId = ownerId;
      res.cookie(OWNER_COOKIE, ownerId, { httpOnly: true, sameSite: 'lax', secure, maxAge: ONE_YEAR_MS, path: '/' });
    }
    next();
  };
}
