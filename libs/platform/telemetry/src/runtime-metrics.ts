import type { BatchObservableCallback, Meter } from '@opentelemetry/api';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

/**
 * The process's own health, under the OpenTelemetry semantic conventions' names (Prometheus: the dots become
 * underscores; this exporter adds no unit suffix):
 *   v8js.memory.heap.used{v8js.heap.space.name}  bytes used per V8 heap space (v8js_memory_heap_used)
 *   v8js.memory.heap.space.physical_size{v8js.heap.space.name}
 *                                                bytes of memory V8 holds per heap space, used or not: the heap's
 *                                                share of the resident memory (v8js_memory_heap_space_physical_size)
 *   v8js.memory.heap.limit                       the heap's size limit in bytes (--max-old-space-size and the rest)
 *   nodejs.memory.external                       bytes of C++ objects bound to JavaScript ones, Buffers included
 *                                                (process.memoryUsage().external: memory outside the heap's spaces)
 *   nodejs.eventloop.delay.{p50,p99,max}         event-loop delay in seconds since the previous collection
 *                                                (perf_hooks.monitorEventLoopDelay with a 20 ms timer: how late it
 *                                                ran; reset on each collection, so with a Prometheus scrape and an
 *                                                OTLP export both collecting, each sees the span since the other's;
 *                                                the first 20 ms after a reset are not measured)
 * Resident memory is not here: the process collector of the platform (kubelet, /proc) reads it from outside.
 * `npm run soak` samples these every minute to find leaks and a slowly blocked event loop.
 */
const RESOLUTION_MS = 20;
/** The histogram records the time between its timer's runs (the resolution included): how late the timer ran, in s. */
const lateBy = (ns: number) => Math.max(0, ns / 1e9 - RESOLUTION_MS / 1000);

export function registerRuntimeMetrics(meter: Meter): { stop(): void } {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const heapUsed = meter.createObservableGauge('v8js.memory.heap.used', { description: 'V8 heap memory used, per heap space', unit: 'By' });
  const heapPhysical = meter.createObservableGauge('v8js.memory.heap.space.physical_size', {
    description: 'Memory V8 holds per heap space, used or not',
    unit: 'By',
  });
  const external = meter.createObservableGauge('nodejs.memory.external', { description: 'Memory of C++ objects bound to JavaScript objects, Buffers included', unit: 'By' });
  const heapLimit = meter.createObservableGauge('v8js.memory.heap.limit', { description: 'The V8 heap size limit', unit: 'By' });
  const p50 = meter.createObservableGauge('nodejs.eventloop.delay.p50', { description: 'Event-loop delay, median since the previous collection', unit: 's' });
  const p99 = meter.createObservableGauge('nodejs.eventloop.delay.p99', {
    description: 'Event-loop delay, 99th percentile since the previous collection',
    unit: 's',
  });
  const max = meter.createObservableGauge('nodejs.eventloop.delay.max', {
    description: 'Event-loop delay, the longest since the previous collection',
    unit: 's',
  });
  const observables = [heapUsed, heapPhysical, external, heapLimit, p50, p99, max];
  const callback: BatchObservableCallback = (result) => {
    for (const space of getHeapSpaceStatistics()) {
      const attributes = { 'v8js.heap.space.name': space.space_name };
      result.observe(heapUsed, space.space_used_size, attributes);
      result.observe(heapPhysical, space.physical_space_size, attributes);
    }
    result.observe(external, process.memoryUsage().external);
    result.observe(heapLimit, getHeapStatistics().heap_size_limit);
    // No sample yet (count 0): the histogram's percentiles are 0 and min is huge; report nothing rather than a fake 0.
    if (delay.count > 0) {
      result.observe(p50, lateBy(delay.percentile(50)));
      result.observe(p99, lateBy(delay.percentile(99)));
      result.observe(max, lateBy(delay.max));
    }
    delay.reset();
  };
  meter.addBatchObservableCallback(callback, observables);
  return {
    stop() {
      meter.removeBatchObservableCallback(callback, observables);
      delay.disable();
    },
  };
}
