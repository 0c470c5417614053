export * from './data-sources';
