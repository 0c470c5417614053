export * from './comparisons.module';
