export * from './embedded-postgres';
export * from './typeorm-options';
