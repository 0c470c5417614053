import { ArgumentsHost, Catch, HttpException, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';

/** The error payload a service answers with; the gateway turns it back into an HTTP status. */
export interface RpcErrorPayload {
  statusCode: number;
  message: string | string[];
  error?: string;
  /** With a 503: when to try again (the gateway sends it as Retry-After). */
  retryAfterSeconds?: number;
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return typeof value === 'object' && value !== null && typeof (value as RpcErrorPayload).statusCode === 'number';
}

/**
 * Lets service handlers throw the ordinary Nest HTTP exceptions (NotFoundException, BadRequestException …):
 * they travel to the caller as { statusCode, message }. Anything else is logged and becomes a 500.
 */
@Catch()
export class ServiceExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('ServiceExceptionFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      const payload: RpcErrorPayload =
        typeof response === 'object' && response !== null
          ? { statusCode: exception.getStatus(), ...(response as object), message: (response as RpcErrorPayload).message ?? exception.message }
          : { statusCode: exception.getStatus(), message: String(response) };
      return throwError(() => payload);
    }
    if (exception instanceof RpcException) {
      const error = exception.getError();
      return throwError(() => (isRpcErrorPayload(error) ? error : { statusCode: 500, message: String(error) }));
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return throwError(() => ({ statusCode: 500, message: 'Internal server error' }));
  }
}
