import { Admin, GenericError } from '@platformatic/kafka';

/** An admin client for offsets and topics (tools, lag checks). No retries of its own unless given. */
export function createKafkaAdmin(clientId: string, brokers: readonly string[], retries = 0): Admin {
  return new Admin({ clientId, bootstrapBrokers: [...brokers], retries });
}

export interface PartitionWatermarks {
  partition: number;
  /** The first offset still on the partition. */
  low: number;
  /** The offset the next message will get. */
  high: number;
}

/** The low and high watermark of every partition of `topics`. */
export async function topicWatermarks(admin: Admin, topics: readonly string[]): Promise<Map<string, PartitionWatermarks[]>> {
  const metadata = await admin.metadata({ topics: [...topics] });
  const request = (timestamp: bigint) =>
    admin.listOffsets({
      topics: topics.map((name) => ({
        name,
        partitions: Array.from({ length: metadata.topics.get(name)?.partitionsCount ?? 0 }, (_, partitionIndex) => ({ partitionIndex, timestamp })),
      })),
    });
  // Kafka's ListOffsets: timestamp -2 asks for the earliest offset, -1 for the latest.
  const [lows, highs] = await Promise.all([request(-2n), request(-1n)]);
  const low = new Map(lows.flatMap((t) => t.partitions.map((p) => [`${t.name}/${p.partitionIndex}`, Number(p.offset)] as const)));
  return new Map(
    highs.map((t) => [
      t.name,
      t.partitions
        .map((p) => ({ partition: p.partitionIndex, high: Number(p.offset), low: low.get(`${t.name}/${p.partitionIndex}`) ?? 0 }))
        .sort((a, b) => a.partition - b.partition),
    ]),
  );
}

/** A group's committed offset per topic and partition (a partition without a commit is absent). */
export async function committedOffsets(admin: Admin, groupId: string): Promise<Map<string, Map<number, number>>> {
  const [group] = await admin.listConsumerGroupOffsets({ groups: [groupId] });
  const result = new Map<string, Map<number, number>>();
  for (const topic of group?.topics ?? []) {
    result.set(topic.name, new Map(topic.partitions.filter((p) => p.committedOffset >= 0n).map((p) => [p.partitionIndex, Number(p.committedOffset)])));
  }
  return result;
}

/** A Kafka client error that may go away by itself: its `canRetry`, for every error it aggregates. */
export function isRetriableKafkaError(error: unknown): boolean {
  if (!(error instanceof GenericError) && !(error instanceof AggregateError)) return false;
  const errors: unknown[] = error instanceof AggregateError ? error.errors : [error];
  return errors.length > 0 && errors.every((e) => (e instanceof AggregateError ? isRetriableKafkaError(e) : (e as { canRetry?: boolean }).canRetry !== false));
}

/** Commits `offsets` (per topic: the next offset to read of each partition) for `groupId`, which must have no live member. */
export async function setCommittedOffsets(admin: Admin, groupId: string, offsets: ReadonlyMap<string, readonly { partition: number; offset: number }[]>): Promise<void> {
  const topics = [...offsets].map(([name, partitions]) => ({ name, partitionOffsets: partitions.map((p) => ({ partition: p.partition, offset: BigInt(p.offset) })) }));
  if (topics.length > 0) await admin.alterConsumerGroupOffsets({ groupId, topics });
}
