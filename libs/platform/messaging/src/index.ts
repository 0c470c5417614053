export * from './call';
export * from './in-process-bus';
export * from './in-process.client';
export * from './in-process.server';
export * from './rpc-errors';
export * from './services';
export * from './transport';
export * from './clients.module';
