import { Controller, Delete, Get, Header, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ADMIN_COOKIE, adminCookie, adminCookieOptions, CurrentAdmin } from './admin-http';
import { ADMIN_OPTIONS, AdminOptions } from './admin-options';
import { AdminSession, ErrorBody, errorResponses, ok } from '../dto/schemas';
import { Input, Route, routeContract, RouteInput } from '../http/contract';
import { LoginBody } from './admin-requests';
import { AdminCsrfGuard } from './admin-csrf.guard';
import { AdminSessionGuard } from './admin-session.guard';
import { AdminSessionInfo, AdminSessionsService } from './admin-sessions.service';
import { SignInRefused } from './password-check-turns';

const writeErrors = { 403: 'No same-site Origin or Referer', 415: 'Content-Type is not application/json' } as const;

const loginContract = routeContract({
  body: LoginBody,
  responses: {
    200: ok('Signed in; the session cookie is set', AdminSession),
    ...errorResponses({ ...writeErrors, 400: 'Body not JSON, or a missing, bad or unknown field', 401: 'Wrong username or password', 413: 'Body over 100 kB' }),
    429: {
      description:
        'Too many failed sign-ins from this client (an IPv4 address or an IPv6 /64) or, from all clients together, for this username; with Retry-After',
      schema: ErrorBody,
    },
    503: { description: 'Too many sign-ins being checked at once; with Retry-After', schema: ErrorBody },
  },
});
const meContract = routeContract({ responses: { 200: ok('The signed-in admin', AdminSession), ...errorResponses({ 401: 'No admin session' }) } });
const logoutContract = routeContract({ responses: { 204: ok('Signed out (also without a session)'), ...errorResponses({ ...writeErrors }) } });

/** Admin sign-in: an HttpOnly, SameSite=Strict session cookie scoped to /api/admin. */
@ApiTags('admin')
@Controller('admin/session')
@UseGuards(AdminCsrfGuard)
export class AdminSessionController {
  constructor(
    private readonly sessions: AdminSessionsService,
    @Inject(ADMIN_OPTIONS) private readonly options: AdminOptions,
  ) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Sign in as an admin; sets the session cookie. Needs Content-Type: application/json and a same-site Origin.' })
  @Route(loginContract)
  async login(@Input() { body }: RouteInput<typeof loginContract>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AdminSessionInfo> {
    const { username, password } = body;
    // req.ip honours `trust proxy` (setup.ts): behind the ingress it is the visitor's address, not the proxy's.
    const session = await this.sessions.login(username, password, req.ip ?? 'unknown').catch((error: unknown) => {
      if (error instanceof SignInRefused) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    });
    res.cookie(ADMIN_COOKIE, session.token, adminCookieOptions(req, this.options, this.options.sessionTtlMs));
    return { username: session.username, expiresAt: session.expiresAt };
  }

  @Get()
  @UseGuards(AdminSessionGuard)
  @Header('Cache-Control', 'no-store')
  @ApiCookieAuth('hk_admin')
  @ApiOperation({ summary: 'The signed-in admin; 401 without a live session' })
  @Route(meContract)
  me(@CurrentAdmin() admin: AdminSessionInfo): AdminSessionInfo {
    return admin;
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: ends the session of the hk_admin cookie, if any, and clears the cookie; needs no session' })
  @Route(logoutContract)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.logout(adminCookie(req));
    res.clearCookie(ADMIN_COOKIE, adminCookieOptions(req, this.options));
  }
}
