export * from './catalog.module';
export { StorePriceProjection } from './prices/store-price.projection';
export { ItemUpsertProjection } from './items/item-upsert.projection';
export type { CatalogModuleOptions } from './seeding/seed-options';
export { SearchIndex } from './items/search-index';
export { ItemService } from './items/item.service';
export { StoreFreshnessProjection } from './prices/store-freshness.projection';
