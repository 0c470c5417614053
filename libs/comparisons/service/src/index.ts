export * from './comparisons.module';
export { ComparisonsService } from './comparisons.service';
export type { ComparisonsModuleOptions } from './seed-options';
export { PriceMatrixProjection } from './price-matrix.projection';
export { DemandCounter } from './demand/demand-counter';
