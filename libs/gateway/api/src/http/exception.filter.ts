import { ServiceCallError } from '@hintakori/platform-messaging';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Every error leaves the gateway as JSON {statusCode, message, error}: service errors keep their
 * 4xx status and message, anything unexpected is logged and answered without internals.
 */
@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Gateway');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    const { status, body } = this.toResponse(exception);
    // A service the breaker knows is down: tell clients when to try again.
    if (exception instanceof ServiceCallError && exception.payload.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(exception.payload.retryAfterSeconds));
    response.status(status).json(body);
  }

  private toResponse(exception: unknown): { status: number; body: { statusCode: number; message: string | string[]; error: string } } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      const message = typeof raw === 'object' && raw !== null && 'message' in raw ? (raw as { message: string | string[] }).message : exception.message;
      return { status, body: { statusCode: status, message, error: errorName(status) } };
    }
    if (exception instanceof ServiceCallError) {
      const status = exception.statusCode >= 400 && exception.statusCode < 600 ? exception.statusCode : 502;
      if (status >= 500 && exception.kind !== 'unavailable') this.logger.error(`${exception.pattern}: ${exception.message}`);
      const message = status >= 500 && status !== 504 && exception.kind !== 'unavailable' ? 'Something went wrong' : exception.payload.message;
      return { status, body: { statusCode: status, message, error: errorName(status) } };
    }
    const bodyError = bodyParserError(exception);
    if (bodyError) return bodyError;
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return { status: 500, body: { statusCode: 500, message: 'Something went wrong', error: 'Internal Server Error' } };
  }
}

/** body-parser's errors (bad JSON, too large, bad charset) in our words and JSON shape; null for anything else. */
function bodyParserError(exception: unknown): { status: number; body: { statusCode: number; message: string; error: string } } | null {
  const error = exception as { type?: string; status?: number; limit?: number; charset?: string } | null;
  if (typeof error?.type !== 'string' || typeof error.status !== 'number' || error.status < 400 || error.status >= 500) return null;
  const message =
    error.type === 'entity.parse.failed'
      ? 'Request body is not valid JSON'
      : error.type === 'entity.too.large'
        ? `Request body is too large: at most ${Math.round((error.limit ?? 102400) / 1024)} kB`
        : error.type === 'charset.unsupported' || error.type === 'encoding.unsupported'
          ? 'Request body must be UTF-8 JSON'
          : 'Request body could not be read';
  return { status: error.status, body: { statusCode: error.status, message, error: errorName(error.status) } };
}

/**
 * Express error middleware for the body parser: its errors happen before any route (so before Nest's exception
 * filters) and would otherwise be answered by Express's default HTML error page.
 */
export function bodyParserErrorMiddleware(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const answer = bodyParserError(error);
  if (!answer || res.headersSent) return next(error);
  res.status(answer.status).json(answer.body);
}

function errorName(status: number): string {
  const name = HttpStatus[status];
  return typeof name === 'string'
    ? name
        .toLowerCase()
        .split('_')
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join(' ')
    : 'Error';
}
