export * from './comparisons.module';
export type { ComparisonsModuleOptions } from './seed-options';
