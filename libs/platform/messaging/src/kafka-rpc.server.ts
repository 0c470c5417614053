import { Logger } from '@nestjs/common';
import { BaseRpcContext, CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { context as otelContext, trace } from '@opentelemetry/api';
import { lastValueFrom } from 'rxjs';
import { consumeBatches, createConsumer, createProducer, type IncomingKafkaMessage, type KafkaConsumer, type KafkaProducer, type KafkaStream, type PartitionBatch } from './kafka-client';
import { endSpan, extractTraceContext, GroupTiming, headerText, isJsonTextReply, MicroBatchProducer, RpcHeaders, Slots, startMessageSpan } from './kafka-rpc';

export class KafkaRpcContext extends BaseRpcContext<[string]> {
  getPattern(): string {
    return this.args[0];
  }
}

export interface KafkaRpcServerOptions {
  /** The service's name: its consumer group and client id. */
  service: string;
  brokers: string[];
  /** Requests handled at the same time (default 64); further messages wait for a slot, which holds the fetch. */
  maxInFlight?: number;
  /** Consumer group session timeout and heartbeat (default 30 s / 3 s). */
  group?: GroupTiming;
  /**
   * Commit the fetched offsets every this many ms instead of after every fetched batch (an OffsetCommit request
   * per batch: under load about one a request). Only for a service whose every pattern is a read: after a member
   * leaves, its successor may answer again a request fetched since the last commit whose caller still waits.
   */
  commitIntervalMs?: number;
}

/**
 * Request/reply over Kafka for a service's @MessagePattern handlers. Unlike Nest's ServerKafka (which handles
 * each partition's messages one after another and sends each reply in its own produce request), every fetched
 * batch is dispatched at once — up to `maxInFlight` requests run concurrently — and the replies of one event-loop
 * turn go to the broker in one produce request. Requests past their caller's deadline are dropped unanswered.
 * Delivery is at most once: offsets advance when a request is dispatched, and a request lost in a crash ends as
 * a timeout at the caller (which owns retries).
 */
export class KafkaRpcServer extends Server implements CustomTransportStrategy {
  protected override readonly logger = new Logger(KafkaRpcServer.name);
  private readonly slots: Slots;
  private consumer?: KafkaConsumer;
  private producer?: KafkaProducer;
  private stream?: KafkaStream;
  private replies?: MicroBatchProducer;
  private expired = 0;
  /** The handler of each topic (Nest's look-up parses the pattern as JSON first, and fails, on every call). */
  private readonly handlers = new Map<string, MessageHandler | null>();

  constructor(private readonly options: KafkaRpcServerOptions) {
    super();
    this.slots = new Slots(options.maxInFlight ?? 64);
  }

  async listen(callback: (...optionalParams: unknown[]) => void): Promise<void> {
    try {
      await this.start();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  private async start(): Promise<void> {
    const patterns = [...this.messageHandlers].filter(([, handler]) => !handler.isEventHandler).map(([pattern]) => pattern);
    const { service, brokers } = this.options;
    this.producer = createProducer(`${service}-${process.pid}`, brokers);
    this.consumer = createConsumer(`${service}-${process.pid}`, service, brokers, {
      ...(this.options.group ?? { sessionTimeout: 30000, heartbeatInterval: 3000 }),
      maxWaitTime: 1000,
    });
    this.replies = new MicroBatchProducer(this.producer, 1);
    if (patterns.length === 0) return;
    // Offsets are committed as messages are fetched (at most once: a request lost in a crash times out at its caller),
    // after every fetched batch, or every commitIntervalMs for a read-only service.
    const autocommit = (this.options.commitIntervalMs ?? 0) > 0 ? this.options.commitIntervalMs : true;
    const stream = await this.consumer.consume({ topics: patterns, mode: 'committed', fallbackMode: 'latest', autocommit });
    this.stream = stream;
    void consumeBatches(stream, Number.POSITIVE_INFINITY, (batch) => this.onBatch(batch), this.logger as Logger);
  }

  private async onBatch(batch: PartitionBatch): Promise<void> {
    let handler = this.handlers.get(batch.topic);
    if (handler === undefined) {
      handler = this.getHandlerByPattern(batch.topic);
      this.handlers.set(batch.topic, handler);
    }
    for (const message of batch.messages) {
      await this.slots.acquire();
      void this.handle(batch.topic, handler, message).finally(() => this.slots.release());
    }
  }

  private async handle(pattern: string, handler: MessageHandler | null, message: IncomingKafkaMessage): Promise<void> {
    const correlationId = headerText(message.headers, RpcHeaders.correlationId);
    const replyTopic = headerText(message.headers, RpcHeaders.replyTopic);
    const replyPartition = Number(headerText(message.headers, RpcHeaders.replyPartition));
    if (!correlationId || !replyTopic || !Number.isInteger(replyPartition)) {
      this.logger.warn(`Dropped a ${pattern} message without reply headers (offset ${message.offset})`);
      return;
    }
    const deadline = Number(headerText(message.headers, RpcHeaders.deadline));
    if (Number.isFinite(deadline) && Date.now() > deadline) {
      // The caller has given up: answering would only delay the live requests behind this one.
      if (++this.expired % 100 === 1) this.logger.warn(`Dropped ${this.expired} request(s) past their deadline (latest ${pattern})`);
      return;
    }
    const span = startMessageSpan('process', pattern, extractTraceContext(message.headers));
    let outcome: { response?: unknown; error?: unknown };
    try {
      if (!handler) throw { statusCode: 501, message: `No handler for "${pattern}"` };
      const data: unknown = message.value && message.value.length > 0 ? JSON.parse(message.value.toString('utf8')) : undefined;
      const spanCtx = trace.setSpan(otelContext.active(), span);
      const response = await otelContext.with(spanCtx, async () => lastValueFrom(this.transformToObservable(await handler(data, new KafkaRpcContext([pattern]))), { defaultValue: null }));
      outcome = { response };
    } catch (error) {
      outcome = { error: error instanceof SyntaxError ? { statusCode: 400, message: `The ${pattern} payload is not JSON` } : error };
    }
    endSpan(span, outcome.error);
    const headers: Record<string, string> = { [RpcHeaders.correlationId]: correlationId };
    if (outcome.error !== undefined) headers[RpcHeaders.error] = '1';
    let value: string;
    if (outcome.error === undefined && isJsonTextReply(outcome.response)) {
      headers[RpcHeaders.replyForm] = 'json-text';
      value = outcome.response.json;
    } else {
      value = JSON.stringify(outcome.error !== undefined ? serializableError(outcome.error) : (outcome.response ?? null));
    }
    await this.replies?.send(replyTopic, { partition: replyPartition, headers, value }).catch((error: unknown) => {
      this.logger.error(`Could not send the ${pattern} reply: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  async close(): Promise<void> {
    const { consumer, producer, stream } = this;
    this.consumer = undefined;
    this.producer = undefined;
    this.stream = undefined;
    await stream?.close().catch(() => undefined);
    await consumer?.close().catch(() => undefined);
    // Let the requests already dispatched answer before the producer goes.
    for (let waited = 0; this.slots.inUse > 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await producer?.close().catch(() => undefined);
  }

  on(): void {
    // No transport events are exposed.
  }

  unwrap<T>(): T {
    return [this.consumer, this.producer] as T;
  }
}

/** Errors travel as plain JSON; an Error instance would serialise to {}. */
function serializableError(error: unknown): unknown {
  if (error instanceof Error) return { statusCode: 500, message: error.message };
  return error ?? { statusCode: 500, message: 'Unknown error' };
}
