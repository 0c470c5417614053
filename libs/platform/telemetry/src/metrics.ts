import { Attributes, metrics, ObservableResult } from '@opentelemetry/api';
import { registerRuntimeMetrics } from './runtime-metrics';

/**
 * The application metrics every app exports (Prometheus /metrics and OTLP). Instruments are created on first
 * use, after the SDK has installed its MeterProvider (instruments taken from the no-op provider stay no-op).
 * Feeding them is up to the code that knows the numbers:
 *   appMetrics.cacheLookup('response', hit)                         – cache hit ratio
 *   appMetrics.observeQueueDepth('feed-runs', () => queue.getJobCounts())   – job queue depth by state
 *   appMetrics.observePriceAge(async () => secondsSinceNewestObservation)   – price freshness
 *   appMetrics.kafkaLag(group, topic, partition, lag)                – set by the Kafka consumer hook in sdk.ts
 * HTTP latency comes from the http instrumentation (http_server_request_duration_seconds).
 */
type Callback<T> = () => T | Promise<T>;

interface Instruments {
  cacheRequests: ReturnType<ReturnType<typeof metrics.getMeter>['createCounter']>;
}

const METER = 'hintakori';
let instruments: Instruments | undefined;
const queueCallbacks = new Map<string, Callback<Record<string, number>>>();
const priceAgeCallbacks = new Map<string, Callback<number | undefined>>();
const lag = new Map<string, { attributes: Attributes; value: number }>();
let observablesRegistered = false;

function meter() {
  return metrics.getMeter(METER);
}

function ensureInstruments(): Instruments {
  if (!instruments) instruments = { cacheRequests: meter().createCounter('hintakori_cache_requests', { description: 'Cache lookups by result (hit or miss)' }) };
  return instruments;
}

/** Registers the observable gauges once; called by startTelemetry after the MeterProvider is installed. */
export function registerObservableMetrics(): void {
  if (observablesRegistered) return;
  observablesRegistered = true;
  const m = meter();
  // Heap per space and event-loop delay (runtime-metrics.ts).
  registerRuntimeMetrics(m);
  m.createObservableGauge('hintakori_kafka_consumer_lag', { description: 'Messages behind the partition high watermark, per consumer group, topic and partition' }).addCallback(
    (result: ObservableResult) => {
      for (const { attributes, value } of lag.values()) result.observe(value, attributes);
    },
  );
  m.createObservableGauge('hintakori_queue_depth', { description: 'Jobs in a queue by state (waiting, active, delayed, failed…)' }).addCallback(async (result) => {
    for (const [queue, callback] of queueCallbacks) {
      try {
        const counts = await callback();
        for (const [state, value] of Object.entries(counts)) result.observe(value, { queue, state });
      } catch {
        // a queue that cannot be read is left out of this scrape
      }
    }
  });
  m.createObservableGauge('hintakori_price_age_seconds', { description: 'Age of the newest price observation', unit: 's' }).addCallback(async (result) => {
    for (const [source, callback] of priceAgeCallbacks) {
      try {
        const age = await callback();
        if (age !== undefined) result.observe(age, { source });
      } catch {
        // skipped this scrape
      }
    }
  });
}

export const appMetrics = {
  cacheLookup(cache: string, hit: boolean): void {
    ensureInstruments().cacheRequests.add(1, { cache, result: hit ? 'hit' : 'miss' });
  },
  observeQueueDepth(queue: string, callback: Callback<Record<string, number>>): void {
    queueCallbacks.set(queue, callback);
  },
  observePriceAge(callback: Callback<number | undefined>, source = 'default'): void {
    priceAgeCallbacks.set(source, callback);
  },
  kafkaLag(group: string, topic: string, partition: number, value: number): void {
    lag.set(`${group}\u0000${topic}\u0000${partition}`, { attributes: { group, topic, partition }, value });
  },
  /** Forgets every registered callback and value (tests). */
  reset(): void {
    queueCallbacks.clear();
    priceAgeCallbacks.clear();
    lag.clear();
  },
};
