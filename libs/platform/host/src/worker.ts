import { AppConfig } from '@hintakori/platform-config';
import { INestApplicationContext, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { installShutdownHandler, onDrain } from './lifecycle';
import { closeServer, ReadinessReport, startProbeServer } from './probes';

/**
 * Hosts a process without an HTTP API of its own (the price-ingest worker): probes on `config.port`
 * (/health, /ready: the database answers and not draining; /metrics is on METRICS_PORT) and the SIGTERM drain — close the
 * application context (workers finish or hand back their current job), then the probe server — within
 * SHUTDOWN_GRACE_MS. Call it instead of app.enableShutdownHooks().
 */
export async function hostWorker(name: string, app: INestApplicationContext, config: AppConfig, extraReady?: () => Promise<boolean>): Promise<void> {
  let dataSource: DataSource | undefined;
  try {
    dataSource = app.get(DataSource, { strict: false });
  } catch {
    dataSource = undefined;
  }
  const probes = await startProbeServer({
    port: config.port,
    name,
    ready: async (): Promise<ReadinessReport> => {
      const checks: Record<string, 'up' | 'down'> = {};
      if (dataSource) checks.database = await dataSource.query('SELECT 1').then(() => 'up' as const, () => 'down' as const);
      if (extraReady) checks.dependencies = (await extraReady().catch(() => false)) ? 'up' : 'down';
      return { status: Object.values(checks).every((c) => c === 'up') ? 'up' : 'down', service: name, checks };
    },
  });
  onDrain(`${name} context`, () => app.close());
  onDrain(`${name} probes`, () => closeServer(probes));
  onDrain('telemetry flush', async () => {
    const { telemetry } = await import('@hintakori/platform-telemetry');
    await telemetry()?.shutdown();
  });
  installShutdownHandler(config.shutdownGraceMs);
  new Logger(name).log(`probes on :${config.port}/health and /ready`);
}
