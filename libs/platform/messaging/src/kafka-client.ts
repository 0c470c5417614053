import { Logger } from '@nestjs/common';
import {
  compatibilityPartitioner,
  Consumer,
  type ConsumerOptions,
  type Message,
  type MessagesStream,
  Producer,
  type ProducerOptions,
} from '@platformatic/kafka';

/**
 * The Kafka client of every process (@platformatic/kafka), configured in one place: connection retries, how
 * messages are (de)serialised, which partition a keyed message goes to, and how fetched messages reach a handler
 * in batches. The request/reply transport (kafka-rpc*.ts), the event publisher and the projections' batch
 * consumers build on it.
 */

/** Attempt n (from 1) of a failed broker operation waits min(100 ms × 2^(n-1), 1 s) (issue 10, "recover fast"). */
export function retryDelay(_client: unknown, _operation: string, attempt: number): number {
  return Math.min(100 * 2 ** Math.max(0, attempt - 1), 1000);
}

/**
 * Retry settings. A producer's operation is tried 15 times (about 12 s) before its caller gets the error; a
 * consumer retries for as long as it runs, so a consumer group comes back by itself after the broker was away
 * however long (no reconnect loop of our own).
 */
export const KAFKA_RETRY = { producerRetries: 15, maxDelayMs: 1000 } as const;

/**
 * Consumer group timing: a member killed without leaving is dropped from its group after 10 s, so its
 * replacement gets the partitions that soon instead of waiting for the dead member's session.
 */
export const KAFKA_GROUP_TIMING = { sessionTimeout: 10000, heartbeatInterval: 1000 } as const;

/** A header set as it travels in this code: names and values are text. */
export type KafkaHeaders = Record<string, string>;

/** A message to produce: value and key as text or bytes, headers as text. */
export interface OutgoingKafkaMessage {
  key?: string | Buffer | null;
  value: string | Buffer | null;
  headers?: KafkaHeaders;
  partition?: number;
}

/** A fetched message: value and key as bytes, headers as text. */
export type IncomingKafkaMessage = Message<Buffer | undefined, Buffer | undefined, string, string>;

type Bytes = string | Buffer | null | undefined;
const toBytes = (data?: Bytes): Buffer | undefined => (data === undefined || data === null ? undefined : Buffer.isBuffer(data) ? data : Buffer.from(data));
const toText = (data?: string | Buffer): string => (data === undefined ? '' : Buffer.isBuffer(data) ? data.toString('utf8') : data);
const asIs = (data?: Buffer | string): Buffer | undefined => (data === undefined ? undefined : Buffer.isBuffer(data) ? data : Buffer.from(data));

export type KafkaProducer = Producer<Bytes, Bytes, string, string>;
export type KafkaConsumer = Consumer<Buffer | undefined, Buffer | undefined, string, string>;
export type KafkaStream = MessagesStream<Buffer | undefined, Buffer | undefined, string, string>;

/**
 * Where a message without a partition goes: a keyed one to the partition Kafka's Java client (and kafkajs before)
 * chose for the key (murmur2, sign bit cleared), so a key stays on its partition across the change of client; one
 * without a key to the next partition in turn (the client takes the number modulo the topic's partitions), so
 * requests spread over the partitions and the replicas of a consumer group share them.
 */
export function keyOrRoundRobinPartitioner(): (message: unknown, key: Buffer | undefined) => number {
  let next = Math.floor(Math.random() * 1024);
  return (message, key) => (key ? compatibilityPartitioner(message as never, key) : next++ & 0x7fffffff);
}

/** A producer (partitions chosen by keyOrRoundRobinPartitioner). */
export function createProducer(
  clientId: string,
  brokers: readonly string[],
  options: Partial<ProducerOptions<Bytes, Bytes, string, string>> = {},
): KafkaProducer {
  return new Producer<Bytes, Bytes, string, string>({
    clientId,
    bootstrapBrokers: [...brokers],
    retries: KAFKA_RETRY.producerRetries,
    retryDelay,
    autocreateTopics: false,
    partitioner: keyOrRoundRobinPartitioner(),
    serializers: { key: toBytes, value: toBytes, headerKey: toBytes, headerValue: toBytes },
    ...options,
  });
}

/** A consumer of `groupId`; values and keys stay bytes, headers are decoded as text. */
export function createConsumer(
  clientId: string,
  groupId: string,
  brokers: readonly string[],
  options: Partial<ConsumerOptions<Buffer | undefined, Buffer | undefined, string, string>> = {},
): KafkaConsumer {
  return new Consumer<Buffer | undefined, Buffer | undefined, string, string>({
    clientId,
    groupId,
    bootstrapBrokers: [...brokers],
    retries: true,
    retryDelay,
    autocreateTopics: false,
    deserializers: { key: asIs, value: asIs, headerKey: toText, headerValue: toText },
    ...options,
  } as ConsumerOptions<Buffer | undefined, Buffer | undefined, string, string>);
}

/** One topic partition's messages of one fetch, in offset order. */
export interface PartitionBatch {
  topic: string;
  partition: number;
  messages: IncomingKafkaMessage[];
}

/**
 * Hands what a stream has fetched to `handle` as one batch per topic partition, at most `concurrency` partitions
 * at a time, and reads on only when those batches are handled (the stream holds further fetches meanwhile). Ends
 * when the stream closes. A handler error is logged and the stream goes on (the handler decides whether its
 * messages count as handled, e.g. by not committing them).
 */
export async function consumeBatches(
  stream: KafkaStream,
  concurrency: number,
  handle: (batch: PartitionBatch) => Promise<void>,
  logger: Logger,
): Promise<void> {
  let wake: (() => void) | undefined;
  let ended = false;
  const signal = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  stream.on('readable', signal);
  stream.once('close', () => {
    ended = true;
    signal();
  });
  stream.on('error', (error: Error) => logger.error(`Kafka stream error: ${error.message}`));
  const run = async (batch: PartitionBatch) => {
    try {
      await handle(batch);
    } catch (error) {
      logger.error(`Could not handle ${batch.topic}[${batch.partition}]: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  while (!ended) {
    let message = stream.read() as IncomingKafkaMessage | null;
    if (message === null) {
      await new Promise<void>((resolve) => (wake = resolve));
      continue;
    }
    const batches = new Map<string, PartitionBatch>();
    while (message !== null) {
      const key = `${message.topic}\0${message.partition}`;
      const batch = batches.get(key);
      if (batch) batch.messages.push(message);
      else batches.set(key, { topic: message.topic, partition: message.partition, messages: [message] });
      message = stream.read() as IncomingKafkaMessage | null;
    }
    const queue = [...batches.values()];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let batch = queue.shift(); batch; batch = queue.shift()) await run(batch);
      }),
    );
  }
}

/** A header's text, or undefined. */
export function headerText(headers: Map<string, string> | KafkaHeaders | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  return headers instanceof Map ? headers.get(name) : headers[name];
}
