// Telemetry first: the OpenTelemetry SDK must load before Nest, pg and ioredis to instrument them.
import '@hintakori/platform-telemetry/register';
import 'reflect-metadata';
import { loadConfigOrExit } from '@hintakori/platform-config';
import { bootService } from '@hintakori/platform-host';
import { SERVICE_HEALTH_PORTS } from '@hintakori/platform-messaging';
import { CartsModule } from '@hintakori/carts-service';

async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, { port: SERVICE_HEALTH_PORTS['carts'] });
  await bootService('carts', CartsModule.forRoot(config), config);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
