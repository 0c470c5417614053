import { DEFAULT_METRICS_PORTS } from './metrics-port';

/**
 * The telemetry preload's configuration, read once from the environment by register.ts before anything else loads
 * (so before the platform's AppConfig, whose module pulls in Nest: the instrumented modules must load after the
 * SDK). A bad value stops the process naming the variable, as AppConfig does for the rest.
 */
export interface TelemetryConfig {
  /** OTEL_SDK_DISABLED=true: no SDK, no metrics server. */
  enabled: boolean;
  /** OTEL_SERVICE_NAME, else hintakori-<app>. */
  serviceName: string;
  /** Traces and metrics are exported over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT or its traces twin is set). */
  otlp: boolean;
  /** OTEL_LOG_LEVEL=debug: the SDK's own diagnostics on the console. */
  sdkDebug: boolean;
  /** LOG_FORMAT: json (the images and the chart) or text. */
  logFormat: 'text' | 'json';
  /** LOG_LEVEL: the most detailed level logged. */
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** METRICS_PORT, else the app's default (metrics-port.ts); undefined: no metrics server (METRICS_PORT=0). */
  metricsPort: number | undefined;
  /** The package version (service.version). */
  version: string;
}

export class TelemetryConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid telemetry configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

const oneOf = <T extends string>(env: Env, name: string, values: readonly T[], fallback: T, problems: string[]): T => {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name} must be ${values.join(', ').replace(/, ([^,]*)$/, ' or $1')}, got "${raw}"`);
  return fallback;
};

const url = (env: Env, name: string, problems: string[]): string | undefined => {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^https?:\/\/[^/\s]+/.test(raw)) problems.push(`${name} must be an http(s) URL, got "${raw}"`);
  return raw;
};

/** The telemetry configuration of `app` (dist/apps/<app>/src/main*.js) from `env`; throws TelemetryConfigError. */
export function readTelemetryConfig(app: string, env: Env): TelemetryConfig {
  const problems: string[] = [];
  const disabled = oneOf(env, 'OTEL_SDK_DISABLED', ['true', 'false'], 'false', problems) === 'true';
  const otlp = [url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', problems), url(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', problems)].some(Boolean);
  const rawPort = env.METRICS_PORT?.trim();
  let metricsPort: number | undefined = DEFAULT_METRICS_PORTS[app];
  if (rawPort !== undefined && rawPort !== '') {
    const port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65535) problems.push(`METRICS_PORT must be a port number (1-65535) or 0 to turn the metrics server off; got "${rawPort}"`);
    else metricsPort = port === 0 ? undefined : port;
  }
  const config: TelemetryConfig = {
    enabled: !disabled,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || `hintakori-${app}`,
    otlp,
    sdkDebug: env.OTEL_LOG_LEVEL?.trim().toLowerCase() === 'debug',
    logFormat: oneOf(env, 'LOG_FORMAT', ['text', 'json'], 'text', problems),
    logLevel: oneOf(env, 'LOG_LEVEL', ['error', 'warn', 'log', 'debug'], 'log', problems),
    metricsPort,
    version: env.npm_package_version ?? '0.1.0',
  };
  if (problems.length > 0) throw new TelemetryConfigError(problems);
  return config;
}
