import { AppConfig } from '@hintakori/platform-config';
import { ServiceExceptionFilter, ServiceName, serviceTransport } from '@hintakori/platform-messaging';
import { DynamicModule, INestApplication, INestMicroservice, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createHealthHttpController } from './health';

export interface BootedService {
  close(): Promise<void>;
}

/**
 * Starts one service. Standalone: a microservice on the in-process transport (no HTTP of its own).
 * Distributed: an HTTP app for probes on `config.port` with the Kafka microservice attached.
 */
export async function bootService(service: ServiceName, serviceModule: DynamicModule, config: AppConfig): Promise<BootedService> {
  const logger = new Logger(service);
  if (config.profile === 'standalone') {
    const app: INestMicroservice = await NestFactory.createMicroservice(serviceModule, {
      ...serviceTransport(service, config),
      logger: ['error', 'warn'],
    });
    app.useGlobalFilters(new ServiceExceptionFilter());
    await app.listen();
    return { close: () => app.close() };
  }

  @Module({ imports: [serviceModule], controllers: [createHealthHttpController(service)] })
  class ServiceHostModule {}

  const app: INestApplication = await NestFactory.create(ServiceHostModule, { logger: levels(config) });
  app.connectMicroservice(serviceTransport(service, config), { inheritAppConfig: true });
  app.useGlobalFilters(new ServiceExceptionFilter());
  app.enableShutdownHooks();
  await app.startAllMicroservices();
  await app.listen(config.port, '0.0.0.0');
  logger.log(`${service} is consuming from Kafka (${config.kafkaBrokers.join(',')}); probes on :${config.port}/health and /ready`);
  return { close: () => app.close() };
}

export function levels(config: AppConfig): ('error' | 'warn' | 'log' | 'debug')[] {
  const all = ['error', 'warn', 'log', 'debug'] as const;
  return all.slice(0, all.indexOf(config.logLevel) + 1);
}
