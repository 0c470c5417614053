// Telemetry first: the OpenTelemetry SDK must load before Nest, pg and ioredis to instrument them.
import '@hintakori/platform-telemetry/register';
import 'reflect-metadata';
import { configureGateway, GatewayModule, loadGatewayConfig } from '@hintakori/gateway-api';
import { orExit } from '@hintakori/platform-config';
import { installShutdownHandler, levels, onDrain } from '@hintakori/platform-host';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

async function main(): Promise<void> {
  const config = orExit(() => loadGatewayConfig(process.env));
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), { logger: levels(config), bodyParser: false });
  configureGateway(app);
  // SIGTERM: /api/ready turns 503 at once (the load balancer stops sending), then HTTP and Kafka clients close.
  onDrain('gateway', () => app.close());
  onDrain('telemetry flush', async () => {
    const { telemetry } = await import('@hintakori/platform-telemetry');
    await telemetry()?.shutdown();
  });
  installShutdownHandler(config.shutdownGraceMs);
  await app.listen(config.port, '0.0.0.0');
  new Logger('gateway').log(`Hintakori gateway (${config.profile}) on http://localhost:${config.port}/api`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
