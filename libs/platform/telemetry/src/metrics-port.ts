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

/**
 * The metrics port of `app`: METRICS_PORT when set (0 turns the metrics server off), else the app's default (none for
 * an app not in the table). Throws with a message naming METRICS_PORT on a bad value.
 */
export function metricsPort(app: string, env: Record<string, string | undefined> = process.env): number | undefined {
  const raw = env.METRICS_PORT?.trim();
  if (raw === undefined || raw === '') return DEFAULT_METRICS_PORTS[app];
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new Error(`METRICS_PORT must be a port number (1-65535) or 0 to turn the metrics server off; got "${raw}"`);
  return port === 0 ? undefined : port;
}
