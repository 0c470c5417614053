/** One source's freshness: the newest observation a feed delivered and its age. */
export interface IngestFreshnessSample {
  source: string;
  newestObservationAt: string | null;
  /** Seconds since the newest observation, or null when the source never delivered one. */
  ageSeconds: number | null;
}

type Provider = () => Promise<{ source: string; newestObservationAt: string | null }[]>;

let provider: Provider | null = null;

/** Registered by the price-ingest module of this process (the last one booted wins). */
export function registerFreshnessProvider(next: Provider | null): void {
  provider = next;
}

/**
 * Metric hook: the age of the newest observation per source, read from the ingest database.
 * Telemetry exports it as a gauge (e.g. `hintakori_ingest_newest_observation_age_seconds{source}`);
 * empty when no price-ingest module runs in this process.
 */
export async function readIngestFreshness(now: Date = new Date()): Promise<IngestFreshnessSample[]> {
  if (!provider) return [];
  const sources = await provider();
  return sources.map((s) => ({
    ...s,
    ageSeconds: s.newestObservationAt === null ? null : Math.max(0, Math.round((now.getTime() - Date.parse(s.newestObservationAt)) / 1000)),
  }));
}
