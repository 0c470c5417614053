import type { AppConfig } from '@hintakori/platform-config';
import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { MixedList, EntitySchema } from 'typeorm';

/** Each service owns one PostgreSQL schema; nobody reads another service's tables. */
export type ServiceSchema = 'catalog' | 'stores' | 'carts' | 'comparisons' | 'ingest' | 'gateway' | 'alerts';

export async function ensureSchema(databaseUrl: string, schema: ServiceSchema): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

export interface ServiceDatabaseOptions {
  schema: ServiceSchema;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** TypeORM options for a service: its own schema and migrations table, migrations run at boot unless disabled. */
export async function serviceTypeOrmOptions(config: AppConfig, options: ServiceDatabaseOptions): Promise<TypeOrmModuleOptions> {
  if (!config.databaseUrl) throw new Error('DATABASE_URL is not set (the standalone host sets it once embedded PostgreSQL is up)');
  await ensureSchema(config.databaseUrl, options.schema);
  return {
    type: 'postgres',
    url: config.databaseUrl,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: config.runMigrations,
    synchronize: false,
    logging: ['error'],
    extra: { max: config.dbPoolSize, application_name: `hintakori-${options.schema}` },
  };
}
