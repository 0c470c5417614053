import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { adminCookie } from './admin-http';
import { AdminSessionsService } from './admin-sessions.service';

export const SESSION_REQUIRED = 'An admin session is required: sign in at /app/login';

/** Lets a request through only with a live admin session cookie; 401 with a JSON message otherwise. */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(private readonly sessions: AdminSessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const admin = await this.sessions.resolve(adminCookie(http.getRequest<Request>()));
    if (!admin) throw new UnauthorizedException(SESSION_REQUIRED);
    http.getResponse<Response>().locals.admin = admin;
    return true;
  }
}
