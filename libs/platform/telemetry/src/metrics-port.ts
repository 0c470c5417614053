/**
 * Default Prometheus metrics port of each app, distinct so that the standalone process and the distributed stack
 * (every app a process on one machine) can run side by side. In Kubernetes every pod uses the chart's
 * telemetry.metricsPort instead (METRICS_PORT). Never the public or probe port: /metrics is only served here.
 */
export const DEFAULT_METRICS_PORTS: Readonly<Record<string, number>> = Object.freeze({
  standalone: 9460,
  gateway: 9464,
  catalog: 9465,
  stores: 9466,
  carts: 9467,
  comparisons: 9468,
  'price-ingest': 9469,
  'price-ingest-worker': 9470,
  alerts: 9471,
});
