export * from './catalog.module';
export { StorePriceProjection } from './prices/store-price.projection';
export type { PriceObservation } from './prices/store-price.projection';
