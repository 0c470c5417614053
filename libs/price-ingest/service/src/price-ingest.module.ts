import { AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InitIngestSchema1763800000000 } from './database/migrations/1763800000000-init-ingest-schema';
import { FeedRegistries1764000000000 } from './database/migrations/1764000000000-feed-registries';
import { OpenDataSources1765100000000 } from './database/migrations/1765100000000-open-data-sources';
import { PublishedPrices1765400000000 } from './database/migrations/1765400000000-published-prices';
import { PublishedRecords1765700000000 } from './database/migrations/1765700000000-published-records';
import { StoreTwins1765850000000 } from './database/migrations/1765850000000-store-twins';
import { PublishedPricesPricedAt1796000000000 } from './database/migrations/1796000000000-published-prices-priced-at';
import { PriceReports1796400000000 } from './database/migrations/1796400000000-price-reports';
import { PublishedLines1796470000000 } from './database/migrations/1796470000000-published-lines';
import { FeedRunShards1796800000000 } from './database/migrations/1796800000000-feed-run-shards';
import { FeedRunShardLines1796900000000 } from './database/migrations/1796900000000-feed-run-shard-lines';
import { FeedRunsService, WORKER_TUNING } from './feed-runs.service';
import type { IngestAppConfig } from './ingest-config';
import type { WorkerTuning } from './jobs/feed-queue';
import { PriceIngestHandler } from './price-ingest.handler';
import { PriceReportsHandler } from './price-reports/price-reports.handler';
import { PriceReportsService } from './price-reports/price-reports.service';
import { PublishedPricesRepository } from './published/published-prices.repository';
import { createIngestPublisher, IngestPublisher } from './publishing/ingest-publisher';
import { RegistryRepository } from './registry/registry.repository';
import { FeedRunsRepository } from './runs/feed-runs.repository';

export const INGEST_MIGRATIONS = [InitIngestSchema1763800000000, FeedRegistries1764000000000, OpenDataSources1765100000000, PublishedPrices1765400000000, PublishedRecords1765700000000, StoreTwins1765850000000, PublishedPricesPricedAt1796000000000, PriceReports1796400000000, PublishedLines1796470000000, FeedRunShards1796800000000, FeedRunShardLines1796900000000];

export interface PriceIngestOptions extends WorkerTuning {
  /** Overrides config.ingest.runWorkers (main.worker.ts: true; the API process: false). */
  runWorkers?: boolean;
  /** The adapters' clock (AdapterOptions.now): a test pins it to the day its recorded answers were made; the apps leave it out. */
  now?: () => Date;
}

@Module({})
export class PriceIngestModule {
  static forRoot(config: IngestAppConfig, options: PriceIngestOptions = {}): DynamicModule {
    return {
      module: PriceIngestModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => serviceTypeOrmOptions(config, { schema: 'ingest', entities: [], migrations: INGEST_MIGRATIONS }),
        }),
      ],
      controllers: [PriceIngestHandler, PriceReportsHandler, createHealthHandler('price-ingest')],
      providers: [
        RegistryRepository,
        PublishedPricesRepository,
        FeedRunsRepository,
        { provide: IngestPublisher, useFactory: () => createIngestPublisher(config) },
        { provide: WORKER_TUNING, useValue: options },
        FeedRunsService,
        PriceReportsService,
      ],
      exports: [FeedRunsService],
    };
  }
}
