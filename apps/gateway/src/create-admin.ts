/**
 * The admin CLI in the built image: `node dist/apps/gateway/src/create-admin.js --username <name>`
 * with DATABASE_URL set and the password on standard input (or --password-env VAR).
 */
import 'reflect-metadata';
import { runAdminCli } from '@hintakori/gateway-api';

void runAdminCli(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
