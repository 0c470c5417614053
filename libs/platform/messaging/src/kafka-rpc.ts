import { context as otelContext, Context, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, TextMapGetter, trace } from '@opentelemetry/api';
import { compressionFor } from './kafka-compression';
import { headerText, type KafkaHeaders, type KafkaProducer, type OutgoingKafkaMessage } from './kafka-client';

/**
 * Pieces shared by the Kafka request/reply client and server (kafka-rpc.client.ts, kafka-rpc.server.ts).
 *
 * Wire format of a request: topic = the message pattern, value = the JSON payload, headers
 * `hk-correlation-id`, `hk-reply-topic`, `hk-reply-partition`, `hk-deadline` (epoch ms after which the caller
 * has given up) and the W3C trace context. A reply: topic = `<pattern>.reply`, the partition the caller named,
 * value = the JSON response (or the error payload when the `hk-error` header is set).
 */
export const RpcHeaders = {
  correlationId: 'hk-correlation-id',
  replyTopic: 'hk-reply-topic',
  replyPartition: 'hk-reply-partition',
  deadline: 'hk-deadline',
  error: 'hk-error',
  /** `json-text` on a reply whose value is the handler's JSON text as it is (see JsonTextReply), not a JSON value. */
  replyForm: 'hk-reply-form',
} as const;

const JSON_TEXT = Symbol.for('hintakori.jsonTextReply');

/**
 * A reply that is already JSON text (`json`), e.g. a search page the service wrote as text for the gateway to send
 * as it is. Over Kafka its value is that text itself, marked by `hk-reply-form: json-text`, instead of the text
 * escaped inside a JSON string (a 125 kB answer: no escaping on one side, no unescaping parse on the other, and
 * fewer bytes); the caller gets `{ json }` either way, as it does over the in-process transport.
 */
export interface JsonTextReply {
  json: string;
}

export function jsonTextReply(json: string): JsonTextReply {
  return Object.defineProperty({ json }, JSON_TEXT, { value: true });
}

export function isJsonTextReply(value: unknown): value is JsonTextReply {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[JSON_TEXT] === true && typeof (value as JsonTextReply).json === 'string';
}

/** Consumer group timing of a request/reply consumer. */
export interface GroupTiming {
  sessionTimeout: number;
  heartbeatInterval: number;
}

export const replyTopicOf = (pattern: string): string => `${pattern}.reply`;

export { headerText };

type HeaderCarrier = Map<string, string> | KafkaHeaders | undefined;
const headerGetter: TextMapGetter<HeaderCarrier> = {
  keys: (carrier) => (carrier instanceof Map ? [...carrier.keys()] : Object.keys(carrier ?? {})),
  get: (carrier, key) => headerText(carrier, key),
};

/** The trace context a request message carries (the caller's producer span), or none. */
export function extractTraceContext(headers: HeaderCarrier): Context {
  return propagation.extract(ROOT_CONTEXT, headers, headerGetter);
}

/** Writes the active (or given) trace context into message headers. */
export function injectTraceContext(headers: Record<string, string>, ctx: Context = otelContext.active()): void {
  propagation.inject(ctx, headers);
}

const tracer = trace.getTracer('hintakori-kafka-rpc');

/** A span for one message (or batch), named and shaped by the OpenTelemetry messaging conventions (`send <topic>` / `process <topic>`). */
export function startMessageSpan(kind: 'send' | 'process', topic: string, parent: Context): Span {
  return tracer.startSpan(
    `${kind} ${topic}`,
    {
      kind: kind === 'send' ? SpanKind.PRODUCER : SpanKind.CONSUMER,
      attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': topic, 'messaging.operation.name': kind, 'messaging.operation.type': kind },
    },
    parent,
  );
}

export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  span.end();
}


interface Pending {
  topic: string;
  message: OutgoingKafkaMessage;
  /** approximateSize(message), counted once when queued: for the split and the compression choice. */
  size: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * One produce request's messages stay within this many bytes. The broker refuses a record batch over its
 * `message.max.bytes` (1 MiB by default) whole, so a turn's replies beyond it (e.g. eight 145 kB search answers)
 * go in several requests instead of all being lost.
 */
export const MAX_PRODUCE_BYTES = 512 * 1024;

/** A message's size as the flush counts it: its value and key (UTF-16 length of strings, close to their bytes) and headers. */
function approximateSize(message: OutgoingKafkaMessage): number {
  const length = (value: unknown) => (typeof value === 'string' ? value.length : value instanceof Buffer ? value.length : 0);
  let size = 64 + length(message.value) + length(message.key);
  for (const [name, value] of Object.entries(message.headers ?? {})) size += name.length + length(value);
  return size;
}

/** Splits `items` in order into runs of at most `max` by `size` (an item larger than `max` goes alone). */
export function splitBySize<T>(items: readonly T[], size: (item: T) => number, max: number): T[][] {
  const runs: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const itemSize = size(item);
    if (current.length > 0 && bytes + itemSize > max) {
      runs.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += itemSize;
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

/**
 * Coalesces the messages sent during one turn of the event loop into one produce request per flush
 * (the client sends each send() call as its own request): under load many requests share a round trip to the broker. A turn's messages
 * over MAX_PRODUCE_BYTES go in several requests.
 */
export class MicroBatchProducer {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly producer: KafkaProducer,
    private readonly acks: number,
  ) {}

  send(topic: string, message: OutgoingKafkaMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ topic, message, size: approximateSize(message), resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const queue = this.queue;
    this.queue = [];
    this.scheduled = false;
    await Promise.all(splitBySize(queue, (p) => p.size, MAX_PRODUCE_BYTES).map((run) => this.sendRun(run)));
  }

  private async sendRun(run: Pending[]): Promise<void> {
    try {
      const bytes = run.reduce((sum, p) => sum + p.size, 0);
      await this.producer.send({
        messages: run.map((p) => ({ topic: p.topic, ...p.message })),
        acks: this.acks,
        compression: compressionFor(bytes),
      });
      for (const p of run) p.resolve();
    } catch (error) {
      for (const p of run) p.reject(error);
    }
  }
}

/** A counting semaphore: at most `limit` requests handled at once by one server. */
export class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }

  get inUse(): number {
    return this.active;
  }
}

