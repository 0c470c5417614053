export * from './boot';
export * from './health';
export * from './lifecycle';
export * from './probes';
export * from './worker';
