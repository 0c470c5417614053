export * from './gateway.module';
export * from './gateway-config';
export * from './setup';
export { runAdminCli } from './admin/admin-cli';
