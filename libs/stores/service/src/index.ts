export { StoresModule } from './stores.module';
