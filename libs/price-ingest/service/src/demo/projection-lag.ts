import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { committedOffsets, createKafkaAdmin, isRetriableKafkaError, topicWatermarks } from '@hintakori/platform-messaging';

/** The ingest topics the projections consume (the dead-letter topic has no projection; run-completed: the catalog's price age). */
export const PROJECTED_TOPICS: readonly string[] = [IngestTopics.StoresUpserted, IngestTopics.ItemsUpserted, IngestTopics.PricesObserved, IngestTopics.OffersUpserted, IngestTopics.RunCompleted];

/** Which ingest topics each service's projection consumes (catalog, stores and comparisons modules). */
export const PROJECTION_TOPICS: Record<'catalog' | 'stores' | 'comparisons', readonly string[]> = {
  catalog: [IngestTopics.ItemsUpserted, IngestTopics.PricesObserved, IngestTopics.RunCompleted],
  stores: [IngestTopics.StoresUpserted, IngestTopics.OffersUpserted],
  comparisons: [IngestTopics.PricesObserved],
};

/** The default projection consumer groups (`<service>-projections`) and their topics. */
export const DEFAULT_PROJECTION_GROUPS: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(PROJECTION_TOPICS).map(([service, topics]) => [`${service}-projections`, topics]),
);

export interface ProjectionLag {
  /** Messages on the ingest topics not yet committed, per consumer group. */
  byGroup: Record<string, number>;
  total: number;
}

/**
 * How far the projections' consumer groups (`<service>-projections` unless named) are behind the ingest
 * topics they consume: for every partition, the high watermark minus the group's committed offset (a group that has
 * committed nothing on a partition counts from the partition's low watermark).
 */
export async function projectionLag(brokers: readonly string[], groups: Record<string, readonly string[]> = DEFAULT_PROJECTION_GROUPS): Promise<ProjectionLag> {
  const admin = createKafkaAdmin('price-ingest-lag', brokers);
  try {
    const watermarks = await topicWatermarks(admin, PROJECTED_TOPICS);
    const byGroup: Record<string, number> = {};
    for (const [groupId, topics] of Object.entries(groups)) {
      const committed = await committedOffsets(admin, groupId);
      let lag = 0;
      for (const topic of topics) {
        for (const mark of watermarks.get(topic) ?? []) lag += Math.max(0, mark.high - (committed.get(topic)?.get(mark.partition) ?? mark.low));
      }
      byGroup[groupId] = lag;
    }
    return { byGroup, total: Object.values(byGroup).reduce((a, b) => a + b, 0) };
  } finally {
    await admin.close();
  }
}

/** Waits until the projections have committed everything on the ingest topics, reporting the lag on each poll. */
export async function waitForProjections(
  brokers: readonly string[],
  options: { groups?: Record<string, readonly string[]>; onPoll?: (lag: ProjectionLag) => void; pollMs?: number; timeoutMs?: number } = {},
): Promise<ProjectionLag> {
  const groups = options.groups ?? DEFAULT_PROJECTION_GROUPS;
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  for (;;) {
    let lag: ProjectionLag;
    try {
      lag = await projectionLag(brokers, groups);
    } catch (error) {
      // Right after a broker (re)start its partitions may not have a leader yet ("not the leader for that
      // topic-partition", a refused connection): the client marks such errors retriable, so ask again until the deadline.
      if (!isRetriableKafkaError(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
      continue;
    }
    options.onPoll?.(lag);
    if (lag.total === 0) return lag;
    if (Date.now() > deadline) throw new Error(`The projections are still ${lag.total} messages behind: ${JSON.stringify(lag.byGroup)}`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
  }
}
