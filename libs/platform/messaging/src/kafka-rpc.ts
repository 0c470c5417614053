import { context as otelContext, Context, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, TextMapGetter, trace } from '@opentelemetry/api';
import { Logger } from '@nestjs/common';
import { logLevel } from 'kafkajs';
// Before any kafkajs connection exists: idle connections must not spin (see the module).
import './kafkajs-idle-fix';
import { compressionFor } from './kafka-compression';
import type { Consumer, ConsumerRunConfig, IHeaders, logCreator, Message, Producer, ProducerBatch } from 'kafkajs';

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

/** kafkajs logs through Nest's logger (JSON lines with trace ids when LOG_FORMAT=json), not its own console output. */
export function kafkaLogCreator(context = 'kafkajs'): logCreator {
  const logger = new Logger(context);
  return () =>
    ({ level, log }) => {
      const { message, ...extra } = log;
      const text = `${message}${extra.error ? ` (${String(extra.error)})` : ''}`;
      if (level === logLevel.ERROR) logger.error(text);
      else if (level === logLevel.WARN) logger.warn(text);
      else if (level === logLevel.INFO) logger.log(text);
      else logger.debug(text);
    };
}

export const replyTopicOf = (pattern: string): string => `${pattern}.reply`;

export function headerText(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  if (value === undefined || value === null) return undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : Buffer.isBuffer(first) ? first.toString('utf8') : String(first);
}

const headerGetter: TextMapGetter<IHeaders | undefined> = {
  keys: (carrier) => Object.keys(carrier ?? {}),
  get: (carrier, key) => headerText(carrier, key),
};

/** The trace context a request message carries (the caller's producer span), or none. */
export function extractTraceContext(headers: IHeaders | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, headers, headerGetter);
}

/** Writes the active (or given) trace context into message headers. */
export function injectTraceContext(headers: Record<string, string>, ctx: Context = otelContext.active()): void {
  propagation.inject(ctx, headers);
}

const tracer = trace.getTracer('hintakori-kafka-rpc');

/** A span for one request message, named and shaped like the kafkajs instrumentation's (`send <topic>` / `process <topic>`). */
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

/**
 * The request/reply path creates its own spans per message (above). The kafkajs OpenTelemetry instrumentation
 * wraps producer.sendBatch and consumer.run; on this path its per-batch spans would be wrong (a micro-batch mixes
 * many requests' contexts), so the unwrapped originals are called. Elsewhere (events, projections) it stays on.
 */
type Wrapped<F> = F & { __original?: F };
export function uninstrumentedSendBatch(producer: Producer): (batch: ProducerBatch) => ReturnType<Producer['sendBatch']> {
  const method = producer.sendBatch as Wrapped<Producer['sendBatch']>;
  return (method.__original ?? method).bind(producer);
}
export function uninstrumentedRun(consumer: Consumer): (config: ConsumerRunConfig) => Promise<void> {
  const method = consumer.run as Wrapped<Consumer['run']>;
  return (method.__original ?? method).bind(consumer);
}

interface Pending {
  topic: string;
  message: Message;
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
function approximateSize(message: Message): number {
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
 * (kafkajs has no linger of its own): under load many requests share a round trip to the broker. A turn's messages
 * over MAX_PRODUCE_BYTES go in several requests.
 */
export class MicroBatchProducer {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly producer: Producer,
    private readonly acks: number,
  ) {}

  send(topic: string, message: Message): Promise<void> {
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
    const byTopic = new Map<string, Message[]>();
    for (const p of run) {
      const messages = byTopic.get(p.topic);
      if (messages) messages.push(p.message);
      else byTopic.set(p.topic, [p.message]);
    }
    try {
      const bytes = run.reduce((sum, p) => sum + p.size, 0);
      await uninstrumentedSendBatch(this.producer)({
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
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

/**
 * kafkajs restarts a crashed consumer only after errors it deems retriable; one that crashes on, e.g.,
 * KafkaJSGroupCoordinatorNotFound (a broker coming back, or slow to start) stays stopped for good, and a
 * request/reply client whose reply consumer stopped fails every call. This calls `reconnect` (every second until
 * it succeeds) when the consumer gives up.
 */
export function reconnectWhenGivenUp(consumer: Consumer, reconnect: () => Promise<void>, isClosing: () => boolean, logger: Logger): void {
  let reconnecting = false;
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (payload.restart || reconnecting || isClosing()) return;
    reconnecting = true;
    logger.warn(`Kafka consumer ${payload.groupId} stopped (${payload.error?.name}); reconnecting`);
    void (async () => {
      while (!isClosing()) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        try {
          await reconnect();
          logger.log(`Kafka consumer ${payload.groupId} reconnected`);
          return;
        } catch {
          // the broker is still away: try again
        }
      }
    })().finally(() => (reconnecting = false));
  });
}
