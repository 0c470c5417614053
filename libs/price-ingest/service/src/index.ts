export * from './price-ingest.module';
