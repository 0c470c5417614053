// Telemetry first: the OpenTelemetry SDK must load before Nest, pg and ioredis to instrument them.
import '@hintakori/platform-telemetry/register';
import 'reflect-metadata';
import { orExit } from '@hintakori/platform-config';
import { hostWorker, levels } from '@hintakori/platform-host';
import { IngestPublisher, loadIngestAppConfig, PriceIngestModule } from '@hintakori/price-ingest-service';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

/**
 * The feed-run worker: same image as the price-ingest API, its own process and Deployment. It takes feed
 * runs from the queue (Redis in the distributed profile), publishes their events to Kafka and checkpoints
 * them; scale it with replicas (INGEST_WORKER_CONCURRENCY runs per process).
 */
async function main(): Promise<void> {
  // Probes (/health, /ready) on 3106 unless PORT says otherwise (the chart and compose expect 3106).
  const config = orExit(() => loadIngestAppConfig(process.env, { port: 3106 }));
  const app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(config, { runWorkers: true }), { logger: levels(config) });
  // Ready once the database answers and the Kafka producer is connected (connecting starts now, not at the first run).
  const publisher = app.get(IngestPublisher);
  void publisher.ready().catch(() => undefined);
  await hostWorker('price-ingest-worker', app, config, () => publisher.ready());
  new Logger('price-ingest-worker').log(`price-ingest worker ${process.pid} is taking feed runs (${config.profile} profile)`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
