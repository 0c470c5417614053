export * from './embedded-postgres';
export * from './typeorm-options';
export * from './boot-latch';
export * from './prepared-query';
export * from './array-literal';
export * from './pg-notifications';
