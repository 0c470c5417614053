// Stops the test PostgreSQL this run started — unless another test run on this machine is still using it
// (a concurrent run reuses a running server instead of starting its own; see int-global-setup.js).
const { Client } = require('pg');

async function otherClients(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()");
    return rows[0].n;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

module.exports = async function globalTeardown() {
  const pg = globalThis.__TEST_PG__;
  if (!pg) return;
  const others = await otherClients(process.env.TEST_PG_ADMIN_URL);
  if (others > 0) {
    process.stderr.write(`[test-pg] left running: ${others} connection(s) from another test run\n`);
    return;
  }
  await pg.stop();
};
