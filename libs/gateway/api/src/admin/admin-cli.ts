import { type AppConfig, ConfigError, loadConfig } from '@hintakori/platform-config';
import { startEmbeddedPostgres } from '@hintakori/platform-persistence';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { openGatewayDataSource } from './admin-database';
import { AdminUserError, createAdminUser } from './admin-users';

export const ADMIN_CLI_USAGE = `Creates an admin who may sign in at /app/login.

  npm run admin:create -- --username <name> [--password-env <VAR>] [--reset-password]

The password is read from standard input (typed twice without echo on a terminal, or the first line
of a pipe), or from the environment variable named by --password-env. It is never taken from the
command line, where it would show in the process list and the shell history.

Database: DATABASE_URL when set (distributed profile); otherwise the standalone profile's embedded
PostgreSQL under DATA_DIR (default .data) on PG_PORT (default 54329) — the running server's when
\`npm start\` is up, else started just for this command.

  --reset-password   give an existing admin a new password and end their sessions`;

export interface AdminCliArgs {
  username: string;
  passwordEnv?: string;
  resetPassword: boolean;
}

export class UsageError extends Error {}

export function parseAdminCliArgs(argv: readonly string[]): AdminCliArgs | 'help' {
  let username: string | undefined;
  let passwordEnv: string | undefined;
  let resetPassword = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === '') throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return 'help';
      case '--username':
        username = value();
        break;
      case '--password-env':
        passwordEnv = value();
        break;
      case '--reset-password':
        resetPassword = true;
        break;
      case '--password':
        throw new UsageError('Passwords are never taken from the command line: pipe it on standard input or name a variable with --password-env');
      default:
        throw new UsageError(`Unknown argument "${argv[i].slice(0, 40)}"`);
    }
  }
  if (!username) throw new UsageError('--username is required');
  return { username, passwordEnv, resetPassword };
}

export interface CliIo {
  env: Record<string, string | undefined>;
  stdin: NodeJS.ReadStream;
  /** Progress and prompts. */
  stderr: NodeJS.WritableStream;
  /** The result line. */
  stdout: NodeJS.WritableStream;
}

/** Reads the first line of a pipe. */
async function readFirstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  let data = '';
  for await (const chunk of stdin) {
    data += String(chunk);
    if (data.includes('\n')) break;
  }
  return data.split(/\r?\n/, 1)[0] ?? '';
}

/** Reads one line from a terminal without echoing it. */
function readHidden(stdin: NodeJS.ReadStream, stderr: NodeJS.WritableStream, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    stderr.write(prompt);
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003' || char === '\u0004') return done(new UsageError('Cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(args: AdminCliArgs, io: CliIo): Promise<string> {
  if (args.passwordEnv) {
    const value = io.env[args.passwordEnv];
    if (value === undefined || value === '') throw new UsageError(`The environment variable ${args.passwordEnv} (--password-env) is not set`);
    return value;
  }
  if (io.stdin.isTTY) {
    const first = await readHidden(io.stdin, io.stderr, 'Password: ');
    const second = await readHidden(io.stdin, io.stderr, 'Repeat the password: ');
    if (first !== second) throw new UsageError('The passwords differ');
    return first;
  }
  const piped = await readFirstLine(io.stdin);
  if (piped === '') throw new UsageError('No password on standard input (or use --password-env VAR)');
  return piped;
}

interface Database {
  url: string;
  description: string;
  close(): Promise<void>;
}

async function answers(url: string): Promise<Client | null> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return client;
  } catch {
    await client.end().catch(() => undefined);
    return null;
  }
}

function samePath(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

/**
 * DATABASE_URL, or the standalone profile's embedded PostgreSQL (the running one, or started for this command): read
 * through the platform's validated config, as the apps read it (a bad PG_PORT or DATABASE_URL is named).
 */
async function openDatabase(env: CliIo['env'], log: (line: string) => void): Promise<Database> {
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    throw new UsageError(error instanceof ConfigError ? error.message : String(error));
  }
  if (config.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(config.databaseUrl)) throw new UsageError('DATABASE_URL must be a postgres:// URL');
    return { url: config.databaseUrl, description: 'DATABASE_URL', close: async () => undefined };
  }
  const dataDir = path.resolve(config.dataDir);
  const port = config.embeddedPgPort;
  const url = `postgres://hintakori:hintakori@127.0.0.1:${port}/hintakori`;
  const running = await answers(url);
  if (running) {
    try {
      const { rows } = await running.query<{ data_directory: string }>('SHOW data_directory');
      const expected = path.join(dataDir, 'pg');
      if (!samePath(rows[0].data_directory, expected)) {
        throw new UsageError(`The PostgreSQL on port ${port} keeps its data in ${rows[0].data_directory}, not ${expected}: set PG_PORT or DATA_DIR to the standalone's, or DATABASE_URL`);
      }
    } finally {
      await running.end();
    }
    log(`Using the running standalone database (embedded PostgreSQL on port ${port}, data in ${dataDir})`);
    return { url, description: `standalone (${dataDir})`, close: async () => undefined };
  }
  log(`Starting the standalone profile's embedded PostgreSQL (data in ${dataDir}, port ${port})…`);
  const pg = await startEmbeddedPostgres({ dataDir, port });
  return { url: pg.url, description: `standalone (${dataDir})`, close: () => pg.stop() };
}

/** The admin CLI; returns the process exit code (0 done, 1 refused, 2 usage). */
export async function runAdminCli(argv: readonly string[], io: CliIo): Promise<number> {
  const log = (line: string) => io.stderr.write(`${line}\n`);
  let args: AdminCliArgs | 'help';
  try {
    args = parseAdminCliArgs(argv);
  } catch (error) {
    log(`${(error as Error).message}\n\n${ADMIN_CLI_USAGE}`);
    return 2;
  }
  if (args === 'help') {
    io.stdout.write(`${ADMIN_CLI_USAGE}\n`);
    return 0;
  }
  let database: Database | undefined;
  try {
    const password = await readPassword(args, io);
    database = await openDatabase(io.env, log);
    const dataSource = await openGatewayDataSource(database.url);
    try {
      const result = await createAdminUser(dataSource, args.username, password, { resetPassword: args.resetPassword });
      const name = args.username.trim().toLowerCase();
      io.stdout.write(result === 'created' ? `Admin "${name}" created in the ${database.description} database.\n` : `Admin "${name}" has a new password; their sessions were ended.\n`);
      return 0;
    } finally {
      await dataSource.destroy();
    }
  } catch (error) {
    if (error instanceof AdminUserError || error instanceof UsageError) {
      log(error.message);
      return error instanceof UsageError ? 2 : 1;
    }
    log(`Could not create the admin: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database?.close().catch(() => undefined);
  }
}
