/**
 * `npm run admin:create -- --username <name> [--password-env VAR] [--reset-password]`
 * Creates an admin for /app/login in the standalone or the distributed database; see --help.
 */
import 'reflect-metadata';
import { runAdminCli } from '../../libs/gateway/api/src/admin/admin-cli';

void runAdminCli(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
