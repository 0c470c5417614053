import { AppConfig, AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { batchConsumers } from '@hintakori/platform-messaging';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule, TypeOrmModuleOptions } from '@nestjs/typeorm';
import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { CategoryMappingEntity } from './categories/category-mapping.entity';
import { CategoryMappingHandler } from './categories/category-mapping.handler';
import { CategoryMappingService } from './categories/category-mapping.service';
import { CategoryPlacement } from './categories/category-placement';
import { CategoryEntity } from './categories/category.entity';
import { CategoryHandler } from './categories/category.handler';
import { CategoryRepository } from './categories/category.repository';
import { CategoryService } from './categories/category.service';
import { SourceCategoryEntity } from './categories/source-category.entity';
import { InitCatalogSchema1763900000000 } from './database/migrations/1763900000000-init-catalog-schema';
import { PriceHistoryAndItemSources1764000000000 } from './database/migrations/1764000000000-price-history-and-item-sources';
import { SearchRanking1764300000000 } from './database/migrations/1764300000000-search-ranking';
import { SearchRankingInService1764700000000 } from './database/migrations/1764700000000-search-ranking-in-service';
import { SearchIndexNotify1764800000000 } from './database/migrations/1764800000000-search-index-notify';
import { ItemJsonNotify1764900000000 } from './database/migrations/1764900000000-item-json-notify';
import { StoreItemsNotify1765000000000 } from './database/migrations/1765000000000-store-items-notify';
import { OpenDataProvenance1765100000000 } from './database/migrations/1765100000000-open-data-provenance';
import { RegularPrice1765200000000 } from './database/migrations/1765200000000-regular-price';
import { ItemEanIndex1765300000000 } from './database/migrations/1765300000000-item-ean-index';
import { StoreFeedRuns1765400000000 } from './database/migrations/1765400000000-store-feed-runs';
import { PriceTrends1765500000000 } from './database/migrations/1765500000000-price-trends';
import { StorePriceDeposit1765600000000 } from './database/migrations/1765600000000-store-price-deposit';
import { StorePriceSourceFields1765900000000 } from './database/migrations/1765900000000-store-price-source-fields';
import { StorePriceTillTerms1796290000000 } from './database/migrations/1796290000000-store-price-till-terms';
import { StoreCampaignIndex1764600000000 } from './database/migrations/1764600000000-store-campaign-index';
import { ItemsUpsertedConsumer } from './events/items-upserted.consumer';
import { CatalogPricesObservedConsumer } from './events/prices-observed.consumer';
import { CatalogRunCompletedConsumer } from './events/run-completed.consumer';
import { ItemSearchRepository } from './items/item-search.repository';
import { ItemUpsertProjection } from './items/item-upsert.projection';
import { ItemEntity } from './items/item.entity';
import { ItemHandler } from './items/item.handler';
import { ItemRepository } from './items/item.repository';
import { ItemJsonCache } from './items/item-json';
import { ItemService } from './items/item.service';
import { SearchIndex } from './items/search-index';
import { StoreItemsIndex } from './items/store-items-index';
import { PriceHistoryEntity } from './prices/price-history.entity';
import { PriceHistoryHandler } from './prices/price-history.handler';
import { PriceHistoryService } from './prices/price-history.service';
import { PriceChangesService } from './price-trends/price-changes.service';
import { PriceLevelsService } from './price-trends/price-levels.service';
import { PriceTrendsHandler } from './price-trends/price-trends.handler';
import { ReferenceBasket } from './price-trends/reference-basket';
import { StorePriceEntity } from './prices/store-price.entity';
import { StorePriceProjection } from './prices/store-price.projection';
import { StoreFreshnessProjection } from './prices/store-freshness.projection';
import { CatalogSeeder } from './seeding/catalog.seeder';
import { CATALOG_SEED_FROM_FEED, CatalogModuleOptions } from './seeding/seed-options';

const ENTITIES = [CategoryEntity, ItemEntity, StorePriceEntity, CategoryMappingEntity, PriceHistoryEntity, SourceCategoryEntity];
const MIGRATIONS = [
  InitCatalogSchema1763900000000,
  PriceHistoryAndItemSources1764000000000,
  SearchRanking1764300000000,
  StoreCampaignIndex1764600000000,
  SearchRankingInService1764700000000,
  SearchIndexNotify1764800000000,
  ItemJsonNotify1764900000000,
  StoreItemsNotify1765000000000,
  OpenDataProvenance1765100000000,
  RegularPrice1765200000000,
  ItemEanIndex1765300000000,
  StoreFeedRuns1765400000000,
  PriceTrends1765500000000,
  StorePriceDeposit1765600000000,
  StorePriceSourceFields1765900000000,
  StorePriceTillTerms1796290000000,
];

/**
 * Word-similarity threshold of pg_trgm's `%>` operator for this service's connections: low enough that
 * one swapped letter in a short word still finds it ('juutso' -> 'juusto' is 0.43); the search query
 * then applies its own stricter limits.
 */
const TRIGRAM_SESSION_OPTIONS = '-c pg_trgm.word_similarity_threshold=0.4';

async function catalogTypeOrmOptions(config: AppConfig): Promise<TypeOrmModuleOptions> {
  const options = await serviceTypeOrmOptions(config, { schema: 'catalog', entities: ENTITIES, migrations: MIGRATIONS });
  return { ...options, extra: { ...(options.extra as object), options: TRIGRAM_SESSION_OPTIONS } } as TypeOrmModuleOptions;
}

@Module({})
export class CatalogModule {
  static forRoot(config: AppConfig, options: CatalogModuleOptions = {}): DynamicModule {
    const consumers = batchConsumers(
      'catalog',
      config,
      [
        { topic: IngestTopics.ItemsUpserted, handler: ItemsUpsertedConsumer },
        { topic: IngestTopics.PricesObserved, handler: CatalogPricesObservedConsumer },
        { topic: IngestTopics.RunCompleted, handler: CatalogRunCompletedConsumer },
      ],
      { groupId: options.eventConsumerGroup, startAfter: CatalogSeeder },
    );
    return {
      module: CatalogModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({ useFactory: () => catalogTypeOrmOptions(config) }),
        TypeOrmModule.forFeature(ENTITIES),
      ],
      controllers: [CategoryHandler, ItemHandler, PriceHistoryHandler, PriceTrendsHandler, CategoryMappingHandler, createHealthHandler('catalog'), ...consumers.controllers],
      providers: [
        { provide: CATALOG_SEED_FROM_FEED, useValue: options.seedFromFeed ?? config.seedFromFeed },
        CategoryRepository,
        CategoryService,
        CategoryPlacement,
        CategoryMappingService,
        ItemRepository,
        ItemSearchRepository,
        ItemJsonCache,
        StoreItemsIndex,
        SearchIndex,
        ItemService,
        ItemUpsertProjection,
        StorePriceProjection,
        StoreFreshnessProjection,
        PriceHistoryService,
        ReferenceBasket,
        PriceLevelsService,
        PriceChangesService,
        CatalogSeeder,
        ...consumers.providers,
      ],
      exports: [StorePriceProjection, ItemUpsertProjection, StoreFreshnessProjection],
    };
  }
}
