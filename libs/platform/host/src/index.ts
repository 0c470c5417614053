export * from './boot';
export * from './health';
