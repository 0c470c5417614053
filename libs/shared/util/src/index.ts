export * from './data-sources';
export * from './ean';
