import diagnosticsChannel from 'node:diagnostics_channel';
import { context, diag, DiagConsoleLogger, DiagLogLevel, logs, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, diagLogLevelFromString, getBooleanFromEnv, getNumberFromEnv, getStringFromEnv, getStringListFromEnv, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation, type HttpInstrumentationConfig } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  detectResources,
  envDetector,
  hostDetector,
  osDetector,
  processDetector,
  Resource,
  resourceFromAttributes,
  ResourceDetector,
  serviceInstanceIdDetector,
} from '@opentelemetry/resources';
import { IMetricReader, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NoopSpanProcessor,
  ParentBasedSampler,
  Sampler,
  SpanLimits,
  SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { appMetrics, registerObservableMetrics } from './metrics';
import { redactedRequestAttributes } from './redact';
import type { TelemetryConfig } from './telemetry-config';

export interface TelemetryOptions {
  /** service.name of every span and metric (OTEL_SERVICE_NAME overrides it). */
  serviceName: string;
  /** Extra span processors (tests add an in-memory exporter); OTLP is added when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  spanProcessors?: SpanProcessor[];
  /**
   * Serve Prometheus /metrics on this port (its own server, never the app's public port). Undefined or 0: no
   * metrics server (OTLP export and metricsHandler still work).
   */
  metricsPort?: number;
  /** Address of the metrics server (0.0.0.0: scraped from other pods). */
  metricsHost?: string;
  /** What the environment says (telemetry-config.ts); default: no OTLP export, no SDK diagnostics. */
  config?: Pick<TelemetryConfig, 'otlp' | 'sdkDebug' | 'version'>;
}

export interface Telemetry {
  serviceName: string;
  /** Answers a Prometheus scrape (text exposition format) on any http server. */
  metricsHandler(request: IncomingMessage, response: ServerResponse): void;
  /** The metrics server once it listens (undefined when off or when its port was taken). */
  metricsServer(): Promise<Server | undefined>;
  shutdown(): Promise<void>;
}

/** Paths the http instrumentation leaves out of traces and latency metrics (probes and scrapes). */
const UNTRACED = /^\/(api\/)?(health|ready|metrics)(\?|$)/;

let active: Telemetry | undefined;

/**
 * The OpenTelemetry SDK reads some settings from the environment itself (its exporters their OTEL_EXPORTER_OTLP_*):
 * these are the two defaults Hintakori gives it, where the operator set nothing. Stable HTTP semantic conventions
 * (http.server.request.duration in seconds); no SDK log pipeline (logs go to stdout as JSON lines, JsonLogger).
 */
function setSdkDefaults(): void {
  process.env.OTEL_SEMCONV_STABILITY_OPT_IN ??= 'http';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
}

/** The running telemetry of this process, if startTelemetry was called. */
export function telemetry(): Telemetry | undefined {
  return active;
}

/**
 * Starts the OpenTelemetry SDK: W3C trace context (HTTP headers and Kafka message headers), instrumentation of
 * http, express, pg and ioredis (the Kafka transport makes its own message spans), a Prometheus reader, and OTLP/HTTP export of traces and metrics when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Must run before those modules are first required (see register.ts).
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  if (active) return active;
  const { otlp, sdkDebug, version } = options.config ?? { otlp: false, sdkDebug: false, version: '0.1.0' };
  const serviceName = options.serviceName;
  setSdkDefaults();
  if (sdkDebug) diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.DEBUG);

  // The exporter's own server stays off: ours answers only /metrics, and a taken port is a warning, not a crash.
  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const metricReaders: IMetricReader[] = [prometheus];
  if (otlp) metricReaders.push(new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: 30_000 }));
  // Always a recording tracer provider (so logs carry trace ids and context propagates); export only when configured.
  const spanProcessors: SpanProcessor[] = [...(options.spanProcessors ?? [])];
  if (otlp) spanProcessors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }));
  if (spanProcessors.length === 0) spanProcessors.push(new NoopSpanProcessor());

  const sdk = startSdk({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName, [ATTR_SERVICE_VERSION]: version }),
    spanProcessors,
    metricReaders,
    instrumentations: [
      new HttpInstrumentation(httpInstrumentationConfig()),
      // The route (http.route on the server span and the latency metric) is kept; a span per middleware and
      // handler layer is not: on a 1 ms request they cost more than they tell.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.REQUEST_HANDLER, ExpressLayerType.ROUTER] }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  registerObservableMetrics();
  instrumentKafkaLag();

  const metricsHandler = (request: IncomingMessage, response: ServerResponse) => prometheus.getMetricsRequestHandler(request, response);
  const server = options.metricsPort ? startMetricsServer(options.metricsPort, options.metricsHost ?? '0.0.0.0', metricsHandler) : Promise.resolve(undefined);

  let stopped = false;
  active = {
    serviceName,
    metricsHandler,
    metricsServer: () => server,
    async shutdown() {
      if (stopped) return;
      stopped = true;
      active = undefined;
      const listening = await server;
      if (listening) await new Promise((resolve) => listening.close(resolve));
      await sdk.shutdown().catch(() => undefined);
    },
  };
  return active;
}

/** The http instrumentation's settings: probes and scrapes untraced, token paths redacted (`:token`) in `url.path`. */
export function httpInstrumentationConfig(): HttpInstrumentationConfig {
  return {
    ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? ''),
    startIncomingSpanHook: (request) => redactedRequestAttributes(request),
  };
}

/** What startSdk needs of an instrumentation (the methods of InstrumentationBase). */
interface InstrumentationLike {
  setTracerProvider(provider: ReturnType<typeof trace.getTracerProvider>): void;
  setMeterProvider(provider: ReturnType<typeof metrics.getMeterProvider>): void;
  setLoggerProvider?(provider: ReturnType<typeof logs.getLoggerProvider>): void;
  getConfig(): { enabled?: boolean };
  enable(): void;
}

interface SdkParts {
  resource: Resource;
  spanProcessors: SpanProcessor[];
  metricReaders: IMetricReader[];
  instrumentations: InstrumentationLike[];
}

/**
 * The part of @opentelemetry/sdk-node's NodeSDK.start() this process uses, with the same steps in the same order
 * and the same OTEL_* variables (OTEL_LOG_LEVEL, OTEL_NODE_RESOURCE_DETECTORS, OTEL_PROPAGATORS with tracecontext
 * and baggage, OTEL_TRACES_SAMPLER(_ARG), the span limits), without requiring sdk-node: its module graph loads every
 * exporter it could be configured with (gRPC, protobuf, Zipkin, B3, the logs SDK, the declarative-config parser),
 * which was about a fifth of a service's start-up on a busy two-core machine. No OpenTelemetry logs pipeline
 * (OTEL_LOGS_EXPORTER): logs are JSON on stdout (JsonLogger).
 */
function startSdk(parts: SdkParts): { shutdown(): Promise<void> } {
  if (getBooleanFromEnv('OTEL_SDK_DISABLED')) return { shutdown: async () => undefined };
  const logLevel = getStringFromEnv('OTEL_LOG_LEVEL');
  if (logLevel != null) diag.setLogger(new DiagConsoleLogger(), { logLevel: diagLogLevelFromString(logLevel) });
  // registerInstrumentations(): the global (proxy) providers, which delegate to the SDK's once they are set below.
  for (const instrumentation of parts.instrumentations) {
    instrumentation.setTracerProvider(trace.getTracerProvider());
    instrumentation.setMeterProvider(metrics.getMeterProvider());
    instrumentation.setLoggerProvider?.(logs.getLoggerProvider());
    if (!instrumentation.getConfig().enabled) instrumentation.enable();
  }
  const contextManager = new AsyncLocalStorageContextManager();
  contextManager.enable();
  context.setGlobalContextManager(contextManager);
  const propagator = propagatorFromEnv();
  if (propagator) propagation.setGlobalPropagator(propagator);
  const resource = parts.resource.merge(detectResources({ detectors: resourceDetectorsFromEnv() }));

  const sdkMetricsEnabled = getBooleanFromEnv('OTEL_NODE_EXPERIMENTAL_SDK_METRICS');
  const meterProvider = new MeterProvider({ resource, views: [], readers: parts.metricReaders, sdkMetricsEnabled });
  metrics.setGlobalMeterProvider(meterProvider);
  for (const instrumentation of parts.instrumentations) instrumentation.setMeterProvider(metrics.getMeterProvider());
  const tracerProvider = new TracerProvider({
    sampler: samplerFromEnv(),
    spanLimits: spanLimitsFromEnv(),
    resource,
    meterProvider: sdkMetricsEnabled ? meterProvider : undefined,
    spanProcessors: parts.spanProcessors,
  });
  trace.setGlobalTracerProvider(tracerProvider);
  return {
    shutdown: () => Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]).then(() => undefined),
  };
}

/** OTEL_NODE_RESOURCE_DETECTORS (all by default): env, host, os, process, serviceinstance. */
function resourceDetectorsFromEnv(): ResourceDetector[] {
  const known = new Map<string, ResourceDetector>([
    ['host', hostDetector],
    ['os', osDetector],
    ['serviceinstance', serviceInstanceIdDetector],
    ['process', processDetector],
    ['env', envDetector],
  ]);
  const names = getStringListFromEnv('OTEL_NODE_RESOURCE_DETECTORS') ?? ['all'];
  if (names.includes('all')) return [serviceInstanceIdDetector, processDetector, hostDetector, osDetector, envDetector];
  if (names.includes('none')) return [];
  return names.flatMap((name) => {
    const detector = known.get(name);
    if (!detector) diag.warn(`Invalid resource detector "${name}" specified in the environment variable OTEL_NODE_RESOURCE_DETECTORS`);
    return detector ? [detector] : [];
  });
}

/** OTEL_PROPAGATORS (tracecontext, baggage; default both). Null: none. */
function propagatorFromEnv(): CompositePropagator | W3CTraceContextPropagator | W3CBaggagePropagator | null {
  const names = getStringListFromEnv('OTEL_PROPAGATORS');
  if (names == null) return new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] });
  if (names.includes('none')) return null;
  const unique = [...new Set(names)];
  const propagators = unique.flatMap((name) => {
    if (name === 'tracecontext') return [new W3CTraceContextPropagator()];
    if (name === 'baggage') return [new W3CBaggagePropagator()];
    diag.warn(`Propagator "${name}" requested through environment variable is unavailable.`);
    return [];
  });
  if (propagators.length === 0) return null;
  return unique.length === 1 ? propagators[0] : new CompositePropagator({ propagators });
}

/** OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG; undefined: the SDK's default (parent-based, always on). */
function samplerFromEnv(): Sampler | undefined {
  const name = getStringFromEnv('OTEL_TRACES_SAMPLER');
  if (name === undefined) return undefined;
  const ratio = (): number => {
    const value = getNumberFromEnv('OTEL_TRACES_SAMPLER_ARG');
    if (value == null || value < 0 || value > 1) {
      diag.error(`OTEL_TRACES_SAMPLER_ARG=${value} is blank or out of range ([0..1]), defaulting to 1.`);
      return 1;
    }
    return value;
  };
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio());
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio()) });
    default:
      diag.error(`unknown OTEL_TRACES_SAMPLER value "${name}", using default`);
      return undefined;
  }
}

function spanLimitsFromEnv(): SpanLimits {
  return {
    attributeCountLimit: getNumberFromEnv('OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT') ?? getNumberFromEnv('OTEL_ATTRIBUTE_COUNT_LIMIT'),
    attributeValueLengthLimit: getNumberFromEnv('OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT') ?? getNumberFromEnv('OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT'),
    eventCountLimit: getNumberFromEnv('OTEL_SPAN_EVENT_COUNT_LIMIT'),
    linkCountLimit: getNumberFromEnv('OTEL_SPAN_LINK_COUNT_LIMIT'),
    attributePerEventCountLimit: getNumberFromEnv('OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT') ?? getNumberFromEnv('OTEL_SPAN_ATTRIBUTE_PER_EVENT_COUNT_LIMIT'),
    attributePerLinkCountLimit: getNumberFromEnv('OTEL_LINK_ATTRIBUTE_COUNT_LIMIT') ?? getNumberFromEnv('OTEL_SPAN_ATTRIBUTE_PER_LINK_COUNT_LIMIT'),
  };
}

type OperationalRoute = (request: IncomingMessage, response: ServerResponse) => void;
const operationalRoutes = new Map<string, OperationalRoute>();

/**
 * Serves GET `path` on the metrics port too (the internal port, never behind the ingress): what only operators and
 * probes may see, such as the gateway's full readiness report (/ready). Returns the function that removes it.
 */
export function serveOnMetricsPort(path: string, route: OperationalRoute): () => void {
  operationalRoutes.set(path, route);
  return () => {
    if (operationalRoutes.get(path) === route) operationalRoutes.delete(path);
  };
}

/** The route serveOnMetricsPort registered for `path` (tests, and hosts that mount the port's routes elsewhere). */
export function metricsPortRoute(path: string): OperationalRoute | undefined {
  return operationalRoutes.get(path);
}

/**
 * The metrics server: GET /metrics (Prometheus text format), 404 for anything else. When the port is taken (another
 * process of the same app on this machine) the app runs on without it, with a warning naming METRICS_PORT.
 */
function startMetricsServer(port: number, host: string, handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Server | undefined> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const get = request.method === 'GET' || request.method === 'HEAD';
    if (path === '/metrics' && get) return handler(request, response);
    const route = operationalRoutes.get(path);
    if (route && get) return route(request, response);
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 404, message: `Not found: this port serves GET ${['/metrics', ...operationalRoutes.keys()].join(', ')} only` }));
  });
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      console.warn(`[telemetry] Prometheus metrics are off: cannot listen on ${host}:${port} (METRICS_PORT): ${error.code ?? error.message}`);
      resolve(undefined);
    });
    server.listen(port, host, () => {
      server.unref(); // never keeps a finished process alive
      resolve(server);
    });
  });
}

interface KafkaConsumerLike {
  groupId: string;
  on(event: 'consumer:group:join', listener: (payload: { assignments?: { topic: string; partitions: number[] }[] }) => void): unknown;
  on(event: 'consumer:lag', listener: (lag: Map<string, bigint[]>) => void): unknown;
  startLagMonitoring(options: { topics: string[] }, interval: number): void;
  stopLagMonitoring(): void;
}

/** How often each consumer asks the broker for its partitions' high watermarks. */
const LAG_INTERVAL_MS = 5000;

/**
 * Consumer lag per group/topic/partition (messages between the consumer's position and the high watermark) for
 * every Kafka consumer the process creates: the client announces each new client on its diagnostics channel
 * `plt:kafka:instances`, and a consumer measures its lag itself once it has joined its group. No change to the
 * messaging code is needed.
 */
function instrumentKafkaLag(): void {
  diagnosticsChannel.subscribe('plt:kafka:instances', (message) => {
    const { type, instance } = message as { type: string; instance: KafkaConsumerLike };
    // Request/reply callers' reply consumers commit nothing (kafka-rpc.client.ts): a lag against commits means nothing there.
    if (type !== 'consumer' || instance.groupId.includes('-replies-')) return;
    instance.on('consumer:group:join', ({ assignments }) => {
      instance.stopLagMonitoring();
      const topics = (assignments ?? []).filter((a) => a.partitions.length > 0).map((a) => a.topic);
      if (topics.length > 0) instance.startLagMonitoring({ topics }, LAG_INTERVAL_MS);
    });
    instance.on('consumer:lag', (lag) => {
      for (const [topic, partitions] of lag) {
        // -1 marks a partition this member is not assigned.
        partitions.forEach((value, partition) => {
          if (value >= 0n) appMetrics.kafkaLag(instance.groupId, topic, partition, Number(value));
        });
      }
    });
  });
}
