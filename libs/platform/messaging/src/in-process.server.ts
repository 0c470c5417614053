import { CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { BaseRpcContext } from '@nestjs/microservices';
import { InProcessBus, inProcessBus } from './in-process-bus';

export class InProcessContext extends BaseRpcContext<[string]> {
  getPattern(): string {
    return this.args[0];
  }
}

/** Server side of the in-process transport: registers this app's handlers on the process bus. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly registered: string[] = [];

  constructor(private readonly bus: InProcessBus = inProcessBus) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => void): void {
    for (const [pattern, handler] of this.messageHandlers) {
      this.registered.push(pattern);
      if (handler.isEventHandler) {
        this.bus.onEvent(pattern, (data) => this.handleEvent(pattern, { pattern, data }, new InProcessContext([pattern])));
      } else {
        this.bus.onRequest(pattern, (data, reply) => void this.handleRequestPacket(handler, pattern, data, reply));
      }
    }
    callback();
  }

  private async handleRequestPacket(
    handler: MessageHandler,
    pattern: string,
    data: unknown,
    reply: Parameters<Server['send']>[1],
  ): Promise<void> {
    try {
      const response$ = this.transformToObservable(await handler(data, new InProcessContext([pattern])));
      this.send(response$, reply);
    } catch (error) {
      reply({ err: error, isDisposed: true });
    }
  }

  close(): void {
    this.bus.removeAll(this.registered);
    this.registered.length = 0;
  }

  on(): void {
    // The in-process transport has no connection events.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }
}
