import { AppConfig } from '@hintakori/platform-config';
import { ServiceExceptionFilter, ServiceName, serviceTransport } from '@hintakori/platform-messaging';
import { DynamicModule, INestMicroservice, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createServer } from 'node:http';
import { DataSource } from 'typeorm';
import { checkServiceHealth } from './health';

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

  // Distributed: the service consumes from Kafka; a small HTTP server answers the Kubernetes probes.
  const app: INestMicroservice = await NestFactory.createMicroservice(serviceModule, { ...serviceTransport(service, config), logger: levels(config) });
  app.useGlobalFilters(new ServiceExceptionFilter());
  app.enableShutdownHooks();
  // listen() runs migrations and demo seeding (bootstrap hooks) before the first message is consumed.
  await app.listen();
  const probes = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/health') return send(200, { status: 'ok', service });
    if (req.url === '/ready') {
      void checkServiceHealth(service, app.get(DataSource)).then((report) => send(report.status === 'up' ? 200 : 503, report));
      return;
    }
    send(404, { statusCode: 404, message: 'Not found' });
  });
  await new Promise<void>((resolve) => probes.listen(config.port, '0.0.0.0', resolve));
  logger.log(`${service} is consuming from Kafka (${config.kafkaBrokers.join(',')}); probes on :${config.port}/health and /ready`);
  return {
    close: async () => {
      probes.close();
      await app.close();
    },
  };
}

export function levels(config: AppConfig): ('error' | 'warn' | 'log' | 'debug')[] {
  const all = ['error', 'warn', 'log', 'debug'] as const;
  return all.slice(0, all.indexOf(config.logLevel) + 1);
}
