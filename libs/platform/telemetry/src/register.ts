/**
 * Side-effect entry: starts telemetry for the app whose main imports it first
 * (`import './telemetry'` → this), before Nest, pg or ioredis are loaded, so they get instrumented.
 * The service name is OTEL_SERVICE_NAME or hintakori-<app> from the entry path (dist/apps/<app>/src/main*.js).
 * OTEL_SDK_DISABLED=true turns it off. Prometheus /metrics is served on its own port only: METRICS_PORT, or the
 * app's default (metrics-port.ts); METRICS_PORT=0 turns that server off.
 */
// First: compiled code of everything below comes from Node's compile cache when a previous start left it there.
import './compile-cache';
import { installJsonLogger } from './install-logger';
import { startTelemetry } from './sdk';
import { readTelemetryConfig, type TelemetryConfig } from './telemetry-config';

const entry = process.argv[1] ?? '';
const match = /apps[\\/]([^\\/]+)[\\/]src[\\/](main(?:\.([\w-]+))?)\.[jt]s$/.exec(entry);
const app = match ? (match[3] ? `${match[1]}-${match[3]}` : match[1]) : 'app';
let config: TelemetryConfig;
try {
  // The preload's one read of the environment (telemetry-config.ts); the app's main reads the rest (AppConfig).
  config = readTelemetryConfig(app, process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (config.enabled) startTelemetry({ serviceName: config.serviceName, metricsPort: config.metricsPort, config });
installJsonLogger(config);
