import { SERVICE_PATTERNS } from '@hintakori/composition';
import { AppConfig } from '@hintakori/platform-config';
import { createEventPublisher, createServiceClient, InProcessBus, inProcessBus, ServiceExceptionFilter, ServiceName, serviceTransport } from '@hintakori/platform-messaging';
import { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxy } from '@nestjs/microservices';

export type TransportKind = 'in-process' | 'kafka';

export interface ServiceOverTransport {
  /** The service's Nest application, for reading its providers (never for replacing them). */
  app: INestMicroservice;
  client: ClientProxy;
  publisher: ClientProxy;
  close(): Promise<void>;
}

/**
 * Boots one service on the transport its profile uses (in-process bus or real Kafka) and
 * returns a client and an event publisher built the way the gateway and price-ingest build theirs.
 */
export async function startServiceOverTransport(service: ServiceName, module: DynamicModule, config: AppConfig): Promise<ServiceOverTransport> {
  const app: INestMicroservice = await NestFactory.createMicroservice(module, { ...serviceTransport(service, config), logger: ['error', 'warn'] });
  app.useGlobalFilters(new ServiceExceptionFilter());
  await app.listen();
  const client = createServiceClient(service, `contract-test-${service}`, config, SERVICE_PATTERNS[service]);
  const publisher = createEventPublisher('contract-test', config);
  await client.connect();
  await publisher.connect();
  return {
    app,
    client,
    publisher,
    async close() {
      await client.close();
      await publisher.close();
      await app.close();
    },
  };
}

export function resetInProcessBus(bus: InProcessBus = inProcessBus): void {
  bus.reset();
}
