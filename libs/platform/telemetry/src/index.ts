export { appMetrics } from './metrics';
export { JsonLogger, currentTraceIds, levelsUpTo } from './logger';
export { installJsonLogger } from './install-logger';
export { metricsPortRoute, serveOnMetricsPort, startTelemetry, telemetry } from './sdk';
export type { Telemetry, TelemetryOptions } from './sdk';
export { DEFAULT_METRICS_PORTS } from './metrics-port';
export { readTelemetryConfig, TelemetryConfigError, type TelemetryConfig } from './telemetry-config';
export { redactTokenPaths } from './redact';
