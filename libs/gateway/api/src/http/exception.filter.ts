import { ServiceCallError } from '@hintakori/platform-messaging';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

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
    const bodyParserError = exception as { type?: string; status?: number; message?: string };
    if (bodyParserError?.type === 'entity.parse.failed') {
      return { status: 400, body: { statusCode: 400, message: 'Request body is not valid JSON', error: 'Bad Request' } };
    }
    if (typeof bodyParserError?.status === 'number' && bodyParserError.status >= 400 && bodyParserError.status < 500) {
      return { status: bodyParserError.status, body: { statusCode: bodyParserError.status, message: bodyParserError.message ?? 'Bad request', error: errorName(bodyParserError.status) } };
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return { status: 500, body: { statusCode: 500, message: 'Something went wrong', error: 'Internal Server Error' } };
  }
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
