import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { lifecycle } from './lifecycle';

export interface ReadinessReport {
  status: 'up' | 'down' | 'draining';
  [key: string]: unknown;
}

export interface ProbeServerOptions {
  port: number;
  host?: string;
  name: string;
  /** Dependency checks; the probe answers 503 unless status is 'up'. */
  ready: () => Promise<ReadinessReport>;
}

/**
 * The small HTTP server of a process without an HTTP API (services, workers): /health (liveness: the event loop
 * answers) and /ready (503 while draining or while a dependency is down). Prometheus /metrics is not here: it has
 * a port of its own (METRICS_PORT, @hintakori/platform-telemetry).
 */
export async function startProbeServer(options: ProbeServerOptions): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/health') return send(200, { status: 'ok', service: options.name });
    if (path === '/ready') {
      if (lifecycle.draining) return send(503, { status: 'draining', service: options.name });
      options.ready().then(
        (report) => send(report.status === 'up' && !lifecycle.draining ? 200 : 503, lifecycle.draining ? { ...report, status: 'draining' } : report),
        (error: unknown) => send(503, { status: 'down', service: options.name, error: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    send(404, { statusCode: 404, message: 'Not found' });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
