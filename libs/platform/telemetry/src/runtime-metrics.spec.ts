import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerRuntimeMetrics } from './runtime-metrics';

/** The value of `name{labels}` in a Prometheus text scrape (the first match), or undefined. */
function valueOf(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}` : ' '}`) || (!labels && l.startsWith(`${name}{`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('runtime metrics (heap and event-loop delay)', () => {
  let exporter: PrometheusExporter;
  let provider: MeterProvider;
  let server: Server;
  let runtime: { stop(): void };
  let url: string;

  beforeAll(async () => {
    exporter = new PrometheusExporter({ preventServerStart: true });
    provider = new MeterProvider({ readers: [exporter] });
    runtime = registerRuntimeMetrics(provider.getMeter('test'));
    server = createServer((request, response) => exporter.getMetricsRequestHandler(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });
  afterAll(async () => {
    runtime.stop();
    await new Promise((resolve) => server.close(resolve));
    await provider.shutdown();
  });

  const scrape = async () => (await fetch(url)).text();
  /** Keeps the event loop busy for `ms` (the monitor's 20 ms timer cannot fire meanwhile). */
  const block = (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      // busy
    }
  };

  it('exports the V8 heap per space and its limit under the semantic-convention names', async () => {
    const text = await scrape();
    expect(text).toMatch(/^# TYPE v8js_memory_heap_used gauge$/m);
    const oldSpace = valueOf(text, 'v8js_memory_heap_used', 'v8js_heap_space_name="old_space"');
    expect(oldSpace).toBeGreaterThan(0);
    const spaces = text.split('\n').filter((l) => l.startsWith('v8js_memory_heap_used{'));
    expect(spaces.length).toBeGreaterThan(3); // new, old, code, large-object… spaces
    expect(valueOf(text, 'v8js_memory_heap_limit')).toBeGreaterThan(oldSpace as number);
    // What V8 holds for a space is at least what is used in it.
    const oldHeld = valueOf(text, 'v8js_memory_heap_space_physical_size', 'v8js_heap_space_name="old_space"');
    expect(oldHeld).toBeGreaterThanOrEqual(oldSpace as number);
  });

  it('exports the memory of Buffers and other objects outside the heap', async () => {
    const before = valueOf(await scrape(), 'nodejs_memory_external') as number;
    const held = Buffer.alloc(8 * 2 ** 20, 1); // 8 MB outside the V8 heap, kept until the second scrape
    const after = valueOf(await scrape(), 'nodejs_memory_external') as number;
    expect(held.length).toBe(8 * 2 ** 20);
    expect(after - before).toBeGreaterThanOrEqual(8 * 2 ** 20 - 2 ** 20);
  });

  it('reports the event-loop delay since the previous collection, in seconds', async () => {
    await scrape(); // starts a fresh span
    // The histogram measures between two runs of its timer, and a reset forgets the previous run: let it run once first.
    await new Promise((resolve) => setTimeout(resolve, 60));
    block(400);
    await new Promise((resolve) => setTimeout(resolve, 60)); // the monitor's timer fires (late) and records the delay
    const text = await scrape();
    // The loop was held for 400 ms: the longest delay is well over the 20 ms resolution; the median is not above it.
    const max = valueOf(text, 'nodejs_eventloop_delay_max') as number;
    expect(max).toBeGreaterThan(0.3);
    expect(valueOf(text, 'nodejs_eventloop_delay_p99')).toBeLessThanOrEqual(max);
    expect(valueOf(text, 'nodejs_eventloop_delay_p50')).toBeLessThanOrEqual(valueOf(text, 'nodejs_eventloop_delay_p99') as number);
    // Reset by that collection: a quiet span after it no longer shows the 400 ms.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(valueOf(await scrape(), 'nodejs_eventloop_delay_max')).toBeLessThan(0.4);
  });
});
