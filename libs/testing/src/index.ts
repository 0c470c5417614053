import { type ConfigSections, loadConfig, type WithSections } from '@hintakori/platform-config';
import { InProcessBus, InProcessClient, InProcessServer, ServiceExceptionFilter } from '@hintakori/platform-messaging';
import { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxy } from '@nestjs/microservices';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the real PostgreSQL started by the integration global setup. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run integration tests with jest -c jest.int.config.js');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  return {
    url,
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A config of the test database from these variables only (never the process's), with the sections asked for. */
export function testConfig<S extends ConfigSections = Record<never, never>>(databaseUrl: string, overrides: Record<string, string> = {}, sections?: S): WithSections<S> {
  return loadConfig({ DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...overrides }, {}, sections);
}

export interface TestService {
  app: INestMicroservice;
  /** Calls the service through the real in-process transport (JSON-copied payloads, RPC error mapping). */
  client: ClientProxy;
  close(): Promise<void>;
}

/** Boots a service module on its own in-process bus, as the standalone profile does. */
export async function startTestService(module: DynamicModule): Promise<TestService> {
  const bus = new InProcessBus();
  const app = await NestFactory.createMicroservice(module, { strategy: new InProcessServer(bus), logger: ['error', 'warn'] });
  app.useGlobalFilters(new ServiceExceptionFilter());
  await app.listen();
  const client = new InProcessClient(bus);
  return {
    app,
    client,
    async close() {
      await app.close();
    },
  };
}
export * from './transports';
export * from './mailpit';
