import { Body, Controller, Delete, Get, Header, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiCookieAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ADMIN_COOKIE, adminCookie, adminCookieOptions, CurrentAdmin } from './admin-http';
import { ADMIN_OPTIONS, AdminOptions } from './admin-options';
import { parseLoginBody } from './admin-requests';
import { AdminCsrfGuard } from './admin-csrf.guard';
import { AdminSessionGuard } from './admin-session.guard';
import { AdminSessionInfo, AdminSessionsService } from './admin-sessions.service';

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
  @ApiBody({ schema: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string', format: 'password' } } } })
  @ApiResponse({ status: 200, description: '{username, expiresAt}' })
  @ApiResponse({ status: 401, description: 'Wrong username or password' })
  @ApiResponse({ status: 429, description: 'Too many failed sign-ins from this address or for this username' })
  async login(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AdminSessionInfo> {
    const { username, password } = parseLoginBody(body);
    const session = await this.sessions.login(username, password, req.ip ?? 'unknown');
    res.cookie(ADMIN_COOKIE, session.token, adminCookieOptions(req, this.options, this.options.sessionTtlMs));
    return { username: session.username, expiresAt: session.expiresAt };
  }

  @Get()
  @UseGuards(AdminSessionGuard)
  @Header('Cache-Control', 'no-store')
  @ApiCookieAuth('hk_admin')
  @ApiOperation({ summary: 'The signed-in admin; 401 without a live session' })
  @ApiResponse({ status: 200, description: '{username, expiresAt}' })
  @ApiResponse({ status: 401, description: 'No admin session' })
  me(@CurrentAdmin() admin: AdminSessionInfo): AdminSessionInfo {
    return admin;
  }

  @Delete()
  @HttpCode(204)
  @ApiCookieAuth('hk_admin')
  @ApiOperation({ summary: 'Sign out: ends the session and clears the cookie (also without a session)' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.logout(adminCookie(req));
    res.clearCookie(ADMIN_COOKIE, adminCookieOptions(req, this.options));
  }
}
