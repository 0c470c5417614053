export * from './data-sources';
export * from './ean';
export * from './picture-hosts';
export * from './first-screen';
export * from './helsinki-date';
export * from './till';
