import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import type { AdminOptions } from './admin-options';
import type { AdminSessionInfo } from './admin-sessions.service';

export const ADMIN_COOKIE = 'hk_admin';
/** The cookie only travels with admin API calls. */
export const ADMIN_COOKIE_PATH = '/api/admin';

export function adminCookieOptions(req: Request, options: AdminOptions, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure || options.forceSecureCookie,
    path: ADMIN_COOKIE_PATH,
    ...(maxAgeMs !== undefined ? { maxAge: maxAgeMs } : {}),
  };
}

export function adminCookie(req: Request): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[ADMIN_COOKIE];
  return typeof value === 'string' ? value : undefined;
}

/** The signed-in admin, set by AdminSessionGuard. */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AdminSessionInfo => {
  return context.switchToHttp().getResponse<Response>().locals.admin as AdminSessionInfo;
});
