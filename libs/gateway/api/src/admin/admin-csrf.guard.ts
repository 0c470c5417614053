import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import type { Request } from 'express';
import { ADMIN_OPTIONS, AdminOptions } from './admin-options';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An http(s) URL or origin (host without the scheme's default port); null when unparsable. */
function httpUrl(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery defence of the admin API, on top of the SameSite=Strict cookie. Writes must
 * (1) name this site in Origin (or, when a browser leaves it out, Referer) — the same host the request
 * was sent to, or one of ADMIN_ALLOWED_ORIGINS — and (2) carry a JSON body, which a plain HTML form
 * cannot send cross-site without a CORS preflight the gateway never grants.
 */
@Injectable()
export class AdminCsrfGuard implements CanActivate {
  constructor(@Inject(ADMIN_OPTIONS) private readonly options: AdminOptions) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;

    const ownHost = httpUrl(`${req.protocol}://${req.host}`)?.host;
    const origin = req.get('origin');
    const referer = req.get('referer');
    const claimed = origin !== undefined ? origin : referer;
    if (claimed === undefined) throw new ForbiddenException('Admin writes must send an Origin or Referer header naming this site');
    const claimedUrl = httpUrl(claimed);
    const allowed = claimedUrl !== null && (claimedUrl.host === ownHost || this.options.allowedOrigins.includes(claimedUrl.origin));
    if (!allowed) throw new ForbiddenException(`Cross-site request refused: ${origin !== undefined ? 'Origin' : 'Referer'} does not name this site`);

    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if ((req.method !== 'DELETE' || hasBody) && !req.is('application/json')) {
      throw new UnsupportedMediaTypeException('Content-Type must be application/json');
    }
    return true;
  }
}
