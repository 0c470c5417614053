import { AppConfig, AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule, TypeOrmModuleOptions } from '@nestjs/typeorm';
import { CategoryMappingEntity } from './categories/category-mapping.entity';
import { CategoryEntity } from './categories/category.entity';
import { CategoryHandler } from './categories/category.handler';
import { CategoryRepository } from './categories/category.repository';
import { CategoryService } from './categories/category.service';
import { InitCatalogSchema1763900000000 } from './database/migrations/1763900000000-init-catalog-schema';
import { ItemSearchRepository } from './items/item-search.repository';
import { ItemEntity } from './items/item.entity';
import { ItemHandler } from './items/item.handler';
import { ItemRepository } from './items/item.repository';
import { ItemService } from './items/item.service';
import { StorePriceEntity } from './prices/store-price.entity';
import { StorePriceProjection } from './prices/store-price.projection';
import { CatalogSeeder } from './seeding/catalog.seeder';

const ENTITIES = [CategoryEntity, ItemEntity, StorePriceEntity, CategoryMappingEntity];

/**
 * Word-similarity threshold of pg_trgm's `%>` operator for this service's connections: low enough that
 * one swapped letter in a short word still finds it ('juutso' -> 'juusto' is 0.43); the search query
 * then applies its own stricter limits.
 */
const TRIGRAM_SESSION_OPTIONS = '-c pg_trgm.word_similarity_threshold=0.4';

async function catalogTypeOrmOptions(config: AppConfig): Promise<TypeOrmModuleOptions> {
  const options = await serviceTypeOrmOptions(config, { schema: 'catalog', entities: ENTITIES, migrations: [InitCatalogSchema1763900000000] });
  return { ...options, extra: { ...(options.extra as object), options: TRIGRAM_SESSION_OPTIONS } } as TypeOrmModuleOptions;
}

@Module({})
export class CatalogModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CatalogModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({ useFactory: () => catalogTypeOrmOptions(config) }),
        TypeOrmModule.forFeature(ENTITIES),
      ],
      controllers: [CategoryHandler, ItemHandler, createHealthHandler('catalog')],
      providers: [CategoryRepository, CategoryService, ItemRepository, ItemSearchRepository, ItemService, StorePriceProjection, CatalogSeeder],
      exports: [StorePriceProjection],
    };
  }
}
