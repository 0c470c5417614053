import { ClientProxy, ReadPacket, WritePacket } from '@nestjs/microservices';
import { InProcessBus, inProcessBus } from './in-process-bus';

/** Client side of the in-process transport, a drop-in for ClientKafka in the standalone profile. */
export class InProcessClient extends ClientProxy {
  constructor(private readonly bus: InProcessBus = inProcessBus) {
    super();
  }

  async connect(): Promise<void> {
    // Nothing to connect to.
  }

  close(): void {
    // Nothing to close.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    let cancelled = false;
    setImmediate(() => {
      if (!cancelled) this.bus.request(packet.pattern as string, packet.data, (reply) => !cancelled && callback(reply));
    });
    return () => {
      cancelled = true;
    };
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    // Kafka messages may be sent as { key, value, headers }; handlers only ever see the value.
    const data = packet.data as { key?: unknown; value?: unknown } | undefined;
    const payload = data && typeof data === 'object' && 'value' in data && 'key' in data ? data.value : packet.data;
    await this.bus.emit(packet.pattern as string, payload);
    return undefined as T;
  }
}
