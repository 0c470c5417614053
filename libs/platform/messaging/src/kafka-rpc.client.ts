import { Logger } from '@nestjs/common';
import { ClientProxy, ReadPacket, WritePacket } from '@nestjs/microservices';
import { context as otelContext, trace } from '@opentelemetry/api';
import { randomBytes } from 'node:crypto';
import { consumeBatches, createConsumer, createProducer, type KafkaConsumer, type KafkaProducer, type KafkaStream, type PartitionBatch } from './kafka-client';
import { endSpan, GroupTiming, headerText, injectTraceContext, MicroBatchProducer, replyTopicOf, RpcHeaders, startMessageSpan } from './kafka-rpc';

export interface KafkaRpcClientOptions {
  /** Who calls (client id and reply group prefix) and whom. */
  caller: string;
  target: string;
  brokers: string[];
  /** The request patterns of the target; their `.reply` topics are consumed. */
  patterns: string[];
  /** How long a request is worth answering; sent as the deadline header (the caller's own timeout should match). */
  requestTtlMs: number;
  /** Reply consumer group session timeout and heartbeat (default 30 s / 3 s). */
  group?: GroupTiming;
}

type Callback = (packet: WritePacket) => void;

/**
 * The caller's side of KafkaRpcServer: requests of one event-loop turn share one produce request, replies are
 * matched to their callers by correlation id. Replies come back to a partition of each `.reply` topic this
 * instance was assigned in its group (`<caller>-replies-<target>`), so several gateway replicas share the topics.
 */
export class KafkaRpcClient extends ClientProxy {
  private readonly logger = new Logger(KafkaRpcClient.name);
  private readonly pending = new Map<string, Callback>();
  private readonly replyPartitions = new Map<string, number>();
  private readonly idPrefix = randomBytes(6).toString('hex');
  private sequence = 0;
  private producer?: KafkaProducer;
  private consumer?: KafkaConsumer;
  private stream?: KafkaStream;
  private requests?: MicroBatchProducer;
  private connecting?: Promise<void>;

  constructor(private readonly options: KafkaRpcClientOptions) {
    super();
  }

  connect(): Promise<void> {
    this.connecting ??= this.start().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async start(): Promise<void> {
    const { caller, target, brokers, patterns } = this.options;
    const clientId = `${caller}-to-${target}-${process.pid}`;
    const producer = createProducer(clientId, brokers);
    const consumer = createConsumer(clientId, `${caller}-replies-${target}`, brokers, {
      ...(this.options.group ?? { sessionTimeout: 30000, heartbeatInterval: 3000 }),
      maxWaitTime: 1000,
    });
    this.producer = producer;
    this.consumer = consumer;
    this.requests = new MicroBatchProducer(producer, 1);
    const replyTopics = patterns.map(replyTopicOf);
    const assigned = new Promise<void>((resolve) => {
      consumer.on('consumer:group:join', ({ assignments }) => {
        this.replyPartitions.clear();
        for (const { topic, partitions } of assignments ?? []) {
          if (partitions.length > 0) this.replyPartitions.set(topic, Math.min(...partitions));
        }
        const missing = replyTopics.filter((topic) => !this.replyPartitions.has(topic));
        if (missing.length > 0) {
          this.logger.warn(`No partition of ${missing.join(', ')} assigned to this instance (more replicas than reply partitions?): those calls will fail`);
        }
        resolve();
      });
    });
    // No offsets are committed: a reply matters only to the process that is waiting for it, and a consumer reads
    // from the end of its partitions, which is where a restarted caller must start anyway. (Committing after every
    // fetched batch cost the broker an OffsetCommit write per batch, on the hot path.)
    const stream = await consumer.consume({ topics: replyTopics, mode: 'latest', autocommit: false });
    this.stream = stream;
    void consumeBatches(stream, Number.POSITIVE_INFINITY, async (batch) => this.onReplies(batch), this.logger);
    await assigned;
  }

  private onReplies(batch: PartitionBatch): void {
    for (const message of batch.messages) {
      const id = headerText(message.headers, RpcHeaders.correlationId);
      const callback = id ? this.pending.get(id) : undefined;
      if (!id || !callback) continue; // the caller gave up (timeout) or another instance's reply
      this.pending.delete(id);
      let value: unknown;
      try {
        if (headerText(message.headers, RpcHeaders.replyForm) === 'json-text') value = { json: message.value?.toString('utf8') ?? '' };
        else value = message.value && message.value.length > 0 ? JSON.parse(message.value.toString('utf8')) : null;
      } catch {
        callback({ err: new Error(`The ${batch.topic} message is not JSON`), isDisposed: true });
        continue;
      }
      if (headerText(message.headers, RpcHeaders.error)) callback({ err: value, isDisposed: true });
      else callback({ response: value, isDisposed: true });
    }
  }

  protected publish(packet: ReadPacket, callback: Callback): () => void {
    const pattern = String(packet.pattern);
    const replyTopic = replyTopicOf(pattern);
    const replyPartition = this.replyPartitions.get(replyTopic);
    if (!this.requests || replyPartition === undefined) {
      // An Error (not an error payload): the caller counts it as a transport failure, not as the service's answer.
      callback({ err: new Error(`The ${this.options.target} client is not connected`), isDisposed: true });
      return () => undefined;
    }
    const id = `${this.idPrefix}-${(this.sequence++).toString(36)}`;
    this.pending.set(id, callback);
    const span = startMessageSpan('send', pattern, otelContext.active());
    const headers: Record<string, string> = {
      [RpcHeaders.correlationId]: id,
      [RpcHeaders.replyTopic]: replyTopic,
      [RpcHeaders.replyPartition]: String(replyPartition),
      [RpcHeaders.deadline]: String(Date.now() + this.options.requestTtlMs),
    };
    injectTraceContext(headers, trace.setSpan(otelContext.active(), span));
    this.requests.send(pattern, { headers, value: JSON.stringify(packet.data ?? null) }).then(
      () => endSpan(span),
      (error: unknown) => {
        endSpan(span, error);
        const waiting = this.pending.get(id);
        this.pending.delete(id);
        waiting?.({ err: new Error(`Could not send ${pattern}: ${error instanceof Error ? error.message : String(error)}`), isDisposed: true });
      },
    );
    return () => this.pending.delete(id);
  }

  protected async dispatchEvent(): Promise<never> {
    throw new Error('KafkaRpcClient sends requests only; events go through createEventPublisher');
  }

  async close(): Promise<void> {
    const { producer, consumer, stream } = this;
    this.producer = undefined;
    this.consumer = undefined;
    this.stream = undefined;
    this.requests = undefined;
    this.connecting = undefined;
    await stream?.close().catch(() => undefined);
    await Promise.all([producer?.close().catch(() => undefined), consumer?.close().catch(() => undefined)]);
  }

  unwrap<T>(): T {
    return [this.producer, this.consumer] as T;
  }

  /** Requests waiting for a reply (for metrics and tests). */
  get inFlight(): number {
    return this.pending.size;
  }
}
