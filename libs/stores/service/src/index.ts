export { StoresModule } from './stores.module';
export type { StoresModuleOptions } from './seed-options';
