import { AppConfig, AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { batchConsumers } from '@hintakori/platform-messaging';
import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InitStoresSchema1763900000000 } from './database/migrations/1763900000000-init-stores-schema';
import { StoreAndOfferEvents1764000000000 } from './database/migrations/1764000000000-store-and-offer-events';
import { StoreProvenance1765100000000 } from './database/migrations/1765100000000-store-provenance';
import { STORES_ENTITIES } from './entities';
import { OffersUpsertedConsumer, StoresUpsertedConsumer } from './events/store-events.consumers';
import { StoreEventsProjection } from './events/store-events.projection';
import { OffersHandler } from './offers.handler';
import { OffersRepository } from './offers.repository';
import { OffersService } from './offers.service';
import { STORES_SEED_FROM_FEED, StoresModuleOptions } from './seed-options';
import { StoreImportRepository } from './store-import.repository';
import { StoresHandler } from './stores.handler';
import { StoresRepository } from './stores.repository';
import { StoresSeeder } from './stores.seeder';
import { StoresService } from './stores.service';

export const STORES_MIGRATIONS = [InitStoresSchema1763900000000, StoreAndOfferEvents1764000000000, StoreProvenance1765100000000];

@Module({})
export class StoresModule {
  static forRoot(config: AppConfig, options: StoresModuleOptions = {}): DynamicModule {
    const consumers = batchConsumers(
      'stores',
      config,
      [
        { topic: IngestTopics.StoresUpserted, handler: StoresUpsertedConsumer },
        { topic: IngestTopics.OffersUpserted, handler: OffersUpsertedConsumer },
      ],
      { groupId: options.eventConsumerGroup, startAfter: StoresSeeder },
    );
    return {
      module: StoresModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => serviceTypeOrmOptions(config, { schema: 'stores', entities: STORES_ENTITIES, migrations: STORES_MIGRATIONS }),
        }),
        TypeOrmModule.forFeature(STORES_ENTITIES),
      ],
      controllers: [StoresHandler, OffersHandler, createHealthHandler('stores'), ...consumers.controllers],
      providers: [
        { provide: STORES_SEED_FROM_FEED, useValue: options.seedFromFeed ?? config.seedFromFeed },
        StoresRepository,
        OffersRepository,
        StoreImportRepository,
        StoresService,
        OffersService,
        StoresSeeder,
        StoreEventsProjection,
        ...consumers.providers,
      ],
      exports: [StoreEventsProjection],
    };
  }
}
