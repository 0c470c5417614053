import { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { isRpcErrorPayload, RpcErrorPayload } from './rpc-errors';

/**
 * How a call failed: the service answered with an error (`reply`), no answer came in time (`timeout`), the
 * transport failed (`transport`), or the gateway's breaker knows the service is not answering (`unavailable`).
 */
export type ServiceCallFailure = 'reply' | 'timeout' | 'transport' | 'unavailable';

export class ServiceCallError extends Error {
  constructor(
    readonly pattern: string,
    readonly payload: RpcErrorPayload,
    readonly kind: ServiceCallFailure = 'reply',
  ) {
    super(Array.isArray(payload.message) ? payload.message.join('; ') : payload.message);
    this.name = 'ServiceCallError';
  }

  get statusCode(): number {
    return this.payload.statusCode;
  }
}

/** Request/reply with a deadline; failures come back as ServiceCallError with an HTTP-like status. */
export async function callService<TResult, TInput = unknown>(
  client: ClientProxy,
  pattern: string,
  data: TInput,
  timeoutMs = 10000,
): Promise<TResult> {
  try {
    return await firstValueFrom(client.send<TResult, TInput>(pattern, data).pipe(timeout(timeoutMs)));
  } catch (error) {
    if (error instanceof TimeoutError) {
      throw new ServiceCallError(pattern, { statusCode: 504, message: `The ${pattern} call timed out after ${timeoutMs} ms` }, 'timeout');
    }
    if (isRpcErrorPayload(error)) throw new ServiceCallError(pattern, error, 'reply');
    const message = error instanceof Error ? error.message : typeof error === 'object' && error && 'message' in error ? String((error as { message: unknown }).message) : String(error);
    throw new ServiceCallError(pattern, { statusCode: 502, message }, 'transport');
  }
}
