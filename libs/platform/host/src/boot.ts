import { AppConfig } from '@hintakori/platform-config';
import { ServiceExceptionFilter, ServiceName, serviceTransport } from '@hintakori/platform-messaging';
import { DynamicModule, INestMicroservice, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { checkServiceHealth } from './health';
import { installShutdownHandler, onDrain } from './lifecycle';
import { closeServer, startProbeServer } from './probes';

export interface BootedService {
  close(): Promise<void>;
}

interface KafkaConsumerEvents {
  on(event: string, listener: () => void): unknown;
  events: Record<string, string>;
}

/**
 * Starts one service. Standalone: a microservice on the in-process transport (no HTTP of its own).
 * Distributed: the Kafka microservice plus a probe server on `config.port` (/health, /ready; /metrics is on METRICS_PORT);
 * SIGTERM turns readiness false, stops the Kafka consumer (the batch in flight finishes and its offsets are
 * committed), closes the module (database pools) and exits within SHUTDOWN_GRACE_MS.
 * With HINTAKORI_MIGRATE_ONLY=true it runs the service's migrations and returns (the migrations Job).
 */
export async function bootService(service: ServiceName, serviceModule: DynamicModule, config: AppConfig): Promise<BootedService> {
  const logger = new Logger(service);
  if (config.migrateOnly) return migrateOnly(service, serviceModule, config, logger);
  if (config.profile === 'standalone') {
    const app: INestMicroservice = await NestFactory.createMicroservice(serviceModule, {
      ...serviceTransport(service, config),
      logger: ['error', 'warn'],
    });
    app.useGlobalFilters(new ServiceExceptionFilter());
    await app.listen();
    return { close: () => app.close() };
  }

  // Distributed: the service consumes from Kafka; a small HTTP server answers the Kubernetes probes.
  const app: INestMicroservice = await NestFactory.createMicroservice(serviceModule, { ...serviceTransport(service, config), logger: levels(config) });
  app.useGlobalFilters(new ServiceExceptionFilter());
  // listen() runs migrations and demo seeding (bootstrap hooks) before the first message is consumed.
  await app.listen();
  const kafka = watchKafkaConsumer(app);
  const dataSource = app.get(DataSource);
  const probes = await startProbeServer({
    port: config.port,
    name: service,
    ready: async () => {
      const report = await checkServiceHealth(service, dataSource);
      const checks = { ...report.checks, kafka: kafka.connected ? ('up' as const) : ('down' as const) };
      return { ...report, checks, status: report.status === 'up' && kafka.connected ? 'up' : 'down' };
    },
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // Order: stop taking messages (Kafka consumer leaves the group after the running batch), close the module
    // (producers, database pools), then the probe server; telemetry flushes last.
    await app.close();
    await closeServer(probes);
  };
  onDrain(`${service} Kafka consumer and module`, close);
  onDrain('telemetry flush', async () => {
    const { telemetry } = await import('@hintakori/platform-telemetry');
    await telemetry()?.shutdown();
  });
  installShutdownHandler(config.shutdownGraceMs);
  logger.log(`${service} is consuming from Kafka (${config.kafkaBrokers.join(',')}); probes on :${config.port}/health and /ready`);
  return { close };
}

/** Tracks the Kafka consumer's membership: readiness is false while it has crashed or left the group. */
function watchKafkaConsumer(app: INestMicroservice): { readonly connected: boolean } {
  const state = { connected: true };
  try {
    const [, consumer] = app.unwrap<[unknown, KafkaConsumerEvents | undefined, unknown]>();
    if (!consumer?.events) return state;
    consumer.on(consumer.events.GROUP_JOIN, () => (state.connected = true));
    consumer.on(consumer.events.CONNECT, () => (state.connected = true));
    consumer.on(consumer.events.CRASH, () => (state.connected = false));
    consumer.on(consumer.events.DISCONNECT, () => (state.connected = false));
    consumer.on(consumer.events.STOP, () => (state.connected = false));
  } catch {
    // not a Kafka server (in-process transport): nothing to watch
  }
  return state;
}

async function migrateOnly(service: ServiceName, serviceModule: DynamicModule, config: AppConfig, logger: Logger): Promise<BootedService> {
  const started = Date.now();
  // Creating the context initialises the service's DataSource, which runs its pending migrations (RUN_MIGRATIONS).
  const context = await NestFactory.createApplicationContext(serviceModule, { logger: levels(config) });
  const dataSource = context.get(DataSource);
  const pending = await dataSource.showMigrations();
  await context.close();
  if (pending) throw new Error(`${service}: migrations are still pending after the run (is RUN_MIGRATIONS=false?)`);
  logger.log(`${service}: schema is up to date (${Date.now() - started} ms)`);
  return { close: async () => undefined };
}

export function levels(config: AppConfig): ('error' | 'warn' | 'log' | 'debug')[] {
  const all = ['error', 'warn', 'log', 'debug'] as const;
  return all.slice(0, all.indexOf(config.logLevel) + 1);
}
