import type { WritePacket } from '@nestjs/microservices';

export type RequestListener = (data: unknown, reply: (packet: WritePacket) => void) => void;
export type EventListener = (data: unknown) => Promise<unknown>;

/**
 * The standalone profile's broker: request patterns have one listener, event patterns any number.
 *
 * Requests, events and error replies are copied through JSON at the boundary, as a real broker would carry them:
 * a handler sees exactly what it would have seen from Kafka (no class instances, no `undefined` fields) and never
 * shares objects with its caller. A successful reply is handed over as it is: copying it cost more than anything
 * else in a search (about 1 ms for the 120 kB answer of 100 items, and its garbage), and its receiver, the
 * gateway, only reads it (serializes, spreads or maps it into its own answers). So a reply is read-only for its
 * receiver, and a handler replies with JSON values only (dates as ISO strings): the contract tests run the same
 * assertions over both transports (apps/api-e2e transports.contract-spec.ts).
 */
export class InProcessBus {
  private readonly requestListeners = new Map<string, RequestListener>();
  private readonly eventListeners = new Map<string, EventListener[]>();

  onRequest(pattern: string, listener: RequestListener): void {
    if (this.requestListeners.has(pattern)) {
      throw new Error(`Message pattern "${pattern}" already has a handler in this process`);
    }
    this.requestListeners.set(pattern, listener);
  }

  onEvent(pattern: string, listener: EventListener): void {
    const listeners = this.eventListeners.get(pattern) ?? [];
    listeners.push(listener);
    this.eventListeners.set(pattern, listeners);
  }

  request(pattern: string, data: unknown, reply: (packet: WritePacket) => void): void {
    const listener = this.requestListeners.get(pattern);
    if (!listener) {
      reply({ err: { status: 'error', message: `No service handles "${pattern}"` }, isDisposed: true });
      return;
    }
    listener(copy(data), (packet) => reply(packet.err === undefined || packet.err === null ? packet : copy(packet)));
  }

  async emit(pattern: string, data: unknown): Promise<void> {
    const listeners = this.eventListeners.get(pattern) ?? [];
    await Promise.all(listeners.map((listener) => listener(copy(data))));
  }

  hasHandler(pattern: string): boolean {
    return this.requestListeners.has(pattern);
  }

  removeAll(patterns: Iterable<string>): void {
    for (const pattern of patterns) {
      this.requestListeners.delete(pattern);
      this.eventListeners.delete(pattern);
    }
  }

  reset(): void {
    this.requestListeners.clear();
    this.eventListeners.clear();
  }
}

function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The one bus of this process. */
export const inProcessBus = new InProcessBus();
