import { AppConfig, AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InitIngestSchema1763800000000 } from './database/migrations/1763800000000-init-ingest-schema';
import { PriceIngestHandler } from './price-ingest.handler';

@Module({})
export class PriceIngestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PriceIngestModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => serviceTypeOrmOptions(config, { schema: 'ingest', entities: [], migrations: [InitIngestSchema1763800000000] }),
        }),
      ],
      controllers: [PriceIngestHandler, createHealthHandler('price-ingest')],
    };
  }
}
