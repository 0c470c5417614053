export * from './gateway.module';
export * from './setup';
