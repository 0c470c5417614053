#!/usr/bin/env node
// Redis (Debian `redis-server`, installed with apt-get when missing) for the distributed
// profile and integration tests.   Usage: node tools/infra/redis.mjs start|stop|restart|status|url
import { cliMain } from './internal/util.mjs';
import { REDIS_URL, startRedis, statusRedis, stopRedis } from './internal/redis.mjs';

const USAGE = 'usage: node tools/infra/redis.mjs start|stop|restart|status|url   (env REDIS_PORT, default 56379)';

cliMain(async ([cmd]) => {
  switch (cmd) {
    case 'start':
      console.log((await startRedis()).url);
      return 0;
    case 'stop':
      await stopRedis();
      return 0;
    case 'restart':
      await stopRedis();
      console.log((await startRedis()).url);
      return 0;
    case 'status': {
      const s = await statusRedis();
      console.log(
        `redis: ${s.running ? (s.accepting ? `running (pid ${s.pid}), answers PING` : `running (pid ${s.pid}), NOT answering`) : s.installed ? 'stopped' : 'stopped (redis-server not installed yet)'}  ${s.url}  data=${s.dataDir}`,
      );
      return s.running && s.accepting ? 0 : 3;
    }
    case 'url':
      console.log(REDIS_URL);
      return 0;
    default:
      console.error(USAGE);
      return 2;
  }
});
