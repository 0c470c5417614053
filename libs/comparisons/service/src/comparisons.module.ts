import { AppConfig, AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { batchConsumers } from '@hintakori/platform-messaging';
import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ComparisonsHandler } from './comparisons.handler';
import { ComparisonsSeeder } from './comparisons.seeder';
import { ComparisonsService } from './comparisons.service';
import { CreatePriceMatrix1763900000000 } from './database/migrations/1763900000000-create-price-matrix';
import { NotifyPriceMatrixChanges1795550000000 } from './database/migrations/1795550000000-notify-price-matrix-changes';
import { PriceMatrixDeposit1795600000000 } from './database/migrations/1795600000000-price-matrix-deposit';
import { DemandDaily1796000000000 } from './database/migrations/1796000000000-demand-daily';
import { PriceMatrixTillTerms1796100000000 } from './database/migrations/1796100000000-price-matrix-till-terms';
import { DemandCounter } from './demand/demand-counter';
import { DemandRepository } from './demand/demand.repository';
import { PriceMatrixCache } from './price-matrix.cache';
import { PriceMatrixEntry } from './price-matrix.entity';
import { PriceMatrixProjection } from './price-matrix.projection';
import { PriceMatrixRepository } from './price-matrix.repository';
import { PricesObservedConsumer } from './prices-observed.consumer';
import { COMPARISONS_SEED_FROM_FEED, ComparisonsModuleOptions } from './seed-options';

@Module({})
export class ComparisonsModule {
  static forRoot(config: AppConfig, options: ComparisonsModuleOptions = {}): DynamicModule {
    const consumers = batchConsumers('comparisons', config, [{ topic: IngestTopics.PricesObserved, handler: PricesObservedConsumer }], {
      groupId: options.eventConsumerGroup,
      startAfter: ComparisonsSeeder,
    });
    return {
      module: ComparisonsModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () =>
            serviceTypeOrmOptions(config, { schema: 'comparisons', entities: [PriceMatrixEntry], migrations: [CreatePriceMatrix1763900000000, NotifyPriceMatrixChanges1795550000000, PriceMatrixDeposit1795600000000, DemandDaily1796000000000, PriceMatrixTillTerms1796100000000] }),
        }),
      ],
      controllers: [ComparisonsHandler, createHealthHandler('comparisons'), ...consumers.controllers],
      providers: [
        { provide: COMPARISONS_SEED_FROM_FEED, useValue: options.seedFromFeed ?? config.seedFromFeed },
        PriceMatrixRepository,
        PriceMatrixCache,
        PriceMatrixProjection,
        ComparisonsService,
        DemandRepository,
        DemandCounter,
        ComparisonsSeeder,
        ...consumers.providers,
      ],
    };
  }
}
