export * from './gateway.module';
export * from './setup';
export { runAdminCli } from './admin/admin-cli';
