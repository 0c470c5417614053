import { AppConfig, AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ComparisonsHandler } from './comparisons.handler';
import { ComparisonsSeeder } from './comparisons.seeder';
import { ComparisonsService } from './comparisons.service';
import { CreatePriceMatrix1763900000000 } from './database/migrations/1763900000000-create-price-matrix';
import { PriceMatrixEntry } from './price-matrix.entity';
import { PriceMatrixProjection } from './price-matrix.projection';
import { PriceMatrixRepository } from './price-matrix.repository';
import { PricesObservedConsumer } from './prices-observed.consumer';

@Module({})
export class ComparisonsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ComparisonsModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () =>
            serviceTypeOrmOptions(config, { schema: 'comparisons', entities: [PriceMatrixEntry], migrations: [CreatePriceMatrix1763900000000] }),
        }),
      ],
      controllers: [ComparisonsHandler, PricesObservedConsumer, createHealthHandler('comparisons')],
      providers: [PriceMatrixRepository, PriceMatrixProjection, ComparisonsService, ComparisonsSeeder],
    };
  }
}
