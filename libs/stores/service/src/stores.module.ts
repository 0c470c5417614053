import { AppConfig, AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InitStoresSchema1763900000000 } from './database/migrations/1763900000000-init-stores-schema';
import { STORES_ENTITIES } from './entities';
import { OffersHandler } from './offers.handler';
import { OffersRepository } from './offers.repository';
import { OffersService } from './offers.service';
import { StoreImportRepository } from './store-import.repository';
import { StoresHandler } from './stores.handler';
import { StoresRepository } from './stores.repository';
import { StoresSeeder } from './stores.seeder';
import { StoresService } from './stores.service';

export const STORES_MIGRATIONS = [InitStoresSchema1763900000000];

@Module({})
export class StoresModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: StoresModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => serviceTypeOrmOptions(config, { schema: 'stores', entities: STORES_ENTITIES, migrations: STORES_MIGRATIONS }),
        }),
        TypeOrmModule.forFeature(STORES_ENTITIES),
      ],
      controllers: [StoresHandler, OffersHandler, createHealthHandler('stores')],
      providers: [StoresRepository, OffersRepository, StoreImportRepository, StoresService, OffersService, StoresSeeder],
    };
  }
}
