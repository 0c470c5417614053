/**
 * Side-effect entry: starts telemetry for the app whose main imports it first
 * (`import './telemetry'` → this), before Nest, pg, kafkajs or ioredis are loaded, so they get instrumented.
 * The service name is OTEL_SERVICE_NAME or hintakori-<app> from the entry path (dist/apps/<app>/src/main*.js).
 * OTEL_SDK_DISABLED=true turns it off. METRICS_PORT serves /metrics on its own port (the gateway).
 */
import { startTelemetry } from './sdk';
import { installJsonLogger } from './install-logger';

if (process.env.OTEL_SDK_DISABLED !== 'true') {
  const entry = process.argv[1] ?? '';
  const match = /apps[\\/]([^\\/]+)[\\/]src[\\/](main(?:\.([\w-]+))?)\.[jt]s$/.exec(entry);
  const app = match ? (match[3] ? `${match[1]}-${match[3]}` : match[1]) : 'app';
  const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
  startTelemetry({ serviceName: `hintakori-${app}`, metricsPort: Number.isInteger(metricsPort) && metricsPort! > 0 ? metricsPort : undefined });
}
installJsonLogger();
