import type { AppConfig } from '@hintakori/platform-config';
import { ensureSchema, serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AdminLoginAttemptEntity } from './admin-login-attempt.entity';
import { AdminSessionEntity } from './admin-session.entity';
import { AdminUserEntity } from './admin-user.entity';
import { InitGatewayAdmin1764100000000 } from './database/migrations/1764100000000-init-gateway-admin';
import { AdminLoginAttempts1764200000000 } from './database/migrations/1764200000000-admin-login-attempts';

export const ADMIN_ENTITIES = [AdminUserEntity, AdminSessionEntity, AdminLoginAttemptEntity];
export const GATEWAY_MIGRATIONS = [InitGatewayAdmin1764100000000, AdminLoginAttempts1764200000000];

/** The gateway's own database connection (schema `gateway`): admin users, their sessions and sign-in attempts only. */
export function gatewayDatabaseImports(config: AppConfig) {
  return [
    TypeOrmModule.forRootAsync({
      useFactory: () => serviceTypeOrmOptions({ ...config, dbPoolSize: Math.min(config.dbPoolSize, 4) }, { schema: 'gateway', entities: ADMIN_ENTITIES, migrations: GATEWAY_MIGRATIONS }),
    }),
  ];
}

/** A plain DataSource on the gateway schema with its migrations applied (the admin CLI). */
export async function openGatewayDataSource(databaseUrl: string): Promise<DataSource> {
  await ensureSchema(databaseUrl, 'gateway');
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    schema: 'gateway',
    entities: ADMIN_ENTITIES,
    migrations: GATEWAY_MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: ['error'],
    extra: { max: 2, application_name: 'hintakori-admin-cli' },
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'all' });
  return dataSource;
}
