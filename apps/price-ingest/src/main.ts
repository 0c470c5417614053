// Telemetry first: the OpenTelemetry SDK must load before Nest, pg and ioredis to instrument them.
import '@hintakori/platform-telemetry/register';
import 'reflect-metadata';
import { orExit } from '@hintakori/platform-config';
import { bootService } from '@hintakori/platform-host';
import { SERVICE_HEALTH_PORTS } from '@hintakori/platform-messaging';
import { loadIngestAppConfig, PriceIngestModule } from '@hintakori/price-ingest-service';

async function main(): Promise<void> {
  const config = orExit(() => loadIngestAppConfig(process.env, { port: SERVICE_HEALTH_PORTS['price-ingest'] }));
  // The API process answers status and keeps the feed schedules; feed runs are taken by main.worker.ts.
  await bootService('price-ingest', PriceIngestModule.forRoot(config, { runWorkers: false }), config);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
